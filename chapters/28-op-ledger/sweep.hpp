// --sweep: the chapter's table of operators on one machine, each row under
// the roof its case declares. The first eight rows are the README's, byte for
// byte; the fused case follows.
#pragma once

#include <string>
#include <vector>

#include "ledger/profile.hpp"
#include "operator_ledger.hpp"

namespace op_ledger {

struct SweepRow {
  std::string label;  // "gemm 4096³ fp16"
  OperatorLedger ledger;
};

std::vector<SweepRow> sweep_rows();

// The Markdown table: | 算子 | AI | bound | SOL |.
std::string render_sweep_markdown(const std::vector<SweepRow>& rows,
                                  const ledger::MachineProfile& machine);

}  // namespace op_ledger
