#include "ledger/roofline.hpp"

namespace ledger {

//> judge
Verdict judge(double flops, double bytes, double peak_flops, double bandwidth) {
  Verdict v;
  v.memory_time = bytes / bandwidth;
  v.compute_time = flops / peak_flops;
  v.bound = v.memory_time >= v.compute_time ? Bound::memory : Bound::compute;
  // Python's max(a, b) keeps a unless b > a.
  v.sol_time = v.compute_time > v.memory_time ? v.compute_time : v.memory_time;
  return v;
}
//< judge

std::string_view bound_name(Bound bound) { return bound == Bound::memory ? "memory-bound" : "compute-bound"; }

}  // namespace ledger
