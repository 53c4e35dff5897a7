#include "operators.hpp"

#include <utility>

#include <fmt/format.h>

#include "dtype.hpp"
#include "ledger/checked.hpp"

namespace op_ledger {
namespace {

std::string element_symbol(std::uint64_t e, const std::string& dtype) {
  return fmt::format("e={} byte{} ({})", e, e == 1 ? "" : "s", dtype);
}

// A new ledger: the case it answers and the operator's name as the report prints it.
OperatorLedger ledger_of(std::string case_key, std::string operator_name) {
  OperatorLedger ledger;
  ledger.case_key = std::move(case_key);
  ledger.operator_name = std::move(operator_name);
  return ledger;
}

// A matmul declares its dtype's matmul roof; fp32's (the CUDA cores') is said in a note.
void declare_matmul_roof(OperatorLedger& ledger, const std::string& dtype) {
  ledger.declared_roof = matmul_roof(dtype);
  if (dtype == "fp32") {
    ledger.notes.push_back(
        "fp32 has no tensor-core roof: the case declares cuda_core.fp32 (tensor_core.tf32 is "
        "in the comparison)");
  }
}

}  // namespace

//> ledger-gemm
OperatorLedger gemm_ledger(const GemmShape& s) {
  const std::uint64_t e = element_bytes(s.dtype);
  OperatorLedger l = ledger_of("gemm", fmt::format("GEMM C = A·B ({})", s.dtype));
  l.shape = {shape_field("m", s.m), shape_field("n", s.n), shape_field("k", s.k),
             shape_field("dtype", s.dtype)};
  l.symbols = fmt::format("M={}, N={}, K={}, {}", s.m, s.n, s.k, element_symbol(e, s.dtype));
  l.terms.add_traffic("read A", "M*K*e", {s.m, s.k, e});
  l.terms.add_traffic("read B", "K*N*e", {s.k, s.n, e});
  l.terms.add_traffic("write C", "M*N*e", {s.m, s.n, e});
  l.terms.add_compute("matmul: multiply-add = 2", "2*M*N*K", {2, s.m, s.n, s.k});
  declare_matmul_roof(l, s.dtype);
  return l;
}
//< ledger-gemm

//> ledger-attention
OperatorLedger attention_ledger(const AttentionShape& s) {
  const std::uint64_t e = element_bytes(s.dtype);
  OperatorLedger l = ledger_of(
      "attention", fmt::format("attention, flash-style: scores stay on chip ({})", s.dtype));
  l.shape = {shape_field("batch", s.batch),
             shape_field("heads", s.heads),
             shape_field("sq", s.sq),
             shape_field("skv", s.skv),
             shape_field("head_dim", s.head_dim),
             shape_field("dtype", s.dtype)};
  l.symbols = fmt::format("B={}, H={}, Sq={}, Skv={}, D={}, {}", s.batch, s.heads, s.sq, s.skv,
                          s.head_dim, element_symbol(e, s.dtype));
  l.terms.add_traffic("read Q", "B*H*Sq*D*e", {s.batch, s.heads, s.sq, s.head_dim, e});
  l.terms.add_traffic("read K", "B*H*Skv*D*e", {s.batch, s.heads, s.skv, s.head_dim, e});
  l.terms.add_traffic("read V", "B*H*Skv*D*e", {s.batch, s.heads, s.skv, s.head_dim, e});
  l.terms.add_traffic("write O", "B*H*Sq*D*e", {s.batch, s.heads, s.sq, s.head_dim, e});
  l.terms.add_compute("QKᵀ: multiply-add = 2", "2*B*H*Sq*Skv*D",
                      {2, s.batch, s.heads, s.sq, s.skv, s.head_dim});
  l.terms.add_compute("softmax: 5 per score", "5*B*H*Sq*Skv",
                      {5, s.batch, s.heads, s.sq, s.skv});
  l.terms.add_compute("PV: multiply-add = 2", "2*B*H*Sq*Skv*D",
                      {2, s.batch, s.heads, s.sq, s.skv, s.head_dim});
  l.terms.add_compute("normalise O by the row sums", "B*H*Sq*D",
                      {s.batch, s.heads, s.sq, s.head_dim});
  l.notes.push_back(
      "one head count for Q and KV; the Sq×Skv scores never leave the chip, so they cost no "
      "bytes");
  declare_matmul_roof(l, s.dtype);
  return l;
}
//< ledger-attention

//> ledger-rmsnorm
OperatorLedger rmsnorm_ledger(const RmsnormShape& s) {
  const std::uint64_t e = element_bytes(s.dtype);
  OperatorLedger l = ledger_of("rmsnorm", fmt::format("RMSNorm ({})", s.dtype));
  l.shape = {shape_field("rows", s.rows), shape_field("hidden", s.hidden),
             shape_field("dtype", s.dtype)};
  l.symbols = fmt::format("R={}, H={}, {}", s.rows, s.hidden, element_symbol(e, s.dtype));
  l.terms.add_traffic("read x", "R*H*e", {s.rows, s.hidden, e});
  l.terms.add_traffic("write y", "R*H*e", {s.rows, s.hidden, e});
  l.terms.add_compute("per element: square, accumulate, ×rstd, ×γ", "4*R*H",
                      {4, s.rows, s.hidden});
  l.terms.add_compute("per row: ÷H, rsqrt", "2*R", {2, s.rows});
  l.notes.push_back(
      fmt::format("γ ({} values) is not counted, as chapter 02 leaves out LayerNorm's γ/β; ε "
                  "is folded into the sum's start value",
                  s.hidden));
  l.declared_roof = "cuda_core.fp32";
  return l;
}
//< ledger-rmsnorm

//> ledger-elementwise
OperatorLedger elementwise_ledger(const ElementwiseShape& s) {
  const std::uint64_t e = element_bytes(s.dtype);
  const char* kernels = s.eager ? "eager: one kernel per op" : "fused into one kernel";
  OperatorLedger l =
      ledger_of("elementwise",
                fmt::format("elementwise chain of {} ops, {} ({})", s.ops, kernels, s.dtype));
  l.shape = {shape_field("n", s.n), shape_field("ops", s.ops), shape_field("eager", s.eager),
             shape_field("dtype", s.dtype)};
  l.symbols = fmt::format("n={}, ops={}, {}", s.n, s.ops, element_symbol(e, s.dtype));
  if (s.eager) {
    // Every op is its own kernel: it reads its input from memory and writes its output back.
    l.terms.add_traffic("read each op's input", "ops*n*e", {s.ops, s.n, e});
    l.terms.add_traffic("write each op's output", "ops*n*e", {s.ops, s.n, e});
  } else {
    l.terms.add_traffic("read x", "n*e", {s.n, e});
    l.terms.add_traffic("write y", "n*e", {s.n, e});
  }
  l.terms.add_compute("the ops: 1 per element each", "ops*n", {s.ops, s.n});
  l.declared_roof = "cuda_core.fp32";
  return l;
}
//< ledger-elementwise

//> ledger-fused-norm-rope-quant
OperatorLedger fused_norm_rope_quant_ledger(const FusedNormRopeQuantShape& s) {
  const std::uint64_t T = s.tokens, Hq = s.q_heads, Hkv = s.kv_heads, D = s.head_dim;
  // Hq + Hkv cannot overflow: each is at most INT64_MAX.
  const std::uint64_t R =
      ledger::count_of("R = T*(Hq+Hkv)", {T, ledger::checked_add(Hq, Hkv)});  // rows
  const std::uint64_t N = ledger::count_of("N = R*D", {R, D});                // elements
  OperatorLedger l = ledger_of("fused-norm-rope-quant", "QK-Norm + RoPE + fp8 quant");
  l.shape = {shape_field("tokens", T), shape_field("q_heads", Hq), shape_field("kv_heads", Hkv),
             shape_field("head_dim", D)};
  l.symbols = fmt::format("T={}, Hq={}, Hkv={}, D={}, R=T*(Hq+Hkv)={} rows, N=R*D={} elements",
                          T, Hq, Hkv, D, R, N);
  l.terms.add_traffic("read q (bf16)", "T*Hq*D*2", {T, Hq, D, 2});
  l.terms.add_traffic("read k (bf16)", "T*Hkv*D*2", {T, Hkv, D, 2});
  l.terms.add_traffic("read γ_q (bf16)", "D*2", {D, 2});
  l.terms.add_traffic("read γ_k (bf16)", "D*2", {D, 2});
  l.terms.add_traffic("read RoPE cos table (fp32)", "T*D*4", {T, D, 4});
  l.terms.add_traffic("read RoPE sin table (fp32)", "T*D*4", {T, D, 4});
  l.terms.add_traffic("write q_fp8", "T*Hq*D", {T, Hq, D});
  l.terms.add_traffic("write k_fp8", "T*Hkv*D", {T, Hkv, D});
  l.terms.add_traffic("write scales (fp32)", "R*4", {R, 4});
  l.terms.add_compute("RMSNorm per element: square, accumulate, ×rstd, ×γ", "4*N", {4, N});
  l.terms.add_compute("RMSNorm per row: ÷D, rsqrt", "2*R", {2, R});
  l.terms.add_compute("RoPE: x·cos, rotate_half(x)·sin, add", "3*N", {3, N});
  l.terms.add_compute("fp8 quant per element: |x|, running max, ÷scale", "3*N", {3, N});
  l.terms.add_compute("fp8 quant per row: scale = amax/448", "R", {R});
  l.notes.push_back(
      "inputs bf16, outputs fp8, one fp32 scale per row of D values; rsqrt counts 1 FLOP");
  l.declared_roof = "cuda_core.fp32";
  return l;
}
//< ledger-fused-norm-rope-quant

}  // namespace op_ledger
