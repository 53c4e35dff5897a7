// The text a case prints: the ledger term by term, the totals, the verdict
// under the chosen roof (the README's lines, in the README's order), then the
// verdict under every other roof of the machine.
#pragma once

#include <string>

#include "analysis.hpp"
#include "operator_ledger.hpp"

namespace op_ledger {

std::string render_case_text(const OperatorLedger& ledger, const Analysis& analysis);

}  // namespace op_ledger
