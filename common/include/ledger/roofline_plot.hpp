// The roofline as a line on a log-log figure: attainable FLOP/s =
// min(peak, bandwidth x intensity), a slope up to the balance point, then
// the flat compute ceiling. Common's RooflineFigure and chapter 28 draw it.
#pragma once

#include <vector>

#include "ledger/log_scale.hpp"
#include "ledger/svg.hpp"

namespace ledger {

// min(peak, bandwidth * intensity), FLOP/s: the roofline's height at an intensity.
inline double attainable(double intensity, double peak, double bandwidth) {
  const double memory_limit = bandwidth * intensity;
  return memory_limit < peak ? memory_limit : peak;
}

// The roofline's corners in pixels, from the left edge of `x` (or where the
// slope enters `y` from below) to the right edge: the bandwidth slope, the
// balance point, the ceiling. Parts outside the plot are left out.
std::vector<svg::Point> roofline_points(const LogScale& x, const LogScale& y, double peak, double bandwidth);

}  // namespace ledger
