#include <catch2/catch.hpp>

#include "units.hpp"

using namespace op_traffic;

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
