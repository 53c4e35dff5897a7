#include "machine_choice.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "ledger/machine_flag.hpp"
#include "ledger/text.hpp"

namespace op_ledger {

ledger::Machine choose_machine(const ledger::cli::Args& args) {
  static const ledger::cli::MachineChoices choices = ledger::cli::builtin_machine_choices(
      "--machine KEY for a built-in profile, --profile FILE for your own");
  return ledger::cli::machine_flag(args, choices);
}

void require_declared_roofs(const ledger::Machine& machine,
                            const std::vector<std::string>& declared,
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
  throw ledger::missing_roof_error(
      machine,
      {fmt::format("{} {}", missing.size() > 1 ? "roofs" : "roof", ledger::join(missing)),
       fmt::format("which {}", declared_by),
       {},
       std::string(remedy)});
}

}  // namespace op_ledger
