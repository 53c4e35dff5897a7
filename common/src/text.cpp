#include "ledger/text.hpp"

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

}  // namespace ledger
