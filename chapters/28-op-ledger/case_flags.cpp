#include "case_flags.hpp"

#include <cstdint>

#include <fmt/format.h>

#include "dtype.hpp"
#include "ledger/checked.hpp"
#include "operators.hpp"

namespace op_ledger {
namespace {

using ledger::cli::Args;

std::string dtype_flag(const Args& args, const std::string& fallback) {
  return args.choice("dtype", dtype_names(), fallback);
}

OperatorLedger build(const std::string& key, const Args& args) {
  if (key == "gemm") {
    GemmShape s;
    s.m = args.integer("m", s.m);
    s.n = args.integer("n", s.n);
    s.k = args.integer("k", s.k);
    s.dtype = dtype_flag(args, s.dtype);
    return gemm_ledger(s);
  }
  if (key == "attention") {
    AttentionShape s;
    s.heads = args.integer("heads", s.heads);
    s.sq = args.integer("sq", s.sq);
    s.skv = args.integer("skv", s.skv);
    s.head_dim = args.integer("head-dim", s.head_dim);
    s.batch = args.integer("batch", s.batch);
    s.dtype = dtype_flag(args, s.dtype);
    return attention_ledger(s);
  }
  if (key == "rmsnorm") {
    RmsnormShape s;
    s.rows = args.integer("rows", s.rows);
    s.hidden = args.integer("hidden", s.hidden);
    s.dtype = dtype_flag(args, s.dtype);
    return rmsnorm_ledger(s);
  }
  if (key == "elementwise") {
    ElementwiseShape s;
    s.n = args.integer("n", s.n);
    s.ops = args.integer("ops", s.ops);
    s.eager = args.flag("eager");
    s.dtype = dtype_flag(args, s.dtype);
    return elementwise_ledger(s);
  }
  FusedNormRopeQuantShape s;
  s.tokens = args.integer("tokens", s.tokens);
  s.q_heads = args.integer("q-heads", s.q_heads);
  s.kv_heads = args.integer("kv-heads", s.kv_heads);
  s.head_dim = args.integer("head-dim", s.head_dim);
  return fused_norm_rope_quant_ledger(s);
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
    throw ledger::cli::UsageError(fmt::format(
        "{}: the shape is too large for --case {}: {} (accepted: shapes whose every FLOP and byte count is at most "
        "{})",
        flag_list(shape_flags, "/"), c.key, e.what(), UINT64_MAX));
  }
}

}  // namespace op_ledger
