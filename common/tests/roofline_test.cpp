#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "ledger/checked.hpp"
#include "ledger/profile.hpp"
#include "ledger/roofline.hpp"

using namespace ledger;

TEST_CASE("effective roof = theoretical x calibration", "[profile]") {
  const MachineProfile* h200 = find_profile("h200");
  REQUIRE(h200 != nullptr);
  const Roof& hbm = h200->memory_roof();
  CHECK(hbm.effective() == 4502400000000.0);  // h200.yaml: 4800e9 B/s x 0.938 (python3: 4502400000000.0)
  CHECK(fmt::format("{:.1f}", hbm.effective() / 1e9) == "4502.4");
  CHECK(fmt::format("{:.2f}", h200->find_roof("tensor_core.fp16")->effective() / 1e12) == "729.26");
  CHECK(fmt::format("{:.2f}", h200->find_roof("cuda_core.fp32")->effective() / 1e12) == "57.27");
  const Roof* fp8 = find_profile("h200-spec")->find_roof("tensor_core.fp8");
  REQUIRE(fp8 != nullptr);
  CHECK_FALSE(fp8->calibrated());
  CHECK(fp8->effective() == 1979e12);  // no calibration: the theoretical value itself
}

TEST_CASE("H200-measured balance point is 162.0 FLOP/Byte", "[roofline]") {
  const MachineProfile& h200 = *find_profile("h200");
  const double balance = balance_point(h200.find_roof("tensor_core.fp16")->effective(), h200.memory_roof().effective());
  // h200.yaml: (989.5e12 x 0.737) / (4800e9 x 0.938) = 729.2615e12 / 4502.4e9 FLOP/Byte;
  // python3 gives 161.9717261904762 for the doubles in that order.
  CHECK(balance == 161.9717261904762);
  CHECK(fmt::format("{:.1f}", balance) == "162.0");
}

TEST_CASE("spec profiles are not calibrated and keep their spec values", "[profile]") {
  for (const char* key : {"h200-spec", "h100-spec", "h100-sxm", "a100-sxm-80gb", "b200", "mi300x", "ascend-910b"}) {
    const MachineProfile* p = find_profile(key);
    REQUIRE(p != nullptr);
    for (const Roof& r : p->roofs) CHECK_FALSE(r.calibrated());
  }
  CHECK(find_profile("h100-spec")->memory_roof().effective() == 3.0e12);
  CHECK(find_profile("nope") == nullptr);
}

TEST_CASE("verdict: memory time, compute time, SOL, bound", "[roofline]") {
  // 2e12 FLOP at 1e12 FLOP/s = 2 s; 1e9 bytes at 1e9 B/s = 1 s.
  const Verdict v = judge(2e12, 1e9, 1e12, 1e9);
  CHECK(v.compute_time == 2.0);
  CHECK(v.memory_time == 1.0);
  CHECK(v.sol_time == 2.0);
  CHECK(v.bound == Bound::compute);
  CHECK(bound_name(v.bound) == "compute-bound");
}

TEST_CASE("verdict at the tie is memory-bound", "[roofline]") {
  const Verdict v = judge(1e12, 1e9, 1e12, 1e9);  // both exactly 1 s
  CHECK(v.memory_time == v.compute_time);
  CHECK(v.bound == Bound::memory);
  CHECK(v.sol_time == 1.0);
}

TEST_CASE("checked arithmetic refuses 64-bit overflow", "[checked]") {
  CHECK(checked_product({4096, 4096, 4096, 2}) == 137438953472ULL);
  CHECK_THROWS_AS(checked_mul(1ULL << 32, 1ULL << 32), OverflowError);
  CHECK_THROWS_AS(checked_add(UINT64_MAX, 1), OverflowError);
}

TEST_CASE("an uncalibrated roof says so", "[profile]") {
  const MachineProfile& h200 = *find_profile("h200");
  CHECK(calibration_text(h200.memory_roof()) == "0.938");
  CHECK(calibration_text(*h200.find_roof("cuda_core.fp32")) == "0.8548");
  CHECK(calibration_text(*h200.find_roof("tensor_core.fp8")) == "0.6977");  // TileOPs' fp8 calibration_burst
  CHECK(calibration_text(*find_profile("h200-spec")->find_roof("tensor_core.fp8")) == "not calibrated");
  CHECK(h200.compute_roof_keys() == std::vector<std::string>{"tensor_core.fp16", "tensor_core.bf16", "tensor_core.fp8",
                                                             "tensor_core.tf32", "cuda_core.fp32"});
  CHECK(builtin_profile_keys() == std::vector<std::string>{"h200", "h200-spec", "h100-spec", "h100-sxm",
                                                           "a100-sxm-80gb", "b200", "mi300x", "ascend-910b"});
}
