#include "sweep.hpp"

#include <fmt/format.h>

#include "analysis.hpp"
#include "operators.hpp"

namespace op_ledger {
namespace {

SweepRow cube_gemm(std::uint64_t size) {
  const GemmShape s{size, size, size, "fp16"};
  return {fmt::format("gemm {}³ {}", s.m, s.dtype), gemm_ledger(s)};
}

// The labels name heads×Sq×Skv and the head dim; the sweep's attention rows are batch 1, fp16.
SweepRow attention(std::uint64_t heads, std::uint64_t sq, std::uint64_t skv,
                   std::uint64_t head_dim) {
  const AttentionShape s{1, heads, sq, skv, head_dim, "fp16"};
  return {fmt::format("attention {}×{}×{} d{}", s.heads, s.sq, s.skv, s.head_dim),
          attention_ledger(s)};
}

SweepRow elementwise_chain(bool eager) {
  const ElementwiseShape s{16777216, 2, eager, "fp16"};
  return {fmt::format("elementwise chain n={:.1f}M {}", static_cast<double>(s.n) / 1e6,
                      eager ? "eager" : "fused"),
          elementwise_ledger(s)};
}

}  // namespace

std::vector<SweepRow> sweep_rows() {
  const RmsnormShape norm{8192, 4096, "fp16"};
  const FusedNormRopeQuantShape fused{};
  std::vector<SweepRow> rows;
  rows.push_back(cube_gemm(4096));
  rows.push_back(cube_gemm(512));
  rows.push_back(cube_gemm(128));
  rows.push_back(attention(32, 4096, 4096, 128));  // prefill
  rows.push_back(attention(32, 1, 8192, 128));     // one decode step over an 8K cache
  rows.push_back({fmt::format("rmsnorm {}×{}", norm.rows, norm.hidden), rmsnorm_ledger(norm)});
  rows.push_back(elementwise_chain(false));
  rows.push_back(elementwise_chain(true));
  rows.push_back({fmt::format("fused-norm-rope-quant {}×({}+{}) d{}", fused.tokens,
                              fused.q_heads, fused.kv_heads, fused.head_dim),
                  fused_norm_rope_quant_ledger(fused)});
  return rows;
}

std::string render_sweep_markdown(const std::vector<SweepRow>& rows,
                                  const ledger::MachineProfile& machine) {
  std::string out = "| 算子 | AI | bound | SOL |\n| --- | --- | --- | --- |\n";
  for (const auto& row : rows) {
    const Analysis a = analyse(row.ledger, machine, row.ledger.declared_roof);
    const bool memory = a.chosen.verdict.bound == ledger::Bound::memory;
    out += fmt::format("| {} | {:.2f} | {} | {:.3f} µs |\n", row.label, a.intensity,
                       memory ? "memory" : "compute", a.chosen.verdict.sol_time * 1e6);
  }
  return out;
}

}  // namespace op_ledger
