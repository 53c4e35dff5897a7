#include <cmath>
#include <compare>
#include <cstdint>
#include <string>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "cycle_model.hpp"
#include "ledger/checked.hpp"
#include "params.hpp"
#include "tie_params.hpp"

using namespace head_roofline;

namespace {

// Catch2 v2 cannot decompose `ordering > 0`; compare with the named values.
constexpr auto greater = std::partial_ordering::greater;
constexpr auto less = std::partial_ordering::less;
constexpr auto equivalent = std::partial_ordering::equivalent;
constexpr auto unordered = std::partial_ordering::unordered;

// The report's table (:104-111) and the criterion lines the script prints
// after it: cube cycles, mem cycles as `{:6.0f}` and as `{:8.1f}`.
struct ReportRow {
  std::uint64_t h_q, topk, cube;
  const char* mem_whole;
  const char* mem_tenths;
  Bottleneck bottleneck;
};
constexpr ReportRow kReportRows[] = {
    {16, 512, 2048, "5883", "5882.5", Bottleneck::memory_bound},
    {16, 1024, 4096, "11419", "11419.0", Bottleneck::memory_bound},
    {32, 512, 4096, "6229", "6228.5", Bottleneck::memory_bound},
    {32, 1024, 8192, "11765", "11765.0", Bottleneck::memory_bound},
    {64, 512, 8192, "6921", "6920.6", Bottleneck::compute_bound},
    {64, 1024, 16384, "12457", "12457.1", Bottleneck::compute_bound},
    {128, 512, 16384, "8305", "8304.7", Bottleneck::compute_bound},
    {128, 1024, 32768, "13841", "13841.2", Bottleneck::compute_bound},
};

}  // namespace

TEST_CASE("L2 bytes per core per cycle is the report's 94.697", "[cycle-model]") {
  const double bytes = l2_bytes_per_core_per_cycle(kReportParams);
  CHECK(fmt::format("{:.3f}", bytes) == "94.697");
  // The report's 5e12 B/s / 32 cores / 1650e6 Hz, in that order (python3: 94.6969696969697).
  CHECK(bytes == 94.6969696969697);
}

// Hand computation: 32 cores * 4096 FMA * 2 FLOP * 1.65e9 Hz = 432537600000000 FLOP/s,
// 432.5 TFLOP/s, above the Ascend 910B Cube's 320 TFLOP/s.
TEST_CASE("the Cube FLOP/s the report's 32 cores would have", "[cycle-model]") {
  CHECK(cores_cube_flops_per_s(kReportParams) == 432537600000000.0);
}

// Hand computation: b = 5e12 / 32 / 1.65e9 = 94.6970 B/cycle; the threshold
// 4096 * topk / (b * topk - 8192) is 2097152 / 40292.85 = 52.048 for topk
// 512 and 4194304 / 88777.70 = 47.245 for topk 1024; the limit 4096 / b =
// 43.254 and the smallest topk 8192 / b = 86.508.
TEST_CASE("the head-count threshold of the report's constants", "[threshold]") {
  REQUIRE(threshold_heads(kReportParams, 512).has_value());
  CHECK(fmt::format("{:.3f}", *threshold_heads(kReportParams, 512)) == "52.048");
  CHECK(fmt::format("{:.3f}", *threshold_heads(kReportParams, 1024)) == "47.245");
  CHECK(fmt::format("{:.3f}", threshold_heads_limit(kReportParams)) == "43.254");
  CHECK(fmt::format("{:.3f}", threshold_topk(kReportParams)) == "86.508");
  // The floored table agrees: the first compute-bound h_q is the next integer.
  CHECK(classify(kReportParams, 52, 512) == Bottleneck::memory_bound);
  CHECK(classify(kReportParams, 53, 512) == Bottleneck::compute_bound);
  CHECK(classify(kReportParams, 47, 1024) == Bottleneck::memory_bound);
  CHECK(classify(kReportParams, 48, 1024) == Bottleneck::compute_bound);
}

TEST_CASE("no head count is compute-bound below the smallest topk", "[threshold]") {
  CHECK_FALSE(threshold_heads(kReportParams, 86).has_value());  // 86 * 94.697 = 8143.9 < 8192
  CHECK(threshold_heads(kReportParams, 87).has_value());
  CHECK(classify(kReportParams, 1000000, 86) == Bottleneck::memory_bound);
}

TEST_CASE("cube and memory cycles of the report's eight rows", "[cycle-model]") {
  for (const ReportRow& row : kReportRows) {
    INFO("h_q=" << row.h_q << " topk=" << row.topk);
    CHECK(cube_cycles(kReportParams, row.h_q, row.topk) == row.cube);
    const double mem = mem_cycles(kReportParams, row.h_q, row.topk);
    CHECK(fmt::format("{:.0f}", mem) == row.mem_whole);
    CHECK(fmt::format("{:.1f}", mem) == row.mem_tenths);
  }
}

TEST_CASE("memory cycles follow the report's arithmetic", "[cycle-model]") {
  // Q and O: 16*512*2*2 = 32768 bytes; gathered KV: 512*512*2 = 524288 bytes; 557056 in all,
  // over 5e12/32/1650e6 B/cycle (python3: 557056 / (5e12/32.0/1650e6) = 5882.5113599999995).
  CHECK(mem_cycles(kReportParams, 16, 512) == 5882.5113599999995);
}

