// Chapter 28's five cases: each turns a shape into an operator ledger in the
// book's convention (section 2.1-2.2): bytes = each input read once and each
// output written once, intermediates never; FLOPs = 1 per basic op,
// compare-and-select or transcendental, 2 per multiply-add of a matmul.
// Counts are exact; a shape whose counts overflow 64 bits throws
// ledger::OverflowError naming the term.
#pragma once

#include <cstdint>
#include <string>

#include "operator_ledger.hpp"

namespace op_ledger {

struct GemmShape {
  std::uint64_t m = 4096, n = 4096, k = 4096;
  std::string dtype = "fp16";
};

// One head count for Q and KV (no grouped-query sharing).
struct AttentionShape {
  std::uint64_t batch = 1, heads = 32, sq = 4096, skv = 4096, head_dim = 128;
  std::string dtype = "fp16";
};

struct RmsnormShape {
  std::uint64_t rows = 8192, hidden = 4096;
  std::string dtype = "fp16";
};

struct ElementwiseShape {
  std::uint64_t n = 16777216, ops = 2;
  bool eager = false;  // false: the chain is fused into one kernel
  std::string dtype = "fp16";
};

// QK-Norm + RoPE + fp8 quant over q and k; inputs bf16, outputs fp8, scales fp32.
struct FusedNormRopeQuantShape {
  std::uint64_t tokens = 4096, q_heads = 32, kv_heads = 8, head_dim = 128;
};

OperatorLedger gemm_ledger(const GemmShape& shape);
OperatorLedger attention_ledger(const AttentionShape& shape);
OperatorLedger rmsnorm_ledger(const RmsnormShape& shape);
OperatorLedger elementwise_ledger(const ElementwiseShape& shape);
OperatorLedger fused_norm_rope_quant_ledger(const FusedNormRopeQuantShape& shape);

}  // namespace op_ledger
