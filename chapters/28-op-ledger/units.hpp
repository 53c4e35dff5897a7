// How chapter 28 prints rates and times (the README's units): compute roofs
// in TFLOP/s with 2 decimals, bandwidth in GB/s with 1, times in us with 3.
#pragma once

#include <string>

#include "ledger/profile.hpp"

namespace op_ledger {

// "57.27 TFLOP/s" for a compute roof, "4502.4 GB/s" for the memory roof.
std::string format_rate(const ledger::Roof& roof, double per_second);

// "15.051 us"
std::string format_us(double seconds);

// "(CUDA-core FMA)", or "(tensor core, dense; not calibrated)": an
// uncalibrated roof says so wherever it is printed.
std::string roof_remark(const ledger::Roof& roof);

}  // namespace op_ledger
