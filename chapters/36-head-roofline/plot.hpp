// --plot FILE.svg: cube cycles (solid) and L2 cycles (dashed) against h_q,
// one colour per topk, log-log, with each crossover marked and its h_q read
// off: left of it the block is memory-bound, right of it compute-bound.
#pragma once

#include <string>

#include "params.hpp"

namespace head_roofline {

// Throws as render_report does (a count out of 64 bits or out of double's range).
std::string cycles_svg(const Params& params);

}  // namespace head_roofline
