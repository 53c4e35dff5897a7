#include "analysis.hpp"

#include <stdexcept>
#include <string>

namespace op_ledger {
namespace {

RoofVerdict verdict_under(const ledger::Roof& roof, const Analysis& a) {
  const double peak = roof.effective();
  const double bandwidth = a.memory_roof->effective();
  return RoofVerdict{&roof, ledger::balance_point(peak, bandwidth),
                     ledger::judge(a.flops, a.bytes, peak, bandwidth)};
}

}  // namespace

Analysis analyse(const OperatorLedger& ledger, const ledger::MachineProfile& machine,
                 std::string_view roof_key) {
  const ledger::Roof* roof = machine.find_roof(roof_key);
  if (roof == nullptr || roof->is_memory()) {
    throw std::logic_error("not a compute roof of " + machine.key + ": " +
                           std::string(roof_key));
  }
  Analysis a;
  a.machine = &machine;
  a.memory_roof = &machine.memory_roof();
  a.flops = static_cast<double>(ledger.terms.total_flops());
  a.bytes = static_cast<double>(ledger.terms.total_bytes());
  a.intensity = a.flops / a.bytes;
  a.chosen = verdict_under(*roof, a);
  a.roof_overridden = roof->key != ledger.declared_roof;

  //> wrong-roof-comparison
  // The same ledger judged under every other compute roof of the machine:
  // what the verdict would be had the reader picked the wrong roof.
  for (const ledger::Roof& other : machine.roofs) {
    if (other.is_memory() || &other == roof) continue;
    a.others.push_back(verdict_under(other, a));
  }
  //< wrong-roof-comparison
  return a;
}

}  // namespace op_ledger
