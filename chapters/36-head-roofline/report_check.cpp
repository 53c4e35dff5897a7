#include "report_check.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace head_roofline {
namespace {

// Python's str.strip() for the ASCII white space a table can hold.
std::string_view strip(std::string_view s) {
  constexpr std::string_view space = " \t\n\r\f\v";
  const std::size_t first = s.find_first_not_of(space);
  if (first == std::string_view::npos) return {};
  return s.substr(first, s.find_last_not_of(space) - first + 1);
}

}  // namespace

std::vector<std::string> report_table_lines() {
  const std::string_view text = report_table_text();
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string python_repr(std::string_view text) {
  const bool double_quotes = text.find('\'') != text.npos && text.find('"') == text.npos;
  const char quote = double_quotes ? '"' : '\'';
  std::string out(1, quote);
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == quote || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += fmt::format("\\x{:02x}", byte);
    } else {
      out += c;  // printable ASCII; UTF-8 text passes through as Python shows it
    }
  }
  out += quote;
  return out;
}

std::optional<std::string> mismatch_with_report(const std::vector<std::string>& got,
                                                const std::vector<std::string>& want) {
  const auto same = [](std::string_view a, std::string_view b) { return strip(a) == strip(b); };
  if (got.size() == want.size() && std::equal(got.begin(), got.end(), want.begin(), same))
    return std::nullopt;
  // As the reference's zip(): pairs up to the shorter list.
  std::string text = "\nMISMATCH with the report table:\n";
  for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
    const std::string_view g = strip(got[i]);
    const std::string_view w = strip(want[i]);
    text += fmt::format(" {} got {}\n want {}\n", g == w ? ' ' : '!', python_repr(g),
                        python_repr(w));
  }
  return text;
}

}  // namespace head_roofline
