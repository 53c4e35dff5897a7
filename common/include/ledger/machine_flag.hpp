// --machine KEY or --profile FILE: the machine a chapter program runs on, read
// the same way by every program. The keys are the program's: op_ledger's are
// the built-in profiles' own, op_traffic's name the machines its page prints
// ("h200-measured" stands for the profile h200).
#pragma once

#include <string>
#include <vector>

#include "ledger/cli.hpp"
#include "ledger/machine.hpp"

namespace ledger::cli {

// One --machine choice: its key and the built-in profile it stands for.
struct MachineKey {
  std::string key;
  std::string profile_key;
};

struct MachineChoices {
  std::vector<MachineKey> keys;  // in the order --machine's error lists them
  std::string fallback;          // the key when --machine is not given
  std::string either;            // "--machine KEY for ..., --profile FILE for ...": the error when both are given
};

// Every built-in profile under its own key; without --machine, the default profile (the first).
MachineChoices builtin_machine_choices(std::string either);

// The keys of `choices`, in order: what --machine accepts.
std::vector<std::string> machine_keys(const MachineChoices& choices);

// --machine KEY (one of `choices`; its fallback when absent) or --profile FILE
// (profile_flag), never both ("--machine/--profile: give one of them (<either>)").
// The machine's roofs are not selected yet (ledger::select_roofs).
Machine machine_flag(const Args& args, const MachineChoices& choices);

}  // namespace ledger::cli
