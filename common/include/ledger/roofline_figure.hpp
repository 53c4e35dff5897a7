// A roofline figure declared as data: the chapter says what it shows (the
// machine's roof, its points and their labels, the words on the roof, a
// legend), common draws it: the frame fitted to what it shows, the axes, the
// roof, the markers, and every label placed by the label layout, so none
// covers another. A chapter whose figure is not one roof with points on it
// takes the pieces (fit_roofline_scales, label_slope; plot_frame.hpp).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ledger/figure.hpp"
#include "ledger/label_layout.hpp"
#include "ledger/log_scale.hpp"
#include "ledger/plot_axes.hpp"
#include "ledger/plot_frame.hpp"
#include "ledger/plot_style.hpp"
#include "ledger/svg.hpp"

namespace ledger {

// The axis titles of every roofline: intensity across, attainable FLOP/s up.
AxisTitles roofline_axis_titles();

// How the axes fit what a roofline shows: x in whole decades with at least a
// factor x_headroom around every intensity; y from a whole decade at least
// y_headroom under the lowest FLOP/s up to y_top times the highest (room for
// the labels over the ceiling).
struct RooflineFit {
  double x_headroom = 1.5;
  double y_headroom = 1.3;
  double y_top = 3.0;
};

struct PlotScales {
  LogScale x;
  LogScale y;
};

// The scales of a plot area from plot_style::kLeft..kRight across and `bottom`..kTop up.
PlotScales fit_roofline_scales(std::span<const double> intensities, std::span<const double> flops_per_s,
                               const RooflineFit& fit, double bottom);

// A label along a sloped line (a memory roof): the first of `texts` (the
// full words, then shorter ones) that finds free room beside it, in `color`,
// rotated with the line. None when none fits: the legend or title says it.
void label_slope(svg::Document& doc, LabelLayout& layout, svg::Point from, svg::Point to,
                 std::span<const std::string> texts, double size, const std::string& color);

// A point on the roof at its intensity, drawn with its series' colour and marker.
struct RoofPoint {
  double intensity = 0.0;  // FLOP/Byte; the point's height is the roof's there
  std::string label{};     // next to the marker, bold, in its colour
  plot_style::SeriesStyle style{};
};

// The balance point marked on the roof: a dashed line down to the x axis, a ring and a bold label.
struct BalanceMark {
  std::string label{};
  std::string color{};
};

struct RooflineFigure {
  FigureText text{};
  double bottom = 394.0;  // the plot area's bottom edge (the other three are plot_style's)
  RooflineFit fit{};
  double peak = 0.0;       // FLOP/s, the ceiling
  double bandwidth = 0.0;  // bytes/s, the slope
  std::string roof_color = plot_style::kInk;
  // Along the slope, the first that finds room (a crowded slope takes a shorter one, or none).
  std::vector<std::string> slope_labels{};
  std::optional<BalanceMark> balance{};
  // Over the ceiling from its right end leftwards; left out when no room is free.
  std::string ceiling_label{};
  std::vector<RoofPoint> points{};
  double point_radius = 4.5;
  double label_size = 12.0;  // the points' labels
  // The legend under the plot: draws itself from its first baseline `top`
  // and returns its bottom (legend_drawer(ledger::Legend) for a declared one).
  // None: the figure ends under the x axis titles.
  LegendDrawer legend{};
  double legend_margin = 10.0;  // under the legend's bottom
};

// The SVG file: heading, axes, the roof, the balance mark, the points (their
// labels placed first, as they must sit by their points), then the slope's,
// the balance point's and the ceiling's labels where room is left, the legend.
// Peak, bandwidth and intensities must be finite and > 0 (the chapter checks
// its input first); otherwise a LogScale throws std::invalid_argument.
std::string draw_roofline_figure(const RooflineFigure& figure);

}  // namespace ledger
