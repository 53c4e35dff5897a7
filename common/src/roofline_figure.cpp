#include "ledger/roofline_figure.hpp"

#include <algorithm>

#include "ledger/plot_frame.hpp"
#include "ledger/roofline_plot.hpp"

namespace ledger {
namespace {

using plot_style::kLeft;
using plot_style::kRight;
using plot_style::kTop;
using svg::Anchor;
using svg::Point;
using svg::Stroke;
using svg::TextStyle;

// The ceiling's label: over then under the line, from its right end leftwards
// (a quarter and half of the way, then every 12 px while it still lies over the
// ceiling); a ceiling too short for it (a balance point far right) puts it at
// the ceiling's height left of the corner, over the slope. None without room.
void label_ceiling(svg::Document& doc, LabelLayout& layout, const RooflineFigure& f, Point corner) {
  const std::string& text = f.ceiling_label;
  const double line_left = std::max(corner.x, kLeft);
  std::vector<LabelSlot> over;
  for (double shift : {0.0, 0.25, 0.5}) {
    const double dx = -shift * (kRight - line_left);
    over.push_back({dx, -7.0, Anchor::end});
    over.push_back({dx, 16.0, Anchor::end});
  }
  const double leftmost = -(kRight - 6.0 - line_left - svg::text_width(text, 12.0));
  for (double dx = -12.0; dx >= leftmost; dx -= 12.0) {
    over.push_back({dx, -7.0, Anchor::end});
    over.push_back({dx, 16.0, Anchor::end});
  }
  std::vector<LabelSlot> left_of_corner;
  for (double dx = leftmost - 12.0; dx > -(kRight - kLeft); dx -= 12.0)
    left_of_corner.push_back({dx, -7.0, Anchor::end});
  auto placed = layout.place_if_free({kRight - 6.0, corner.y}, text, 12.0, over, 60.0);
  if (!placed) placed = layout.place_if_free({kRight - 6.0, corner.y}, text, 12.0, left_of_corner, 0.0);
  if (placed) doc.text(placed->at, text, TextStyle{12.0, placed->anchor, f.roof_color});
}

}  // namespace

AxisTitles roofline_axis_titles() { return {"算术强度 AI（FLOP/Byte，对数坐标）", "可达算力（FLOP/s，对数坐标）"}; }

PlotScales fit_roofline_scales(std::span<const double> intensities, std::span<const double> flops_per_s,
                               const RooflineFit& fit, double bottom) {
  const auto x = LogScale::whole_decades(intensities, fit.x_headroom, kLeft, kRight);
  const double y_top = *std::max_element(flops_per_s.begin(), flops_per_s.end()) * fit.y_top;
  const double y_low = LogScale::whole_decades(flops_per_s, fit.y_headroom, bottom, kTop).low();
  return {x, LogScale(y_low, y_top, bottom, kTop)};
}

void label_slope(svg::Document& doc, LabelLayout& layout, Point from, Point to, std::span<const std::string> texts,
                 double size, const std::string& color) {
  for (const std::string& text : texts) {
    const auto placed = layout.place_along_if_free(from, to, text, size, 5.0);
    if (!placed) continue;
    doc.text(placed->at, text, TextStyle{size, placed->anchor, color, false, placed->rotate});
    return;
  }
}

std::string draw_roofline_figure(const RooflineFigure& f) {
  const double balance = f.peak / f.bandwidth;
  // The roof's corner with a stretch of slope and ceiling on either side, whatever the points.
  std::vector<double> xs{balance / 30.0, balance, balance * 10.0};
  std::vector<double> ys{f.peak / 30.0, f.peak};
  for (const RoofPoint& p : f.points) {
    xs.push_back(p.intensity);
    ys.push_back(attainable(p.intensity, f.peak, f.bandwidth));
  }
  const auto [x, y] = fit_roofline_scales(xs, ys, f.fit, f.bottom);

  // The legend's height sets the figure's.
  svg::Document doc = draw_plot_frame({f.text, roofline_axis_titles(), {}, {}, f.legend, f.legend_margin}, x, y);

  const auto roof = roofline_points(x, y, f.peak, f.bandwidth);
  doc.polyline(roof, Stroke{f.roof_color, 2.2, ""});
  const Point corner{x(balance), y(f.peak)};
  const Point under_corner{corner.x, f.bottom};
  if (f.balance) doc.line(under_corner, corner, Stroke{f.balance->color, 1.0, "4 3"});

  // What labels must keep off: the points, the balance ring, the roof, the dashed line.
  LabelLayout layout = plot_label_layout(x, y);
  std::vector<Point> at;
  for (const RoofPoint& p : f.points) {
    at.push_back({x(p.intensity), y(attainable(p.intensity, f.peak, f.bandwidth))});
    layout.occupy(point_box(at.back(), plot_style::marker_reach(p.style.marker, f.point_radius) + 1.0));
  }
  if (f.balance) layout.occupy(point_box(corner, 6.0));
  for (std::size_t i = 1; i < roof.size(); ++i) layout.occupy_line(roof[i - 1], roof[i], 2.0);
  if (f.balance) layout.occupy_line(under_corner, corner, 1.5);

  // The points and their labels first, next to them; the roof's labels where room is left.
  const auto slots = slots_around(f.point_radius, 3.0, f.label_size);
  for (std::size_t i = 0; i < f.points.size(); ++i) {
    const RoofPoint& p = f.points[i];
    plot_style::draw_marker(doc, p.style.marker, at[i], f.point_radius, p.style.color, Stroke{"#ffffff", 1.0, ""});
    const PlacedLabel l = layout.place(at[i], p.label, f.label_size, slots);
    doc.text(l.at, p.label, TextStyle{f.label_size, l.anchor, p.style.color, true});
  }
  // The slope's label first, as it has the fewest places to go, then the two that can move.
  if (roof.size() >= 2 && roof[0].y != roof[1].y)
    label_slope(doc, layout, roof[0], roof[1], f.slope_labels, 12.0, f.roof_color);
  if (f.balance) {
    const PlacedLabel b = layout.place(corner, f.balance->label, 12.0, slots_around(6.0, 4.0, 12.0));
    doc.text(b.at, f.balance->label, TextStyle{12.0, b.anchor, f.balance->color, true});
  }
  if (!f.ceiling_label.empty()) label_ceiling(doc, layout, f, corner);
  if (f.balance) doc.circle(corner, 5.5, "#ffffff", Stroke{f.balance->color, 2.0, ""});

  if (f.legend) f.legend(doc, legend_top(y));
  return doc.str();
}

}  // namespace ledger
