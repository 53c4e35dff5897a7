#include "ledger/text.hpp"

#include <fmt/format.h>

namespace ledger {

std::size_t code_points(std::string_view utf8) {
  std::size_t n = 0;
  for (unsigned char c : utf8) {
    if ((c & 0xC0) != 0x80) ++n;  // 10xxxxxx continues the previous code point
  }
  return n;
}

std::string pad_right(std::string_view s, std::size_t width) {
  std::string out(s);
  const std::size_t len = code_points(s);
  if (len < width) out.append(width - len, ' ');
  return out;
}

std::string pad_left(std::string_view s, std::size_t width) {
  const std::size_t len = code_points(s);
  std::string out;
  if (len < width) out.append(width - len, ' ');
  out.append(s);
  return out;
}

std::string repeat(std::string_view piece, std::size_t n) {
  std::string out;
  out.reserve(piece.size() * n);
  for (std::size_t i = 0; i < n; ++i) out.append(piece);
  return out;
}

std::string ascii_lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::size_t utf8_sequence(std::string_view text, std::size_t i, char32_t& cp) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  std::size_t length = 0;
  char32_t min = 0;
  if (lead < 0x80) {
    cp = lead;
    return 1;
  }
  if ((lead & 0xE0) == 0xC0) {
    length = 2, cp = lead & 0x1F, min = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, cp = lead & 0x0F, min = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, cp = lead & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
  if (cp < min || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return 0;
  return length;
}

bool acts_on_terminal(char32_t cp) {
  return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

std::string escape_for_message(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    char32_t cp = 0;
    const std::size_t length = utf8_sequence(text, i, cp);
    if (length == 0) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i]));
      ++i;
    } else if (acts_on_terminal(cp)) {
      out += cp < 0x100 ? fmt::format("\\x{:02x}", static_cast<unsigned>(cp))
                        : fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
      i += length;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

std::string quoted_value(std::string_view text) {
  // Cut after kEchoLimit code points (a cut never splits a UTF-8 sequence).
  std::size_t cut = 0;
  std::size_t shown = 0;
  while (cut < text.size() && shown < kEchoLimit) {
    char32_t cp = 0;
    const std::size_t length = utf8_sequence(text, cut, cp);
    cut += length == 0 ? 1 : length;
    ++shown;
  }
  if (cut >= text.size()) return fmt::format("'{}'", escape_for_message(text));
  return fmt::format("'{}…' ({} bytes, first {} characters shown)", escape_for_message(text.substr(0, cut)),
                     text.size(), kEchoLimit);
}

std::string join_capped(const std::vector<std::string>& items, std::size_t shown, std::string_view separator) {
  if (items.size() <= shown) return join(items, separator);
  const std::vector<std::string> first(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(shown));
  return fmt::format("{}{}… ({} in all)", join(first, separator), separator, items.size());
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> pieces;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = text.find(separator, start);
    pieces.push_back(text.substr(start, at == std::string_view::npos ? text.npos : at - start));
    if (at == std::string_view::npos) return pieces;
    start = at + 1;
  }
}

std::size_t utf8_cut(std::string_view text, std::size_t at) {
  if (at >= text.size()) return text.size();
  while (at > 0 && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) --at;
  return at;
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  return fmt::to_string(fmt::join(items, separator));
}

std::string replace_all(std::string_view text, std::string_view from, std::string_view to) {
  std::string out;
  std::size_t start = 0;
  for (std::size_t at; (at = text.find(from, start)) != std::string_view::npos; start = at + from.size()) {
    out.append(text.substr(start, at - start)).append(to);
  }
  return out.append(text.substr(start));
}

}  // namespace ledger
