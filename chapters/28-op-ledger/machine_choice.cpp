#include "machine_choice.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "ledger/mode_flags.hpp"
#include "ledger/text.hpp"

namespace op_ledger {

using ledger::cli::UsageError;

MachineChoice choose_machine(const ledger::cli::Args& args) {
  ledger::cli::require_machine_or_profile(args, "--machine KEY for a built-in profile, --profile FILE for your own");
  if (args.has("profile")) {
    ledger::ProfileFile file = ledger::cli::profile_flag(args);
    ledger::MachineProfile profile = file.profile;
    return {std::move(profile), std::move(file)};
  }
  const std::string key = ledger::cli::parse_choice("--machine", args.get("machine", ledger::default_profile().key),
                                                    ledger::builtin_profile_keys());
  return {*ledger::find_profile(key), std::nullopt};
}

void require_declared_roofs(const MachineChoice& machine, const std::vector<std::string>& declared,
                            std::string_view declared_by, std::string_view remedy) {
  std::vector<std::string> missing;
  for (const auto& key : declared) {
    const ledger::Roof* roof = machine.profile.find_roof(key);
    const bool known = std::find(missing.begin(), missing.end(), key) != missing.end();
    if ((roof == nullptr || roof->is_memory()) && !known) missing.push_back(key);
  }
  if (missing.empty()) return;
  // The case declares its roof and the program never picks another by
  // itself (spec: the roof is declared, not inferred), so this is an error.
  const std::string what =
      fmt::format("no {} {}, which {} (its compute roofs: {}); {}", missing.size() > 1 ? "roofs" : "roof",
                  ledger::join(missing), declared_by, ledger::join_capped(machine.profile.compute_roof_keys()), remedy);
  if (machine.file) throw UsageError(fmt::format("--profile: {}", ledger::roofs_error(*machine.file, what).what()));
  throw UsageError(fmt::format("--machine: profile '{}' has {}", machine.profile.key, what));
}

}  // namespace op_ledger
