// A model's curve on a log-log plot: sampled across the plot's width and named
// by its right end, so a chapter that draws a formula (cycles against heads,
// time against size) declares the formula and its name, not the sampling.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "ledger/label_layout.hpp"
#include "ledger/log_scale.hpp"
#include "ledger/svg.hpp"

namespace ledger {

// `f` across the x scale every 4 px from its left edge, as pixels (a step
// that lands less than 2 px past the right edge is taken at the edge); values
// that are not > 0 or fall outside the y scale are left out.
std::vector<svg::Point> sample_curve(const LogScale& x, const LogScale& y, const std::function<double(double)>& f);

// Names a drawn curve (its points as sample_curve gives them) by its right
// end: just left of it over or under the line, 60 px further left, then over
// or under the curve itself every 12 px leftwards over its right half, so the
// label always sits by its own curve. Left out (false) when none of these is
// free: the curve's colour and dash name it in the legend too.
bool label_curve_end(svg::Document& doc, LabelLayout& layout, const std::vector<svg::Point>& curve,
                     const std::string& text, double size, const std::string& color);

}  // namespace ledger
