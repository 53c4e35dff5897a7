// The element types a case accepts and their sizes: the spec's e(dtype).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace op_ledger {

// "fp32", "fp16", "bf16", "fp8", in the order --help lists them.
const std::vector<std::string>& dtype_names();

// Bytes per element: 4 for fp32, 2 for fp16/bf16, 1 for fp8.
std::uint64_t element_bytes(std::string_view dtype);

// The compute roof a matmul-shaped case (gemm, attention) declares for its dtype:
// tensor_core.<dtype>, and cuda_core.fp32 for fp32, which has no tensor-core roof
// (TF32 is a different precision that a reader opts into with --roof tensor_core.tf32).
std::string matmul_roof(std::string_view dtype);

}  // namespace op_ledger
