#include <catch2/catch.hpp>

#include <cstdint>

#include "ledger/si_count.hpp"

using namespace ledger;

TEST_CASE("counts print with SI prefixes and 3 decimals", "[si]") {
  CHECK(format_si_count(210206720) == "210.207 M");  // chapter 28's fused case, FLOPs
  CHECK(format_si_count(67764736) == "67.765 M");    // and bytes
  CHECK(format_si_count(137438953472ULL) == "137.439 G");
  CHECK(format_si_count(655360) == "655.360 K");
  CHECK(format_si_count(1000) == "1.000 K");
  CHECK(format_si_count(999) == "999");
  CHECK(format_si_count(0) == "0");
  CHECK(format_si_count(UINT64_MAX) == "18.447 E");
}

TEST_CASE("the prefix is chosen after rounding", "[si]") {
  CHECK(format_si_count(999999) == "999.999 K");
  CHECK(format_si_count(999999600) == "1.000 G");  // 999.9996 M would print as 1000.000 M
  const SiCount c = split_si_count(33554432);
  CHECK(c.mantissa == "33.554");
  CHECK(c.prefix == "M");
}
