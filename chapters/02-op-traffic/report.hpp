// The text op_traffic prints: the machine block, then one ledger row per
// selected operator, byte for byte as op_traffic.py prints it.
#pragma once

#include <string>
#include <vector>

#include "costs.hpp"
#include "ledger/roofline.hpp"
#include "machines.hpp"

namespace op_traffic {

// Rows whose name contains one of the comma-separated pieces of `op`,
// ignoring ASCII case; "all" keeps every row and "ALL" none (the script's --op).
std::vector<Row> select_rows(const std::vector<Row>& rows, const std::string& op);

// The row's verdict on `machine`. Throws ledger::cli::UsageError when the row
// leaves the range of double (a zero byte count, an infinite or NaN quantity).
ledger::Verdict judge_row(const Machine& machine, const Row& row);

// The whole output. Throws ledger::cli::UsageError when a selected row leaves
// the range of double (a zero byte count, an infinite or NaN quantity).
std::string render_report(const Machine& machine, const std::vector<Row>& rows);

}  // namespace op_traffic
