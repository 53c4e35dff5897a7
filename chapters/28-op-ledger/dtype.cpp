#include "dtype.hpp"

#include <stdexcept>

namespace op_ledger {

const std::vector<std::string>& dtype_names() {
  static const std::vector<std::string> names{"fp32", "fp16", "bf16", "fp8"};
  return names;
}

std::uint64_t element_bytes(std::string_view dtype) {
  if (dtype == "fp32") return 4;
  if (dtype == "fp16" || dtype == "bf16") return 2;
  if (dtype == "fp8") return 1;
  throw std::invalid_argument("unknown dtype " + std::string(dtype));
}

std::string matmul_roof(std::string_view dtype) {
  element_bytes(dtype);  // refuses an unknown dtype
  return dtype == "fp32" ? "cuda_core.fp32" : "tensor_core." + std::string(dtype);
}

}  // namespace op_ledger
