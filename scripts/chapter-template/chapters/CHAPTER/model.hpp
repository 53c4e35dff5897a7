// The chapter's model: AXPY's FLOPs and bytes, and its verdict on a roofline.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace @PROGRAM@ {

inline constexpr std::uint64_t kDefaultN = 16777216;

struct Machine {
  double bandwidth = 4.8e12;  // bytes/s
  double peak = 6e13;         // FLOP/s
  double balance() const { return peak / bandwidth; }
};

struct Cost {
  std::uint64_t flops = 0;
  std::uint64_t bytes = 0;
  double intensity() const { return static_cast<double>(flops) / static_cast<double>(bytes); }
};

// y = a*x + y over n elements of element_bytes each. Throws ledger::OverflowError.
Cost axpy_cost(std::uint64_t n, std::uint64_t element_bytes);

struct Row {
  std::string dtype;
  std::uint64_t element_bytes = 0;
  Cost cost;
  double memory_time = 0.0;   // s
  double compute_time = 0.0;  // s
  bool memory_bound = true;   // ties count as memory-bound
  double time() const { return memory_bound ? memory_time : compute_time; }
};

Row judge(std::string dtype, std::uint64_t element_bytes, std::uint64_t n, const Machine& machine);

// fp32, fp16 and fp8, in that order.
std::vector<Row> rows_of(std::uint64_t n, const Machine& machine);

}  // namespace @PROGRAM@
