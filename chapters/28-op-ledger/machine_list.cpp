#include "machine_list.hpp"

#include <algorithm>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "ledger/profile.hpp"
#include "ledger/text.hpp"
#include "ledger/text_table.hpp"
#include "units.hpp"

namespace op_ledger {
namespace {

// One line per distinct source, naming the roofs it backs, in profile order.
std::string sources_by_roof(const ledger::MachineProfile& p) {
  std::vector<std::pair<std::string, std::vector<std::string>>> groups;  // source -> roof keys
  for (const ledger::Roof& r : p.roofs) {
    auto it = std::find_if(groups.begin(), groups.end(),
                           [&](const auto& g) { return g.first == r.source; });
    if (it == groups.end()) {
      groups.push_back({r.source, {r.key}});
    } else {
      it->second.push_back(r.key);
    }
  }
  std::string out;
  for (const auto& [source, keys] : groups)
    out += fmt::format("    {}: {}\n", ledger::join(keys), source);
  return out;
}

// One profile: its header line, its description, its roofs and their sources.
std::string render_profile(const ledger::MachineProfile& p, std::string_view header) {
  using ledger::Align;
  std::string out = fmt::format("{}: {}\n", header, p.name);
  out += fmt::format("  {}\n", p.description);
  // effective = theoretical x calibration; the profile stores the two inputs, never the
  // product.
  ledger::TextTable roofs(
      {{Align::left}, {Align::right}, {Align::left}, {Align::right}, {Align::left}});
  roofs.add_row({"  roof", "theoretical", "calibration", "effective", "label"});
  for (const ledger::Roof& r : p.roofs) {
    roofs.add_row({"  " + r.key, format_rate(r, r.theoretical), ledger::calibration_text(r),
                   format_rate(r, r.effective()), r.label});
  }
  out += roofs.render();
  out += "  sources:\n";
  out += sources_by_roof(p);
  return out;
}

}  // namespace

std::string render_machine_list(const ledger::Machine* reader) {
  std::string out;
  bool first = true;
  for (const ledger::MachineProfile& p : ledger::builtin_profiles()) {
    if (!first) out += "\n";
    out += render_profile(p, first ? p.key + " (default)" : p.key);
    first = false;
  }
  if (reader != nullptr) {
    out += "\n";
    out += render_profile(reader->profile, fmt::format("{} (--profile {})", reader->profile.key,
                                                       reader->file.value_or("")));
  }
  return out;
}

}  // namespace op_ledger
