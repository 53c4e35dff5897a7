#include "cycle_model.hpp"

#include <cmath>

#include "ledger/checked.hpp"

namespace head_roofline {

using ledger::checked_add;
using ledger::checked_product;

//> l2-bytes-per-core-per-cycle
double l2_bytes_per_core_per_cycle(const Params& p) {
  // The chip's L2 bandwidth, shared by the cores, spent over one cycle.
  // Same order as the report: (bw / cores) / freq.
  return p.l2_total_bw / static_cast<double>(p.num_cores) / p.freq;
}
//< l2-bytes-per-core-per-cycle

double cores_cube_flops_per_s(const Params& p) {
  return static_cast<double>(p.num_cores) * static_cast<double>(p.fma_per_cycle) * 2.0 * p.freq;
}

//> cube-cycles
std::uint64_t cube_cycles(const Params& p, std::uint64_t h_q, std::uint64_t topk) {
  // QKᵀ and PV are each h_q * topk * d multiply-adds (d = d_qk = d_v), so
  // h_q * topk * (d + d) MACs, of which the Cube does fma_per_cycle a cycle.
  const std::uint64_t macs = checked_product({h_q, topk, checked_add(p.d, p.d)});
  return macs / p.fma_per_cycle;  // floor, as the report's `//`
}
//< cube-cycles

//> mem-cycles
double mem_cycles(const Params& p, std::uint64_t h_q, std::uint64_t topk) {
  const std::uint64_t qo_bytes =
      checked_product({h_q, p.d, 2, 2});                           // Q and O: h_q * d bf16 each
  const std::uint64_t kv_bytes = checked_product({topk, p.d, 2});  // gathered KV: topk * d bf16
  // The report adds the exact integers; the sum becomes a double only at the
  // division (Python's int / float).
  return static_cast<double>(checked_add(qo_bytes, kv_bytes)) / l2_bytes_per_core_per_cycle(p);
}
//< mem-cycles

std::optional<double> threshold_heads(const Params& p, std::uint64_t topk) {
  const double fma = static_cast<double>(p.fma_per_cycle);
  const double k = static_cast<double>(topk);
  const double denominator = l2_bytes_per_core_per_cycle(p) * k - 2.0 * fma;
  if (!(denominator > 0.0)) return std::nullopt;  // memory-bound for every h_q
  return fma * k / denominator;
}

double threshold_heads_limit(const Params& p) {
  return static_cast<double>(p.fma_per_cycle) / l2_bytes_per_core_per_cycle(p);
}

double threshold_topk(const Params& p) {
  return 2.0 *
         threshold_heads_limit(p);  // the denominator b * topk - 2 * fma is positive past it
}

std::string_view bottleneck_name(Bottleneck bottleneck) {
  switch (bottleneck) {
    case Bottleneck::compute_bound: return "compute-bound";
    case Bottleneck::memory_bound: return "memory-bound";
    case Bottleneck::balanced: return "balanced";
  }
  return "balanced";
}

std::partial_ordering compare_exactly(std::uint64_t integer, double real) {
  if (std::isnan(real)) return std::partial_ordering::unordered;
  if (real < 0.0) return std::partial_ordering::greater;
  if (real >= 0x1p64) return std::partial_ordering::less;
  // Below 2^64 the whole part of a double converts to uint64 exactly, and the
  // fraction decides a tie of whole parts.
  const double whole = std::floor(real);
  const auto whole_part = static_cast<std::uint64_t>(whole);
  if (integer != whole_part) return integer <=> whole_part;
  return whole == real ? std::partial_ordering::equivalent : std::partial_ordering::less;
}

//> classify
Bottleneck classify(std::uint64_t cube, double mem) {
  // Whichever takes more cycles is the bottleneck (report :114); the int is
  // compared with the double exactly, as Python does.
  const std::partial_ordering order = compare_exactly(cube, mem);
  if (order > 0) return Bottleneck::compute_bound;
  if (order < 0) return Bottleneck::memory_bound;
  return Bottleneck::balanced;
}

Bottleneck classify(const Params& params, std::uint64_t h_q, std::uint64_t topk) {
  return classify(cube_cycles(params, h_q, topk), mem_cycles(params, h_q, topk));
}
//< classify

}  // namespace head_roofline
