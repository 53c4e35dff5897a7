#include <catch2/catch.hpp>

#include <cstdint>
#include <string>

#include "ledger/checked.hpp"
#include "ledger/terms.hpp"

using namespace ledger;

TEST_CASE("a term ledger sums its terms exactly", "[terms]") {
  TermLedger t;
  t.add_traffic("read A", "M*K*e", {4096, 4096, 2});
  t.add_traffic("write C", "M*N*e", {4096, 4096, 2});
  t.add_compute("matmul", "2*M*N*K", {2, 4096, 4096, 4096});
  REQUIRE(t.terms().size() == 3);
  CHECK(t.terms()[0].bytes == 33554432);
  CHECK(t.terms()[0].flops == 0);
  CHECK(t.terms()[2].flops == 137438953472ULL);
  CHECK(t.total_bytes() == 67108864);
  CHECK(t.total_flops() == 137438953472ULL);
}

TEST_CASE("a term whose count overflows 64 bits is refused and named", "[terms]") {
  TermLedger t;
  try {
    t.add_compute("matmul", "2*M*N*K", {2, 1ULL << 21, 1ULL << 21, 1ULL << 21});  // 2^64
    FAIL("no overflow reported");
  } catch (const OverflowError& e) {
    CHECK(std::string(e.what()) == "\"matmul\" (2*M*N*K) overflows 64 bits");
  }
  CHECK(t.terms().empty());
  // 2^63 fits; two of them do not.
  t.add_traffic("read x", "n", {1ULL << 63});
  CHECK_THROWS_WITH(t.add_traffic("read y", "n", {1ULL << 63}), "the total byte count overflows 64 bits");
  CHECK(count_of("N = R*D", {3, 5}) == 15);
  CHECK_THROWS_WITH(count_of("N = R*D", {1ULL << 40, 1ULL << 40}), "N = R*D overflows 64 bits");
}
