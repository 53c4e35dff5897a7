// The command line of a case: which shape flags each case takes, and the
// ledger built from them. Every problem is a ledger::cli::UsageError naming
// the flag and what it accepts.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ledger/cli.hpp"
#include "operator_ledger.hpp"

namespace op_ledger {

struct CaseFlags {
  std::string key;                 // "gemm"
  std::vector<std::string> flags;  // its shape flags, without "--", in --help's order
};

// The five cases, in --help's order.
const std::vector<CaseFlags>& case_flags();
std::vector<std::string> case_keys();
const CaseFlags* find_case_flags(std::string_view key);

// flag_list({"m", "n"}) = "--m, --n"; with separator "/": "--m/--n".
std::string flag_list(const std::vector<std::string>& names, std::string_view separator = ", ");

// The case's ledger from its shape flags (defaults for those not given).
// A shape whose counts overflow 64 bits is refused naming the case's flags.
OperatorLedger build_case(const CaseFlags& c, const ledger::cli::Args& args);

}  // namespace op_ledger
