// FlagTable's completion values (ledger/cli.hpp): kept apart from the parser,
// since only the package's generator reads them (common/packaging/manual_main.cpp).
#include <stdexcept>

#include "ledger/cli.hpp"

namespace ledger::cli {

FlagTable& FlagTable::complete_with(const std::string& name, std::function<std::vector<std::string>()> values) {
  if (find(name) == nullptr) throw std::logic_error("complete_with: --" + name + " is not in the flag table");
  completions_[name] = std::move(values);
  return *this;
}

std::vector<std::string> FlagTable::completions(const std::string& name) const {
  const auto it = completions_.find(name);
  return it == completions_.end() ? std::vector<std::string>{} : it->second();
}

}  // namespace ledger::cli
