#include "ledger/machine.hpp"

#include <utility>

#include <fmt/format.h>

#include "ledger/mode_flags.hpp"
#include "ledger/text.hpp"

namespace ledger {

Machine builtin_machine(std::string key, const MachineProfile& profile) {
  Machine machine;
  machine.key = std::move(key);
  machine.profile = profile;
  return machine;
}

Machine file_machine(const ProfileFile& file) {
  Machine machine;
  machine.key = file.profile.key;
  machine.profile = file.profile;
  machine.file = file.path;
  machine.file_roofs_line = file.roofs_line;
  return machine;
}

Machine select_roofs(Machine machine, const RoofChoice& choice) {
  for (const std::string& key : choice.keys) {
    const Roof* roof = machine.profile.find_roof(key);
    if (roof != nullptr && !roof->is_memory()) {
      machine.compute_roof = *roof;
      machine.memory_roof = machine.profile.memory_roof();
      return machine;
    }
  }
  throw missing_roof_error(machine, {choice.name, choice.needed_for, choice.keys, ""});
}

cli::UsageError missing_roof_error(const Machine& machine, const MissingRoof& what) {
  const std::string accepted = what.accepted.empty() ? "" : fmt::format("accepted keys: {}; ", join(what.accepted));
  const std::string remedy = what.remedy.empty() ? "" : fmt::format("; {}", what.remedy);
  const std::string text = fmt::format("no {}, {} ({}its compute roofs: {}){}", what.missing, what.needed_by, accepted,
                                       join_capped(machine.profile.compute_roof_keys()), remedy);
  if (machine.from_file()) {
    return cli::profile_flag_error(roofs_error(*machine.file, machine.file_roofs_line, text));
  }
  return cli::UsageError(fmt::format("--machine: profile '{}' has {}", machine.profile.key, text));
}

}  // namespace ledger
