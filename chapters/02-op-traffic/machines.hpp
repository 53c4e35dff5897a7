// Chapter 02's three machines. Their numbers come from the shared profiles in
// common/ (h200-measured is h200's calibrated fp16 tensor core and HBM); the
// label and source lines are the chapter's published text.
#pragma once

#include <string>
#include <vector>

namespace op_traffic {

struct Machine {
  std::string key;
  std::string label;
  double peak_flops = 0.0;  // FLOP/s, fp16 tensor core
  double bandwidth = 0.0;   // bytes/s
  std::string source;

  double balance() const { return peak_flops / bandwidth; }
};

// Sorted by key, as argparse's `choices=sorted(MACHINES)`.
const std::vector<Machine>& machines();
std::vector<std::string> machine_keys();
const Machine* find_machine(const std::string& key);

}  // namespace op_traffic
