#include "ledger/roofline_plot.hpp"

#include <algorithm>

namespace ledger {
namespace {

// The part of the line bandwidth * intensity inside both scales, as [x0, x1]; empty when none.
bool slope_span(const LogScale& x, const LogScale& y, double bandwidth, double& x0, double& x1) {
  x0 = std::max(x.low(), y.low() / bandwidth);
  x1 = std::min(x.high(), y.high() / bandwidth);
  return x0 < x1;
}

}  // namespace

std::vector<svg::Point> roofline_points(const LogScale& x, const LogScale& y, double peak, double bandwidth) {
  std::vector<svg::Point> points;
  const double balance = peak / bandwidth;
  double x0 = 0.0;
  double x1 = 0.0;
  if (slope_span(x, y, bandwidth, x0, x1)) {
    x1 = std::min(x1, balance);
    if (x0 < x1) {
      points.push_back({x(x0), y(bandwidth * x0)});
      points.push_back({x(x1), y(bandwidth * x1)});
    }
  }
  if (y.contains(peak) && balance < x.high()) {
    const double start = std::max(balance, x.low());
    if (points.empty() || start > x1) points.push_back({x(start), y(peak)});
    points.push_back({x(x.high()), y(peak)});
  }
  return points;
}

}  // namespace ledger
