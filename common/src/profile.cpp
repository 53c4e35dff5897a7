#include "ledger/profile.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace ledger {

std::string calibration_text(const Roof& roof) {
  return roof.calibration ? fmt::format("{}", *roof.calibration) : std::string(kNotCalibrated);
}

const Roof* MachineProfile::find_roof(std::string_view roof_key) const {
  for (const auto& r : roofs) {
    if (r.key == roof_key) return &r;
  }
  return nullptr;
}

const Roof& MachineProfile::memory_roof() const {
  if (const Roof* r = find_roof(kMemoryRoofKey)) return *r;
  throw std::logic_error("profile " + key + " has no memory roof");
}

std::vector<std::string> MachineProfile::compute_roof_keys() const {
  std::vector<std::string> keys;
  for (const auto& r : roofs) {
    if (!r.is_memory()) keys.push_back(r.key);
  }
  return keys;
}

}  // namespace ledger
