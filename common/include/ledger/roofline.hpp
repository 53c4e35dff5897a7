// The roofline verdict: which of memory time and compute time sets the
// speed-of-light (SOL) time. A tie counts as memory-bound, as in the reference.
#pragma once

#include <string_view>

namespace ledger {

enum class Bound { memory, compute };

struct Verdict {
  double memory_time = 0.0;   // bytes / bandwidth, seconds
  double compute_time = 0.0;  // flops / peak, seconds
  double sol_time = 0.0;      // max of the two
  Bound bound = Bound::memory;
};

Verdict judge(double flops, double bytes, double peak_flops, double bandwidth);

// Machine balance point: peak FLOP/s over bandwidth, in FLOP/Byte.
inline double balance_point(double peak_flops, double bandwidth) { return peak_flops / bandwidth; }

// "memory-bound" or "compute-bound".
std::string_view bound_name(Bound bound);

}  // namespace ledger
