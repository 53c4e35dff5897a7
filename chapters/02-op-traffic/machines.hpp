// Chapter 02's machines. The three the chapter prints (--machine) are common
// machines (ledger::Machine) on the shared profiles in common/ (h200-measured
// is h200's calibrated fp16 tensor core and HBM); their label and source lines
// are the chapter's published text. A reader's profile file (--profile)
// becomes a machine the same way, with label and source lines made from the file.
#pragma once

#include <string>
#include <vector>

#include "ledger/machine.hpp"
#include "ledger/machine_flag.hpp"

namespace op_traffic {

struct Machine : ledger::Machine {
  std::string label;   // the report's `profile` line
  std::string source;  // the report's `来源` line
};

// --machine's default, the reference script's.
inline constexpr const char* kDefaultMachine = "h200-measured";

// Sorted by key, as argparse's `choices=sorted(MACHINES)`.
const std::vector<Machine>& machines();
const Machine* find_machine(const std::string& key);

// --machine's keys (the machines above, each on its profile; ledger::cli::machine_keys lists
// them) and --profile.
const ledger::cli::MachineChoices& machine_choices();

// The built-in profiles no --machine stands for: a reader reaches them with --profile.
std::vector<std::string> other_profiles();

// op_traffic's peak is the fp16 matrix roof, under the names NVIDIA, AMD and
// Ascend give it (tensor_core.fp16, matrix_core.fp16, cube.fp16), tried in that order.
const ledger::RoofChoice& fp16_matrix_roof();

// The machine of a reader's profile file (ledger::file_machine). Throws
// ledger::cli::UsageError naming --profile, the file and the missing roof when
// it has no fp16 matrix roof.
Machine reader_machine(const ledger::Machine& file);

}  // namespace op_traffic
