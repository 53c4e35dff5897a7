// The Unicode decimal digits (category Nd) and white space that Python's
// float() and int() read as ASCII digits and spaces. Generated from Python
// 3.11.7's unicodedata (Unicode 14.0.0): every Nd code point lies in a run of ten,
// zero to nine, starting at one of these.
#include "unicode_digits.hpp"

#include <algorithm>
#include <iterator>

namespace ledger::cli {
namespace {

constexpr char32_t kDigitZeros[] = {
    0x00660, 0x006F0, 0x007C0, 0x00966, 0x009E6, 0x00A66, 0x00AE6, 0x00B66, 0x00BE6, 0x00C66, 0x00CE6, 0x00D66, 0x00DE6,
    0x00E50, 0x00ED0, 0x00F20, 0x01040, 0x01090, 0x017E0, 0x01810, 0x01946, 0x019D0, 0x01A80, 0x01A90, 0x01B50, 0x01BB0,
    0x01C40, 0x01C50, 0x0A620, 0x0A8D0, 0x0A900, 0x0A9D0, 0x0A9F0, 0x0AA50, 0x0ABF0, 0x0FF10, 0x104A0, 0x10D30, 0x11066,
    0x110F0, 0x11136, 0x111D0, 0x112F0, 0x11450, 0x114D0, 0x11650, 0x116C0, 0x11730, 0x118E0, 0x11950, 0x11C50, 0x11D50,
    0x11DA0, 0x16A60, 0x16AC0, 0x16B50, 0x1D7CE, 0x1D7D8, 0x1D7E2, 0x1D7EC, 0x1D7F6, 0x1E140, 0x1E2F0, 0x1E950, 0x1FBF0,
};

}  // namespace

int unicode_decimal_value(char32_t cp) {
  const auto after = std::upper_bound(std::begin(kDigitZeros), std::end(kDigitZeros), cp);
  if (after == std::begin(kDigitZeros)) return -1;
  const char32_t zero = *(after - 1);
  return cp - zero < 10 ? static_cast<int>(cp - zero) : -1;
}

bool unicode_space(char32_t cp) {
  // Python's str.isspace() above ASCII (ASCII white space is handled as bytes).
  return cp == 0x85 || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0x202F || cp == 0x205F || cp == 0x3000;
}

}  // namespace ledger::cli