TEST_CASE("cube cycles floor the division", "[cycle-model]") {
  Params p;
  p.fma_per_cycle = 3;
  // 1 * 1 * (512 + 512) = 1024 MACs, 1024 // 3 = 341.
  CHECK(cube_cycles(p, 1, 1) == 341);
}

TEST_CASE("classify: the report's rows on both sides", "[classify]") {
  for (const ReportRow& row : kReportRows) {
    INFO("h_q=" << row.h_q << " topk=" << row.topk);
    CHECK(classify(kReportParams, row.h_q, row.topk) == row.bottleneck);
  }
  CHECK(bottleneck_name(classify(kReportParams, 16, 512)) == "memory-bound");
  CHECK(bottleneck_name(classify(kReportParams, 128, 1024)) == "compute-bound");
}

TEST_CASE("classify: an exact tie is balanced", "[classify]") {
  const Params p = tie_params();
  REQUIRE(cube_cycles(p, 1, 2) == 4);
  REQUIRE(mem_cycles(p, 1, 2) == 4.0);
  CHECK(classify(p, 1, 2) == Bottleneck::balanced);
  CHECK(bottleneck_name(Bottleneck::balanced) == "balanced");
  // One cycle either way tips it.
  CHECK(classify(5, 4.0) == Bottleneck::compute_bound);
  CHECK(classify(4, 4.5) == Bottleneck::memory_bound);
  CHECK(classify(4, 3.999) == Bottleneck::compute_bound);
}

TEST_CASE("classify compares the integer with the double exactly, near 2^53", "[classify]") {
  constexpr std::uint64_t two53 = std::uint64_t{1} << 53;
  // (double)(2^53 + 1) rounds to 2^53: a lossy comparison would call this a tie.
  REQUIRE(static_cast<double>(two53 + 1) == 0x1p53);
  CHECK(compare_exactly(two53 + 1, 0x1p53) == greater);
  CHECK(compare_exactly(two53, 0x1p53) == equivalent);
  CHECK(compare_exactly(two53 - 1, 0x1p53) == less);
  CHECK(compare_exactly(two53 + 1, 0x1p53 + 2.0) == less);
  CHECK(classify(two53 + 1, 0x1p53) == Bottleneck::compute_bound);

  // The same through the cycle model: cube = 1*(2^53+1)*(1+1)//2 = 2^53 + 1;
  // the bytes 4 + 2*(2^53+1) = 2^54 + 6 become 2^54 + 8 as a double, and over
  // 2 + 2^-50 bytes per cycle that is exactly 2^53 memory cycles.
  Params p;
  p.d = 1;
  p.fma_per_cycle = 2;
  p.num_cores = 1;
  p.freq = 1.0;
  p.l2_total_bw = 2.0 + 0x1p-50;
  REQUIRE(cube_cycles(p, 1, two53 + 1) == two53 + 1);
  REQUIRE(mem_cycles(p, 1, two53 + 1) == 0x1p53);
  CHECK(classify(p, 1, two53 + 1) == Bottleneck::compute_bound);
}

TEST_CASE("compare_exactly at the ends of the ranges", "[classify]") {
  CHECK(compare_exactly(0, 0.0) == equivalent);
  CHECK(compare_exactly(0, 0.5) == less);
  CHECK(compare_exactly(1, 0.5) == greater);
  CHECK(compare_exactly(0, -1.0) == greater);
  CHECK(compare_exactly(UINT64_MAX, 0x1p64) == less);
  CHECK(compare_exactly(UINT64_MAX, 0x1p63) == greater);
  CHECK(compare_exactly(std::uint64_t{1} << 63, 0x1p63) == equivalent);
  CHECK(compare_exactly(1, INFINITY) == less);
  CHECK(compare_exactly(1, NAN) == unordered);
  CHECK(classify(1, NAN) == Bottleneck::balanced);  // Python: neither > nor < holds
}

TEST_CASE("counts that do not fit in 64 bits are refused", "[overflow]") {
  Params p;
  // h_q * topk * (d + d) = 2^32 * 2^32 * 1024 overflows.
  CHECK_THROWS_AS(cube_cycles(p, std::uint64_t{1} << 32, std::uint64_t{1} << 32),
                  ledger::OverflowError);
  // d + d itself overflows.
  p.d = UINT64_MAX / 2 + 1;
  CHECK_THROWS_AS(cube_cycles(p, 1, 1), ledger::OverflowError);
  // Q/O bytes h_q * d * 4 overflow although h_q * d fits.
  p.d = std::uint64_t{1} << 62;
  CHECK_THROWS_AS(mem_cycles(p, 1, 1), ledger::OverflowError);
  // The sum of Q/O and KV bytes overflows although each fits.
  p.d = std::uint64_t{1} << 60;
  CHECK_THROWS_AS(mem_cycles(p, 3, 2), ledger::OverflowError);
  // Just below the edge: fits.
  p.d = 1;
  CHECK(cube_cycles(p, std::uint64_t{1} << 31, std::uint64_t{1} << 31) ==
        (std::uint64_t{1} << 63) / 4096);
}
