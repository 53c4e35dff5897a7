// op_traffic --list-machines: the chapter's machines (--machine), each with
// the profile roofs its peak and bandwidth come from, then the reader's
// profile file when --profile is given, and where other profiles are.
#pragma once

#include <string>

#include "machines.hpp"

namespace op_traffic {

// `reader_machine`: the --profile machine, or nullptr.
std::string render_machine_list(const Machine* reader_machine);

}  // namespace op_traffic
