// The machine side: effective roofs, balance points, times, the verdict under
// the chosen roof and under every other one.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "analysis.hpp"
#include "ledger/profile.hpp"
#include "operators.hpp"
#include "units.hpp"

using namespace op_ledger;

TEST_CASE("h200's effective roofs: 57.27 and 729.26 TFLOP/s, 4502.4 GB/s", "[analysis]") {
  const ledger::MachineProfile& h200 = *ledger::find_profile("h200");
  const ledger::Roof& fp32 = *h200.find_roof("cuda_core.fp32");
  CHECK(fp32.effective() ==
        57271600000000.0);  // h200.yaml: 67e12 x 0.8548 (python3: 57271600000000.0)
  CHECK(format_rate(fp32, fp32.effective()) == "57.27 TFLOP/s");
  const ledger::Roof& fp16 = *h200.find_roof("tensor_core.fp16");
  CHECK(format_rate(fp16, fp16.effective()) == "729.26 TFLOP/s");
  const ledger::Roof& hbm = h200.memory_roof();
  CHECK(format_rate(hbm, hbm.effective()) == "4502.4 GB/s");
  CHECK(roof_remark(fp32) == "(CUDA-core FMA)");
  const ledger::Roof& fp8 = *h200.find_roof("tensor_core.fp8");
  CHECK(format_rate(fp8, fp8.effective()) == "1380.75 TFLOP/s");  // 1979 * 0.6977 = 1380.7483
  CHECK(roof_remark(*ledger::find_profile("h200-spec")->find_roof("tensor_core.fp8")) ==
        "(tensor core, dense; not calibrated)");
}

TEST_CASE("the fused case on h200: the README's verdict", "[analysis]") {
  const OperatorLedger l = fused_norm_rope_quant_ledger({});
  const Analysis a = analyse(l, *ledger::find_profile("h200"), l.declared_roof);
  CHECK(fmt::format("{:.3f}", a.intensity) == "3.102");
  CHECK(fmt::format("{:.3f}", a.chosen.balance) == "12.720");  // 57.2716e12 / 4502.4e9
  CHECK(format_us(a.chosen.verdict.memory_time) == "15.051 us");
  CHECK(format_us(a.chosen.verdict.compute_time) == "3.670 us");
  CHECK(format_us(a.chosen.verdict.sol_time) == "15.051 us");
  CHECK(a.chosen.verdict.bound == ledger::Bound::memory);
  CHECK_FALSE(a.roof_overridden);
}

TEST_CASE("the wrong-roof comparison covers every other compute roof, never hbm",
          "[analysis]") {
  const OperatorLedger l = gemm_ledger({});
  const Analysis a = analyse(l, *ledger::find_profile("h200"), "cuda_core.fp32");
  CHECK(a.roof_overridden);
  REQUIRE(a.others.size() == 4);
  CHECK(a.others[0].roof->key == "tensor_core.fp16");
  CHECK(a.others[3].roof->key == "tensor_core.tf32");
  for (const auto& o : a.others) CHECK_FALSE(o.roof->is_memory());
  // gemm 4096^3 is compute-bound under every roof of h200: 1365.33 FLOP/Byte > every balance
  // point.
  CHECK(a.chosen.verdict.bound == ledger::Bound::compute);
  CHECK(fmt::format("{:.3f}", a.chosen.verdict.sol_time * 1e6) == "2399.775");
}

TEST_CASE(
    "gemm 128^3 flips with the roof: memory-bound on tensor cores, compute-bound on CUDA cores",
    "[analysis]") {
  const OperatorLedger l = gemm_ledger({128, 128, 128, "fp16"});
  const Analysis a = analyse(l, *ledger::find_profile("h200"), l.declared_roof);
  CHECK(a.chosen.verdict.bound == ledger::Bound::memory);  // 42.67 < 161.97
  const RoofVerdict& cuda = a.others.back();
  CHECK(cuda.roof->key == "cuda_core.fp32");
  CHECK(cuda.verdict.bound == ledger::Bound::compute);  // 42.67 > 12.72
}
