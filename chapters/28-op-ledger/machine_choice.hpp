// The machine a case or the sweep runs on (common's --machine KEY, a built-in
// profile, or --profile FILE), and chapter 28's rule: the roofs the case or
// the sweep's rows declare must be compute roofs of it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ledger/cli.hpp"
#include "ledger/machine.hpp"

namespace op_ledger {

// --machine KEY (default h200) or --profile FILE, not both. A bad file is a
// UsageError naming --profile, the file, the line and the field.
ledger::Machine choose_machine(const ledger::cli::Args& args);

// Every key of `declared` must be a compute roof of the profile. Otherwise a
// UsageError (ledger::missing_roof_error) that names the missing ones, who
// declares them (`declared_by`, e.g. "--case gemm declares") and the
// profile's compute roofs, then `remedy`.
void require_declared_roofs(const ledger::Machine& machine,
                            const std::vector<std::string>& declared,
                            std::string_view declared_by, std::string_view remedy);

}  // namespace op_ledger
