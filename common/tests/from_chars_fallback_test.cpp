#include <catch2/catch.hpp>

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

#include "ledger/std_fallbacks.hpp"

using ledger::strtod_from_chars;

namespace {

struct Parsed {
  std::errc ec;
  std::size_t consumed;
  std::uint64_t bits;  // of the value, which starts as a marker: untouched shows as the marker
};

constexpr double kMarker = 12345.0;

template <class Parse>
Parsed parse_with(Parse parse, std::string_view text) {
  double value = kMarker;
  const auto [end, ec] = parse(text.data(), text.data() + text.size(), value);
  return {ec, static_cast<std::size_t>(end - text.data()), ledger::bit_cast<std::uint64_t>(value)};
}

Parsed fallback(std::string_view text) { return parse_with(strtod_from_chars, text); }

}  // namespace

// Values known by hand: IEEE-754 binary64 bit patterns.
TEST_CASE("strtod_from_chars rounds as IEEE-754 does", "[from_chars]") {
  CHECK(fallback("0.1").bits == 0x3FB999999999999AULL);
  CHECK(fallback("1").bits == 0x3FF0000000000000ULL);
  CHECK(fallback("-2.5e3").bits == 0xC0A3880000000000ULL);
  CHECK(fallback("4.9e-324").bits == 0x0000000000000001ULL);  // the smallest subnormal, kept
  CHECK(fallback("1.7976931348623157e308").bits == 0x7FEFFFFFFFFFFFFFULL);
}

TEST_CASE("strtod_from_chars refuses what from_chars refuses", "[from_chars]") {
  for (const std::string_view text : {"", "+1", " 1", ".", "-", "e5", "x"}) {
    INFO(text);
    const Parsed p = fallback(text);
    CHECK(p.ec == std::errc::invalid_argument);
    CHECK(p.consumed == 0);
    CHECK(p.bits == ledger::bit_cast<std::uint64_t>(kMarker));
  }
  for (const std::string_view text : {"1e400", "-1e400", "1e-400"}) {
    INFO(text);
    const Parsed p = fallback(text);
    CHECK(p.ec == std::errc::result_out_of_range);
    CHECK(p.consumed == text.size());
    CHECK(p.bits == ledger::bit_cast<std::uint64_t>(kMarker));  // value untouched
  }
  CHECK(fallback("0x10").consumed == 1);  // no hex: "0", then "x10" is left
  CHECK(fallback("1e").consumed == 1);    // an exponent needs a digit
  CHECK(fallback("1e+").consumed == 1);
  CHECK(fallback("nan(").consumed == 3);  // an unclosed n-char-sequence is not part of the token
}

#if defined(__cpp_lib_to_chars)
// Where the library has from_chars for double, the stand-in must agree with it exactly.
TEST_CASE("strtod_from_chars agrees with std::from_chars", "[from_chars]") {
  const auto standard = [](const char* first, const char* last, double& value) {
    return std::from_chars(first, last, value);
  };
  for (const std::string_view text : {"0",
                                      "-0",
                                      "0.0",
                                      "007",
                                      "1.",
                                      ".5",
                                      "-.5",
                                      "3.14159",
                                      "1e10",
                                      "1E-10",
                                      "1e+10",
                                      "2.2250738585072011e-308",
                                      "2.2250738585072014e-308",
                                      "4.9e-324",
                                      "2e-324",
                                      "1e-400",
                                      "1e400",
                                      "1.7976931348623159e308",
                                      "inf",
                                      "-Infinity",
                                      "INFINITYx",
                                      "nan",
                                      "NaN(123)",
                                      "nan(",
                                      "nan()x",
                                      "12abc",
                                      "1.5e",
                                      "1.5e+",
                                      "0x1p3",
                                      "+1",
                                      " 1",
                                      "",
                                      "-",
                                      "1_000",
                                      "123456789012345678901234567890",
                                      "0.30000000000000004",
                                      "9007199254740993"}) {
    INFO(text);
    const Parsed ours = fallback(text);
    const Parsed theirs = parse_with(standard, text);
    CHECK(ours.ec == theirs.ec);
    CHECK(ours.consumed == theirs.consumed);
    if (text.find_first_of("nN") == std::string_view::npos) CHECK(ours.bits == theirs.bits);  // NaN payloads may differ
  }
}
#endif
