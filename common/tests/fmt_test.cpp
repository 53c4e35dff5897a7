#include <catch2/catch.hpp>
#include <fmt/format.h>

// The one check of fmt itself: every printed number relies on fmt formatting
// as Python's format() does. The literals are python3's output:
//   '{:.2f}'.format(2068.125) == '2068.12'   (an exact binary tie: half to even)
//   '{:.3g}'.format(1759.218604441) == '1.76e+03'
TEST_CASE("fmt formats a tie and an exponent as Python's format() does", "[fmt]") {
  CHECK(fmt::format("{:.2f}", 2068.125) == "2068.12");
  CHECK(fmt::format("{:.3g}", 1759.218604441) == "1.76e+03");
}
