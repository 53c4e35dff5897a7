#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "ledger/si_count.hpp"

using namespace ledger;

namespace {
// The mantissa and prefix as one string, "210.207 M" (chapter 28 prints them in two columns).
std::string shown(std::uint64_t count) {
  const SiCount c = split_si_count(count);
  return c.prefix.empty() ? c.mantissa : c.mantissa + " " + c.prefix;
}
}  // namespace

TEST_CASE("counts print with SI prefixes and 3 decimals", "[si]") {
  CHECK(shown(210206720) == "210.207 M");  // chapter 28's fused case, FLOPs
  CHECK(shown(67764736) == "67.765 M");    // and bytes
  CHECK(shown(137438953472ULL) == "137.439 G");
  CHECK(shown(655360) == "655.360 K");
  CHECK(shown(1000) == "1.000 K");
  CHECK(shown(999) == "999");
  CHECK(shown(0) == "0");
  CHECK(shown(UINT64_MAX) == "18.447 E");
}

TEST_CASE("the prefix is chosen after rounding", "[si]") {
  CHECK(shown(999999) == "999.999 K");
  CHECK(shown(999999600) == "1.000 G");  // 999.9996 M would print as 1000.000 M
  const SiCount c = split_si_count(33554432);
  CHECK(c.mantissa == "33.554");
  CHECK(c.prefix == "M");
}
