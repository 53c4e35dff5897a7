// --list-machines: every built-in profile and every roof with its theoretical
// value, its calibration (or "not calibrated"), the effective value and the source.
#pragma once

#include <string>

namespace op_ledger {

std::string render_machine_list();

}  // namespace op_ledger
