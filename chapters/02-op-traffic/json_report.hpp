// --format json: the same quantities as the text, at full precision (floats
// in the shortest form that round-trips), in base units (FLOP, bytes,
// seconds), with the machine and the workload they were computed with.
#pragma once

#include <string>
#include <vector>

#include "costs.hpp"
#include "ledger/json.hpp"
#include "machines.hpp"

namespace op_traffic {

// {"machine": {...}, "workload": {...}, "op": ..., "rows": [one object per printed row]}.
// Throws ledger::cli::UsageError for a row out of double's range, as the text does.
ledger::Json report_json(const Machine& machine, const Workload& workload,
                         const std::string& op, const std::vector<Row>& rows);

}  // namespace op_traffic
