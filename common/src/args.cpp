// Args (ledger/cli.hpp): what parse() read, by name, as text or as the value's type.
#include <stdexcept>
#include <type_traits>

#include <fmt/format.h>

#include "ledger/cli.hpp"
#include "ledger/limits.hpp"
#include "ledger/text.hpp"

namespace ledger::cli {

void Args::require_declared(const std::string& name) const {
  if (table_ == nullptr || table_->find(name) == nullptr) {
    throw std::logic_error(fmt::format("--{} is not in the program's flag table", name));
  }
}

namespace {

// The value name new_flag_table's real_value(), integer_value(), integer_list_value() give each type.
template <class Value>
constexpr const char* kind_of() {
  if constexpr (std::is_same_v<Value, IntegerValue>) return value_kind::kInt;
  if constexpr (std::is_same_v<Value, IntegerListValue>) return value_kind::kIntList;
  return value_kind::kReal;
}

}  // namespace

template <class Value>
const Value* Args::converted(const std::string& name) const {
  require_declared(name);
  if (table_->find(name)->value != kind_of<Value>()) {
    throw std::logic_error(fmt::format("--{} is not declared as a {} value", name, kind_of<Value>()));
  }
  const auto it = converted_.find(name);
  return it == converted_.end() ? nullptr : &std::get<Value>(it->second);
}

bool Args::has(const std::string& name) const {
  require_declared(name);
  return values_.contains(name) || switches_.contains(name);
}

bool Args::flag(const std::string& name) const {
  require_declared(name);
  return switches_.contains(name);
}

std::string Args::get(const std::string& name, std::string fallback) const {
  require_declared(name);
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

std::vector<std::string> Args::given() const {
  std::vector<std::string> names;
  for (const auto& [name, value] : values_) names.push_back(name);
  for (const auto& name : switches_) names.push_back(name);
  return names;
}

std::uint64_t Args::integer(const std::string& name, std::uint64_t fallback) const {
  const auto* value = converted<IntegerValue>(name);
  return value == nullptr ? fallback : value->value;
}

double Args::real(const std::string& name, double fallback) const {
  const auto* value = converted<RealValue>(name);
  if (value == nullptr) return fallback;
  if (!value->refusal.empty()) throw UsageError(fmt::format("--{}: {}", name, value->refusal));
  return value->value;
}

std::vector<std::uint64_t> Args::integer_list(const std::string& name, std::vector<std::uint64_t> fallback,
                                              std::size_t limit) const {
  const auto* value = converted<IntegerListValue>(name);
  if (value == nullptr) return fallback;
  require_few_items("--" + name, value->values.size(), limit);
  return value->values;
}

std::string Args::choice(const std::string& name, const std::vector<std::string>& choices, std::string fallback) const {
  return parse_choice("--" + name, get(name, std::move(fallback)), choices);
}

std::string parse_choice(std::string_view flag, std::string_view text, const std::vector<std::string>& choices) {
  for (const auto& choice : choices) {
    if (choice == text) return choice;
  }
  throw UsageError(fmt::format("{}: unknown value {} (accepted: {})", flag, quoted_value(text), join(choices)));
}

}  // namespace ledger::cli
