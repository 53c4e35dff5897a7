#include "case_flags.hpp"

#include <cstdint>

#include <fmt/format.h>

#include "dtype.hpp"
#include "ledger/checked.hpp"
#include "operators.hpp"

namespace op_ledger {
namespace {

using ledger::cli::Args;

std::uint64_t integer_flag(const Args& args, const char* name, std::uint64_t fallback) {
  if (!args.has(name)) return fallback;
  return ledger::cli::parse_positive_integer(fmt::format("--{}", name), args.get(name, ""));
}

std::string dtype_flag(const Args& args, const std::string& fallback) {
  return ledger::cli::parse_choice("--dtype", args.get("dtype", fallback), dtype_names());
}

OperatorLedger build(const std::string& key, const Args& args) {
  if (key == "gemm") {
    GemmShape s;
    s.m = integer_flag(args, "m", s.m);
    s.n = integer_flag(args, "n", s.n);
    s.k = integer_flag(args, "k", s.k);
    s.dtype = dtype_flag(args, s.dtype);
    return gemm_ledger(s);
  }
  if (key == "attention") {
    AttentionShape s;
    s.heads = integer_flag(args, "heads", s.heads);
    s.sq = integer_flag(args, "sq", s.sq);
    s.skv = integer_flag(args, "skv", s.skv);
    s.head_dim = integer_flag(args, "head-dim", s.head_dim);
    s.batch = integer_flag(args, "batch", s.batch);
    s.dtype = dtype_flag(args, s.dtype);
    return attention_ledger(s);
  }
  if (key == "rmsnorm") {
    RmsnormShape s;
    s.rows = integer_flag(args, "rows", s.rows);
    s.hidden = integer_flag(args, "hidden", s.hidden);
    s.dtype = dtype_flag(args, s.dtype);
    return rmsnorm_ledger(s);
  }
  if (key == "elementwise") {
    ElementwiseShape s;
    s.n = integer_flag(args, "n", s.n);
    s.ops = integer_flag(args, "ops", s.ops);
    s.eager = args.flag("eager");
    s.dtype = dtype_flag(args, s.dtype);
    return elementwise_ledger(s);
  }
  FusedNormRopeQuantShape s;
  s.tokens = integer_flag(args, "tokens", s.tokens);
  s.q_heads = integer_flag(args, "q-heads", s.q_heads);
  s.kv_heads = integer_flag(args, "kv-heads", s.kv_heads);
  s.head_dim = integer_flag(args, "head-dim", s.head_dim);
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
