#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "ledger/units.hpp"

using namespace ledger;

TEST_CASE("fmt rounds the exact binary value half to even, as Python does", "[units]") {
  CHECK(fmt::format("{:.2f}", 2068.125) == "2068.12");  // 2068.125 is exact in binary: a true tie
  CHECK(fmt::format("{:.2f}", 0.125) == "0.12");
  CHECK(fmt::format("{:.2f}", 0.375) == "0.38");
  CHECK(fmt::format("{:.0f}", 0.5) == "0");
  CHECK(fmt::format("{:.0f}", 2.5) == "2");
  CHECK(fmt::format("{:.1f}", 0.05) == "0.1");  // 0.05 is slightly above 0.05 in binary
}

TEST_CASE("fmt's %g matches Python's .3g", "[units]") {
  CHECK(fmt::format("{:.3g}", 16.777216) == "16.8");
  CHECK(fmt::format("{:.3g}", 137.438953472) == "137");
  CHECK(fmt::format("{:.3g}", 1759.218604441) == "1.76e+03");
  CHECK(fmt::format("{:.3g}", 0.5) == "0.5");
  CHECK(fmt::format("{:.3g}", 0.0001234) == "0.000123");
  CHECK(fmt::format("{:.3g}", 0.00001234) == "1.23e-05");
}

TEST_CASE("fmt_bytes on both sides of each unit boundary", "[units]") {
  CHECK(fmt_bytes(1e9) == "1.00 GB");
  CHECK(fmt_bytes(999999999.0) == "1000.00 MB");  // below 1e9 stays in MB, rounds up to 1000.00
  CHECK(fmt_bytes(1e6) == "1.00 MB");
  CHECK(fmt_bytes(999999.0) == "1000.00 KB");
  CHECK(fmt_bytes(1e3) == "1.00 KB");
  CHECK(fmt_bytes(999.0) == "999 B");
  CHECK(fmt_bytes(100663296.0) == "100.66 MB");  // 4096*4096*3*2: chapter 02's elementwise add
  CHECK(fmt_bytes(0.5) == "0 B");                // .0f rounds half to even
}

TEST_CASE("fmt_time on both sides of each unit boundary", "[units]") {
  CHECK(fmt_time(1.0) == "1.000 s");
  CHECK(fmt_time(0.9999) == "999.900 ms");
  CHECK(fmt_time(1e-3) == "1.000 ms");
  CHECK(fmt_time(0.000999) == "999.0 us");
  CHECK(fmt_time(2.5e-5) == "25.0 us");
  CHECK(fmt_time(0.0) == "0.0 us");
}
