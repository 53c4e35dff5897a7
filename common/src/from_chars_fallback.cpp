// std::from_chars for double where the standard library lacks it (the wasm
// preset's libc++ 14). Native programs never call it (from_chars_double
// forwards to std::from_chars there), so a static link leaves it out.
// strtod does the correctly rounded conversion; the scan before it keeps
// from_chars' grammar, which strtod's is wider than (leading blanks and '+',
// hex floats).
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>

#include "ledger/std_fallbacks.hpp"

namespace ledger {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// True when [p, last) starts with `word`, ignoring ASCII case.
bool starts_with_word(const char* p, const char* last, std::string_view word) {
  if (static_cast<std::size_t>(last - p) < word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    char c = p[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != word[i]) return false;
  }
  return true;
}

}  // namespace

std::from_chars_result strtod_from_chars(const char* first, const char* last, double& value) {
  const char* p = first;
  const bool negative = p != last && *p == '-';
  if (negative) ++p;
  if (starts_with_word(p, last, "inf")) {
    p += starts_with_word(p, last, "infinity") ? 8 : 3;
    value = negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    return {p, std::errc()};
  }
  if (starts_with_word(p, last, "nan")) {
    p += 3;
    // "nan(n-char-sequence)" is one token; an unclosed '(' is not part of it.
    if (p != last && *p == '(') {
      const char* q = p + 1;
      while (q != last && (is_digit(*q) || *q == '_' || (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z'))) ++q;
      if (q != last && *q == ')') p = q + 1;
    }
    value = negative ? -std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::quiet_NaN();
    return {p, std::errc()};
  }
  std::size_t digits = 0;
  while (p != last && is_digit(*p)) ++p, ++digits;
  if (p != last && *p == '.') {
    ++p;
    while (p != last && is_digit(*p)) ++p, ++digits;
  }
  if (digits == 0) return {first, std::errc::invalid_argument};
  // An exponent counts only with at least one digit ("1e" parses as "1").
  if (p != last && (*p == 'e' || *p == 'E')) {
    const char* q = p + 1;
    if (q != last && (*q == '+' || *q == '-')) ++q;
    if (q != last && is_digit(*q)) {
      while (q != last && is_digit(*q)) ++q;
      p = q;
    }
  }
  const std::string text(first, p);  // strtod needs the terminating NUL
  errno = 0;
  const double parsed = std::strtod(text.c_str(), nullptr);
  // ERANGE also flags a subnormal result, which from_chars returns as a value.
  if (errno == ERANGE && (std::isinf(parsed) || parsed == 0.0)) return {p, std::errc::result_out_of_range};
  value = parsed;
  return {p, std::errc()};
}

}  // namespace ledger
