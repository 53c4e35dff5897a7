// The report's cycle model (report :85-114): for one AI Core holding h_q query
// heads of a sparse-attention block that gathers topk KV rows, how many cycles
// the Cube needs for the two matrix multiplies, how many cycles L2 needs to
// move the bytes, and which of the two is the bottleneck.
#pragma once

#include <compare>
#include <cstdint>
#include <string_view>

#include "params.hpp"

namespace head_roofline {

// Bytes one AI Core can fetch from L2 per cycle (report :94): 94.697 with the
// report's constants.
double l2_bytes_per_core_per_cycle(const Params& params);

// Cube cycles of QKᵀ plus PV, in whole cycles (64-bit integer floor division,
// as the report's `//`). Throws ledger::OverflowError when a count does not
// fit in 64 bits.
std::uint64_t cube_cycles(const Params& params, std::uint64_t h_q, std::uint64_t topk);

// L2 cycles to move Q, O and the gathered KV, in double as the report computes
// it. Throws ledger::OverflowError when a byte count does not fit in 64 bits.
double mem_cycles(const Params& params, std::uint64_t h_q, std::uint64_t topk);

enum class Bottleneck { compute_bound, memory_bound, balanced };

// "compute-bound", "memory-bound" or "balanced", as the report prints them.
std::string_view bottleneck_name(Bottleneck bottleneck);

// Python's comparison of an int with a float: exact, never rounding the
// integer to double (2^53 + 1 > 2^53.0 holds). NaN compares unordered.
std::partial_ordering compare_exactly(std::uint64_t integer, double real);

// The report's criterion (:114): whichever cycle count is larger is the bottleneck.
Bottleneck classify(std::uint64_t cube, double mem);
Bottleneck classify(const Params& params, std::uint64_t h_q, std::uint64_t topk);

}  // namespace head_roofline
