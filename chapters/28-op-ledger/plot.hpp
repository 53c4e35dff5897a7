// --plot FILE.svg with --case: every compute roof of the profile as its own
// ceiling over the one memory slope, and the case at its arithmetic
// intensity meeting each of them, so the reader sees the verdict change
// with the roof (the wrong-roof table, drawn).
#pragma once

#include <string>

#include "analysis.hpp"
#include "operator_ledger.hpp"

namespace op_ledger {

std::string roofs_svg(const OperatorLedger& ledger, const Analysis& analysis);

}  // namespace op_ledger
