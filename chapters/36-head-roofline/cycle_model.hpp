// The report's cycle model (report :85-114): for one AI Core holding h_q query
// heads of a sparse-attention block that gathers topk KV rows, how many cycles
// the Cube needs for the two matrix multiplies, how many cycles L2 needs to
// move the bytes, and which of the two is the bottleneck.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string_view>

#include "params.hpp"

namespace head_roofline {

// Bytes one AI Core can fetch from L2 per cycle (report :94): 94.697 with the
// report's constants.
double l2_bytes_per_core_per_cycle(const Params& params);

// The Cube's FLOP/s if the L2 bandwidth were shared by `num_cores` real AI
// Cores, each at fma_per_cycle FMA (2 FLOP) per cycle: cores * fma * 2 * freq,
// 432.5e12 with the report's constants (the book compares it with a chip's Cube
// to argue that NUM_CORES is the grid size, not a core count). Not a number
// the report prints; may be infinite for absurd flags (the JSON writes null).
double cores_cube_flops_per_s(const Params& params);

// Cube cycles of QKᵀ plus PV, in whole cycles (64-bit integer floor division,
// as the report's `//`). Throws ledger::OverflowError when a count does not
// fit in 64 bits.
std::uint64_t cube_cycles(const Params& params, std::uint64_t h_q, std::uint64_t topk);

// L2 cycles to move Q, O and the gathered KV, in double as the report computes
// it. Throws ledger::OverflowError when a byte count does not fit in 64 bits.
double mem_cycles(const Params& params, std::uint64_t h_q, std::uint64_t topk);

// Where the block turns compute-bound, ignoring the floor of cube (the book's
// derivation of the table, not the report's): h_q * topk * 2d / F >
// 2d * (2 h_q + topk) / b  <=>  h_q * (b * topk - 2F) > F * topk, with
// F = fma_per_cycle and b the L2 bytes per core per cycle; d cancels.
// threshold_heads: the h_q above which it is compute-bound for this topk,
// F * topk / (b * topk - 2F) (52.05 for topk 512 with the report's
// constants); empty when b * topk <= 2F, where no head count is.
std::optional<double> threshold_heads(const Params& params, std::uint64_t topk);
// Its limit as topk grows, F / b (43.25 with the report's constants).
double threshold_heads_limit(const Params& params);
// The topk below which no head count is compute-bound, 2F / b (86.5).
double threshold_topk(const Params& params);

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
