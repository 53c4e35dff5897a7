// The frame of a log-log figure: the plot area, its grid, tick labels and
// axis titles. The area is the rectangle the two scales' pixel ranges span.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ledger/log_scale.hpp"
#include "ledger/svg.hpp"

namespace ledger {

struct Tick {
  double value = 0.0;
  std::string label;  // empty: a grid line without a label
  bool major = true;  // major lines are darker than minor ones
};

// Labelled decades ("10¹²") plus, when `minor`, unlabelled 2..9 x 10^k lines.
std::vector<Tick> decade_ticks(const LogScale& scale, bool minor = true);

struct AxisTitles {
  std::string x;
  std::string y;
};

// Grid lines, tick labels, the frame and the axis titles, drawn under
// whatever is drawn next. `x` runs left to right, `y` bottom to top.
void draw_axes(svg::Document& doc, const LogScale& x, const LogScale& y, std::span<const Tick> x_ticks,
               std::span<const Tick> y_ticks, const AxisTitles& titles);

}  // namespace ledger
