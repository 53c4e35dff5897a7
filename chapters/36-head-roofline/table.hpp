// The text head_roofline prints, byte for byte as head_roofline.py prints it:
// the L2 line, the report's table, then the criterion for every row.
#pragma once

#include <string>
#include <vector>

#include "params.hpp"

namespace head_roofline {

// The table lines, as the report's `print` at :100 writes them, one per
// (h_q, topk) pair in --heads × --topk order, without line ends.
std::vector<std::string> render_table(const Params& params);

// The whole default output. Throws ledger::cli::UsageError when the constants
// push a number out of double's range (no bandwidth left per cycle, infinite
// cycles), and ledger::OverflowError when an integer count overflows 64 bits.
std::string render_report(const Params& params);

}  // namespace head_roofline
