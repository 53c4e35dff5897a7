#include "case_flags.hpp"

#include <vector>

#include <fmt/format.h>

#include "dtype.hpp"
#include "ledger/checked.hpp"
#include "operators.hpp"

namespace op_ledger {
namespace {

using ledger::cli::Args;

// A shape's whole-number fields from their flags (the default where a flag is not given),
// then its dtype when it has one.
template <class Shape>
Shape read_shape(const Args& args, const std::vector<ledger::cli::FieldFlag<Shape>>& fields) {
  Shape s;
  ledger::cli::read_fields(args, s, fields);
  if constexpr (requires { s.dtype; }) s.dtype = args.choice("dtype", dtype_names(), s.dtype);
  return s;
}

OperatorLedger build(const std::string& key, const Args& args) {
  if (key == "gemm") {
    return gemm_ledger(read_shape<GemmShape>(
        args, {{"m", &GemmShape::m}, {"n", &GemmShape::n}, {"k", &GemmShape::k}}));
  }
  if (key == "attention") {
    using S = AttentionShape;
    return attention_ledger(read_shape<S>(args, {{"heads", &S::heads},
                                                 {"sq", &S::sq},
                                                 {"skv", &S::skv},
                                                 {"head-dim", &S::head_dim},
                                                 {"batch", &S::batch}}));
  }
  if (key == "rmsnorm") {
    return rmsnorm_ledger(read_shape<RmsnormShape>(
        args, {{"rows", &RmsnormShape::rows}, {"hidden", &RmsnormShape::hidden}}));
  }
  if (key == "elementwise") {
    ElementwiseShape s = read_shape<ElementwiseShape>(
        args, {{"n", &ElementwiseShape::n}, {"ops", &ElementwiseShape::ops}});
    s.eager = args.flag("eager");
    return elementwise_ledger(s);
  }
  using S = FusedNormRopeQuantShape;
  return fused_norm_rope_quant_ledger(read_shape<S>(args, {{"tokens", &S::tokens},
                                                           {"q-heads", &S::q_heads},
                                                           {"kv-heads", &S::kv_heads},
                                                           {"head-dim", &S::head_dim}}));
}

}  // namespace

const std::vector<CaseFlags>& case_flags() {
  static const std::vector<CaseFlags> all{
      {"gemm", {"m", "n", "k", "dtype"}},
      {"attention", {"heads", "sq", "skv", "head-dim", "batch", "dtype"}},
      {"rmsnorm", {"rows", "hidden", "dtype"}},
      {"elementwise", {"n", "ops", "eager", "dtype"}},
      {"fused-norm-rope-quant", {"tokens", "q-heads", "kv-heads", "head-dim"}},
  };
  return all;
}

std::vector<std::string> case_keys() {
  std::vector<std::string> keys;
  for (const auto& c : case_flags()) keys.push_back(c.key);
  return keys;
}

const CaseFlags* find_case_flags(std::string_view key) {
  for (const auto& c : case_flags()) {
    if (c.key == key) return &c;
  }
  return nullptr;
}

std::string flag_list(const std::vector<std::string>& names, std::string_view separator) {
  std::string out;
  for (const auto& name : names) {
    if (!out.empty()) out += separator;
    out += "--" + name;
  }
  return out;
}

OperatorLedger build_case(const CaseFlags& c, const Args& args) {
  try {
    return build(c.key, args);
  } catch (const ledger::OverflowError& e) {
    std::vector<std::string> shape_flags;
    for (const auto& f : c.flags) {
      if (f != "dtype" && f != "eager") shape_flags.push_back(f);
    }
    throw ledger::cli::UsageError(
        fmt::format("{}: the shape is too large for --case {}: {} (accepted: shapes whose "
                    "every FLOP and byte count is at most "
                    "{})",
                    flag_list(shape_flags, "/"), c.key, e.what(), UINT64_MAX));
  }
}

}  // namespace op_ledger
