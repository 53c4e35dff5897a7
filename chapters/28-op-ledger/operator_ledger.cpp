#include "operator_ledger.hpp"

#include <fmt/format.h>

namespace op_ledger {

ShapeField shape_field(std::string key, std::uint64_t value) {
  return {std::move(key), fmt::format("{}", value), ledger::Json(value)};
}

ShapeField shape_field(std::string key, std::string value) {
  ledger::Json json(value);
  return {std::move(key), std::move(value), std::move(json)};
}

ShapeField shape_field(std::string key, bool value) {
  return {std::move(key), value ? "true" : "false", ledger::Json(value)};
}

}  // namespace op_ledger
