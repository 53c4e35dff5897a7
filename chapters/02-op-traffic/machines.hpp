// Chapter 02's machines. The three the chapter prints (--machine) take their
// numbers from the shared profiles in common/ (h200-measured is h200's
// calibrated fp16 tensor core and HBM); their label and source lines are the
// chapter's published text. A reader's profile file (--profile) becomes a
// machine the same way, with label and source lines made from the file.
#pragma once

#include <string>
#include <vector>

#include "ledger/profile.hpp"
#include "ledger/profile_file.hpp"

namespace op_traffic {

struct Machine {
  std::string key;
  std::string label;
  double peak_flops = 0.0;  // FLOP/s, the fp16 matrix roof's effective value
  double bandwidth = 0.0;   // bytes/s, hbm's effective value
  std::string source;
  std::string profile_key;    // the profile the roofs come from ("h200")
  ledger::Roof compute_roof;  // the fp16 matrix roof behind peak_flops
  ledger::Roof memory_roof;   // hbm, behind bandwidth

  double balance() const { return peak_flops / bandwidth; }
};

// --machine's default, the reference script's.
inline constexpr const char* kDefaultMachine = "h200-measured";

// Sorted by key, as argparse's `choices=sorted(MACHINES)`.
const std::vector<Machine>& machines();
std::vector<std::string> machine_keys();
const Machine* find_machine(const std::string& key);

// The built-in profiles no --machine stands for: a reader reaches them with --profile.
std::vector<std::string> other_profiles();

// The names the fp16 matrix unit goes by (NVIDIA, AMD, Ascend), in the order
// they are looked for: op_traffic's peak is the fp16 matrix roof.
const std::vector<std::string>& fp16_matrix_roof_keys();

// The machine of a reader's profile file. Throws ledger::cli::UsageError
// naming --profile, the file and the missing roof when it has no fp16 matrix roof.
Machine machine_from_profile(const ledger::ProfileFile& file);

}  // namespace op_traffic
