// An operator ledger on a machine: the verdict under the chosen compute roof
// and, for the wrong-roof comparison, under every other one.
#pragma once

#include <string_view>
#include <vector>

#include "ledger/profile.hpp"
#include "ledger/roofline.hpp"
#include "operator_ledger.hpp"

namespace op_ledger {

struct RoofVerdict {
  const ledger::Roof* roof = nullptr;  // a compute roof of the profile
  double balance = 0.0;                // roof / bandwidth, FLOP/Byte
  ledger::Verdict verdict;
};

struct Analysis {
  const ledger::MachineProfile* machine = nullptr;
  const ledger::Roof* memory_roof = nullptr;
  double flops = 0.0;  // the exact totals, converted once for the time arithmetic
  double bytes = 0.0;
  double intensity = 0.0;  // FLOP/Byte
  RoofVerdict chosen;
  bool roof_overridden = false;     // --roof chose another roof than the case declares
  std::vector<RoofVerdict> others;  // every other compute roof, in profile order
};

// `roof_key` must be a compute roof of `machine` (the caller validated --roof).
Analysis analyse(const OperatorLedger& ledger, const ledger::MachineProfile& machine,
                 std::string_view roof_key);

}  // namespace op_ledger
