// The machine a case or the sweep runs on: a built-in profile (--machine KEY)
// or the reader's own profile file (--profile FILE), and the checks that it
// has the roofs the case or the sweep's rows declare.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ledger/cli.hpp"
#include "ledger/profile.hpp"
#include "ledger/profile_file.hpp"

namespace op_ledger {

struct MachineChoice {
  ledger::MachineProfile profile;
  std::optional<ledger::ProfileFile> file;  // set when the profile came from --profile
};

// --machine KEY (default h200) or --profile FILE, not both. A bad file is a
// UsageError naming --profile, the file, the line and the field.
MachineChoice choose_machine(const ledger::cli::Args& args);

// Every key of `declared` must be a compute roof of the profile. Otherwise a
// UsageError that names the missing ones, who declares them (`declared_by`,
// e.g. "--case gemm declares") and the profile's compute roofs, then `remedy`.
void require_declared_roofs(const MachineChoice& machine, const std::vector<std::string>& declared,
                            std::string_view declared_by, std::string_view remedy);

}  // namespace op_ledger
