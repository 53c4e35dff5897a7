#include "ledger/roofline_plot.hpp"

#include <algorithm>

namespace ledger {

std::vector<svg::Point> roofline_points(const LogScale& x, const LogScale& y, double peak, double bandwidth) {
  std::vector<svg::Point> points;
  const double balance = peak / bandwidth;
  // The slope inside both scales, up to the balance point.
  const double x0 = std::max(x.low(), y.low() / bandwidth);
  const double x1 = std::min({x.high(), y.high() / bandwidth, balance});
  if (x0 < x1) {
    points.push_back({x(x0), y(bandwidth * x0)});
    points.push_back({x(x1), y(bandwidth * x1)});
  }
  if (y.contains(peak) && balance < x.high()) {
    const double start = std::max(balance, x.low());
    if (points.empty() || start > x1) points.push_back({x(start), y(peak)});
    points.push_back({x(x.high()), y(peak)});
  }
  return points;
}

}  // namespace ledger
