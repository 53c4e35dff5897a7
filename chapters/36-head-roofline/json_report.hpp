// --format json: the constants used, the L2 bytes per core per cycle, and one
// object per (h_q, topk) row with its cube cycles (an exact integer), mem
// cycles (the shortest float that round-trips) and the bottleneck.
#pragma once

#include "ledger/json.hpp"
#include "params.hpp"

namespace head_roofline {

// Throws as render_report does (a count out of 64 bits or out of double's range).
ledger::Json report_json(const Params& params);

}  // namespace head_roofline
