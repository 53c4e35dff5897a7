// --list-machines: every built-in profile and every roof with its theoretical
// value, its calibration (or "not calibrated"), the effective value and the source.
#pragma once

#include <string>

#include "ledger/machine.hpp"

namespace op_ledger {

// The built-in profiles, then `reader` (the machine of --profile FILE) when given.
std::string render_machine_list(const ledger::Machine* reader);

}  // namespace op_ledger
