// --plot FILE.svg: the chosen machine's roofline (log-log, FLOP/Byte against
// FLOP/s): the bandwidth slope, the compute ceiling, the balance point, and
// every printed operator as a numbered point on the roof, named in a legend.
#pragma once

#include <string>
#include <vector>

#include "costs.hpp"
#include "machines.hpp"

namespace op_traffic {

// The SVG file. Rows without FLOPs (the all-reduce) have no place on a log
// axis: the legend names them and says so.
std::string roofline_svg(const Machine& machine, const std::vector<Row>& rows);

}  // namespace op_traffic
