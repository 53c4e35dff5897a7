#include "ledger/machine.hpp"

#include <algorithm>
#include <stdexcept>
#include <string_view>
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
  machine.read = file.read;
  return machine;
}

namespace {

// A roof select_roofs left unset has no key.
double selected(const Machine& machine, const Roof& roof, std::string_view what) {
  if (roof.key.empty()) {
    throw std::logic_error(
        fmt::format("machine {}: its {} roof was read but never selected (ledger::select_roofs)", machine.key, what));
  }
  return roof.effective();
}

}  // namespace

double Machine::peak_flops() const { return selected(*this, compute_roof, "compute"); }
double Machine::bandwidth() const { return selected(*this, memory_roof, "memory"); }

Machine select_roofs(Machine machine, const RoofChoice& choice) {
  if (!choice.keys.empty()) {
    const auto found = std::find_if(choice.keys.begin(), choice.keys.end(), [&](const std::string& key) {
      const Roof* roof = machine.profile.find_roof(key);
      return roof != nullptr && !roof->is_memory();
    });
    if (found == choice.keys.end())
      throw missing_roof_error(machine, {choice.name, choice.needed_for, choice.keys, ""});
    machine.compute_roof = *machine.profile.find_roof(*found);
  }
  const Roof* memory = machine.profile.find_roof(kMemoryRoofKey);
  if (memory == nullptr) {
    throw missing_roof_error(
        machine,
        {fmt::format("memory roof '{}'", kMemoryRoofKey), choice.needed_for, {std::string(kMemoryRoofKey)}, ""});
  }
  machine.memory_roof = *memory;
  return machine;
}

RoofChoice memory_roof_only(std::string needed_for) { return {{}, "memory roof", std::move(needed_for)}; }

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
