// What @PROGRAM@ prints: the text table and the --format json document.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model.hpp"

namespace @PROGRAM@ {

std::string report_text(std::uint64_t n, const Machine& machine, const std::vector<Row>& rows);
std::string report_json(std::uint64_t n, const Machine& machine, const std::vector<Row>& rows);

}  // namespace @PROGRAM@
