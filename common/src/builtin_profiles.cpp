// Look-ups over the built-in profiles. builtin_profiles() itself is generated
// from common/profiles/*.yaml (see tools/profile_codegen.cpp).
#include "ledger/profile.hpp"

namespace ledger {

std::vector<std::string> builtin_profile_keys() {
  std::vector<std::string> keys;
  for (const auto& p : builtin_profiles()) keys.push_back(p.key);
  return keys;
}

const MachineProfile& default_profile() { return builtin_profiles().front(); }

const MachineProfile* find_profile(std::string_view key) {
  for (const auto& p : builtin_profiles()) {
    if (p.key == key) return &p;
  }
  return nullptr;
}

}  // namespace ledger
