#include "ledger/curve_plot.hpp"

#include <algorithm>

namespace ledger {

std::vector<svg::Point> sample_curve(const LogScale& x, const LogScale& y, const std::function<double(double)>& f) {
  std::vector<svg::Point> points;
  for (double px = x.from(); px < x.to() + 2.0; px += 4.0) {
    const double at = std::min(px, x.to());
    const double value = f(x.value_at(at));
    if (value > 0.0 && y.contains(value)) points.push_back({at, y(value)});
  }
  return points;
}

bool label_curve_end(svg::Document& doc, LabelLayout& layout, const std::vector<svg::Point>& curve,
                     const std::string& text, double size, const std::string& color) {
  if (curve.empty()) return false;
  using svg::Anchor;
  const svg::Point& end = curve.back();
  std::vector<LabelSlot> slots{
      {-4.0, -6.0, Anchor::end}, {-4.0, 14.0, Anchor::end}, {-60.0, -6.0, Anchor::end}, {-60.0, 14.0, Anchor::end}};
  // Every third sample is 12 px apart.
  for (std::size_t i = curve.size() - 1; i > curve.size() / 2 && i >= 3; i -= 3) {
    const svg::Point& p = curve[i];
    slots.push_back({p.x - end.x, p.y - end.y - 6.0, Anchor::end});
    slots.push_back({p.x - end.x, p.y - end.y + 14.0, Anchor::end});
  }
  const auto placed = layout.place_if_free(end, text, size, slots, 0.0);
  if (placed) doc.text(placed->at, text, svg::TextStyle{size, placed->anchor, color});
  return placed.has_value();
}

}  // namespace ledger
