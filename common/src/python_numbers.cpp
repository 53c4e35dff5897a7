#include "python_numbers.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include <fmt/format.h>

#include "ledger/std_fallbacks.hpp"
#include "ledger/text.hpp"
#include "unicode_digits.hpp"

namespace ledger::cli {
namespace {

// Python's Py_ISSPACE: the ASCII white space float() and int() strip.
bool ascii_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && ascii_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && ascii_space(s.back())) s.remove_suffix(1);
  return s;
}

// What Python's float() and int() see of a str: every Unicode decimal digit
// as its ASCII digit, every Unicode white space as ' '. Returns false for
// any other non-ASCII character (Python makes it '?', which no number holds)
// and for bytes that are not UTF-8.
bool python_ascii(std::string_view text, std::string& out) {
  out.clear();
  std::size_t i = 0;
  while (i < text.size()) {
    char32_t cp = 0;
    const std::size_t length = utf8_sequence(text, i, cp);
    if (length == 0) return false;
    if (cp < 0x80) {
      out.push_back(static_cast<char>(cp));
    } else if (unicode_space(cp)) {
      out.push_back(' ');
    } else if (const int digit = unicode_decimal_value(cp); digit >= 0) {
      out.push_back(static_cast<char>('0' + digit));
    } else {
      return false;
    }
    i += length;
  }
  return true;
}

// Removes `_` separators the way Python's float()/int() allow them: only
// between two digits. Returns false when an underscore stands anywhere else.
bool strip_digit_separators(std::string_view s, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '_') {
      out.push_back(s[i]);
      continue;
    }
    if (i == 0 || i + 1 == s.size() || !is_digit(s[i - 1]) || !is_digit(s[i + 1])) return false;
  }
  return true;
}

// The reader's number text as Python parses it: Unicode digits and spaces
// made ASCII, white space trimmed, `_` separators removed. False when Python
// would refuse it before looking at its shape.
bool plain_number_text(std::string_view text, std::string& plain) {
  std::string ascii;
  return python_ascii(text, ascii) && strip_digit_separators(trim(ascii), plain);
}

// Python float() grammar for finite decimals: [sign] (d+[.d*] | .d+) [(e|E)[sign]d+].
// std::from_chars alone is laxer in some places (it accepts "nan(...)") and
// stricter in others (no "+", no "_"), so the shape is checked first.
bool looks_like_python_float(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  const std::string lower = ascii_lower(s.substr(i));
  if (lower == "inf" || lower == "infinity" || lower == "nan") return true;
  std::size_t digits = 0;
  while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t exp_digits = 0;
    while (i < s.size() && is_digit(s[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  return i == s.size();
}

}  // namespace

// argparse's type=float: the range is checked when the value is used.

bool python_float_syntax(std::string_view text) {
  std::string plain;
  return plain_number_text(text, plain) && looks_like_python_float(plain);
}

double positive_number(std::string_view text) {
  std::string plain;
  if (!plain_number_text(text, plain) || !looks_like_python_float(plain)) {
    throw ValueRefused(fmt::format("expected a number > 0, got {}", quoted_value(text)));
  }
  std::string_view digits = plain;
  if (digits.starts_with('+')) digits.remove_prefix(1);
  double value = 0.0;
  const auto [end, ec] = ledger::from_chars_double(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && !std::isfinite(value))) {
    // Out of range both ways: 1e-400 is too small for a double and rounds to 0 (strtod says which).
    if (ec == std::errc::result_out_of_range && std::strtod(std::string(digits).c_str(), nullptr) < 1.0) {
      throw ValueRefused(
          fmt::format("expected a number > 0, got {}, which underflows to 0 as a double (the "
                      "smallest is about 4.9e-324)",
                      quoted_value(text)));
    }
    throw ValueRefused(fmt::format("expected a finite number > 0, got {}", quoted_value(text)));
  }
  if (ec != std::errc() || end != digits.data() + digits.size() || !(value > 0.0)) {
    throw ValueRefused(fmt::format("expected a number > 0, got {}", quoted_value(text)));
  }
  return value;
}

std::uint64_t positive_integer(std::string_view text) {
  std::string plain;
  const bool ok = plain_number_text(text, plain);
  std::string_view digits = plain;
  if (digits.starts_with('+')) digits.remove_prefix(1);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  const bool all_digits = !digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos;
  if (!ok || !all_digits || ec != std::errc() || end != digits.data() + digits.size() || value <= 0) {
    const bool too_large = ok && all_digits && ec == std::errc::result_out_of_range;
    throw ValueRefused(fmt::format("expected a whole number from 1 to {}, got {}{}", INT64_MAX, quoted_value(text),
                                   too_large ? " (too large)" : ""));
  }
  return static_cast<std::uint64_t>(value);
}

std::vector<std::uint64_t> positive_integer_list(std::string_view text) {
  std::vector<std::uint64_t> values;
  for (const std::string_view item : split(text, ',')) {
    std::string plain;
    if (!plain_number_text(item, plain) || plain.empty()) {
      throw ValueRefused(
          fmt::format("expected a comma-separated list of whole numbers >= 1, got {}", quoted_value(text)));
    }
    values.push_back(positive_integer(item));
  }
  return values;
}

}  // namespace ledger::cli
