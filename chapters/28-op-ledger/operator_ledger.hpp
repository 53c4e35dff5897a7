// What one case produces before any machine is involved: the operator's name,
// its shape, its ledger terms and the compute roof the case declares.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "ledger/json.hpp"
#include "ledger/terms.hpp"

namespace op_ledger {

// One shape parameter: printed as `key=text`, written to JSON as `json`.
struct ShapeField {
  std::string key;  // the flag's name with '_' for '-': "head_dim"
  std::string text;
  ledger::Json json;
};

// A count, a dtype or a switch, as fmt prints it ("4096", "fp16", "true").
template <class T>
ShapeField shape_field(std::string key, const T& value) {
  return {std::move(key), fmt::format("{}", value), ledger::Json(value)};
}

struct OperatorLedger {
  std::string case_key;       // "fused-norm-rope-quant"
  std::string operator_name;  // "QK-Norm + RoPE + fp8 quant"
  std::vector<ShapeField> shape;
  std::string symbols;  // what the formulas' letters stand for: "T=4096, Hq=32, ..."
  ledger::TermLedger terms;
  std::vector<std::string> notes;  // conventions the totals depend on
  // The compute roof the case declares, as an op author would; never inferred from the data.
  std::string declared_roof;
};

}  // namespace op_ledger
