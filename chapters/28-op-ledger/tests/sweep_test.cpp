#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "ledger/profile.hpp"
#include "sweep.hpp"

using namespace op_ledger;

TEST_CASE("2068.125 prints as 2068.12: fmt rounds the exact binary value half to even", "[sweep]") {
  // attention 32x4096x4096 d128: 277,579,038,720 / 134,217,728 = 2068.125 exactly.
  CHECK(277579038720.0 / 134217728.0 == 2068.125);
  CHECK(fmt::format("{:.2f}", 2068.125) == "2068.12");
}

TEST_CASE("the sweep table starts with the README's rows", "[sweep]") {
  const std::string table = render_sweep_markdown(sweep_rows(), *ledger::find_profile("h200"));
  CHECK(table.starts_with(
      "| 算子 | AI | bound | SOL |\n"
      "| --- | --- | --- | --- |\n"
      "| gemm 4096³ fp16 | 1365.33 | compute | 188.463 µs |\n"
      "| gemm 512³ fp16 | 170.67 | compute | 0.368 µs |\n"
      "| gemm 128³ fp16 | 42.67 | memory | 0.022 µs |\n"
      "| attention 32×4096×4096 d128 | 2068.12 | compute | 380.630 µs |\n"
      "| attention 32×1×8192 d128 | 1.01 | memory | 29.814 µs |\n"
      "| rmsnorm 8192×4096 | 1.00 | memory | 29.810 µs |\n"
      "| elementwise chain n=16.8M fused | 0.50 | memory | 14.905 µs |\n"
      "| elementwise chain n=16.8M eager | 0.25 | memory | 29.810 µs |\n"));
  CHECK(table.ends_with("| fused-norm-rope-quant 4096×(32+8) d128 | 3.10 | memory | 15.051 µs |\n"));
}
