#include "ledger/machine_flag.hpp"

#include <stdexcept>
#include <utility>

#include "ledger/mode_flags.hpp"
#include "ledger/profile.hpp"

namespace ledger::cli {

MachineChoices builtin_machine_choices(std::string either) {
  MachineChoices choices;
  for (const std::string& key : builtin_profile_keys()) choices.keys.push_back({key, key});
  choices.fallback = default_profile().key;
  choices.either = std::move(either);
  return choices;
}

std::vector<std::string> machine_keys(const MachineChoices& choices) {
  std::vector<std::string> keys;
  for (const MachineKey& k : choices.keys) keys.push_back(k.key);
  return keys;
}

Machine machine_flag(const Args& args, const MachineChoices& choices) {
  require_machine_or_profile(args, choices.either);
  if (args.has("profile")) return file_machine(profile_flag(args));
  const std::string key = args.choice("machine", machine_keys(choices), choices.fallback);
  for (const MachineKey& k : choices.keys) {
    const MachineProfile* profile = k.key == key ? find_profile(k.profile_key) : nullptr;
    if (profile != nullptr) return builtin_machine(key, *profile);
  }
  throw std::logic_error("--machine " + key + ": no built-in profile of that key in the program's choices");
}

}  // namespace ledger::cli
