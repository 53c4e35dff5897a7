// --format json: one object per case, an array of them for --sweep. Counts
// are exact integers, floats the shortest form that round-trips. The text
// form stays the published one; this is for scripts and the book build.
#pragma once

#include <string>
#include <vector>

#include "analysis.hpp"
#include "ledger/json.hpp"
#include "operator_ledger.hpp"
#include "sweep.hpp"

namespace op_ledger {

ledger::Json case_json(const OperatorLedger& ledger, const Analysis& analysis);

// Each row's case object, preceded by its "label".
ledger::Json sweep_json(const std::vector<SweepRow>& rows,
                        const ledger::MachineProfile& machine);

}  // namespace op_ledger
