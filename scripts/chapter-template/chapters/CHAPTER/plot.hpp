// @PROGRAM@'s figure (--plot): the machine's roofline with one point per element type.
#pragma once

#include <string>
#include <vector>

#include "model.hpp"

namespace @PROGRAM@ {

std::string roofline_svg(const Machine& machine, const std::vector<Row>& rows);

}  // namespace @PROGRAM@
