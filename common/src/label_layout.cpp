#include "ledger/label_layout.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <limits>
#include <optional>
#include <stdexcept>

namespace ledger {

double Box::overlap(const Box& other) const {
  const double w = std::min(right, other.right) - std::max(left, other.left);
  const double h = std::min(bottom, other.bottom) - std::max(top, other.top);
  return w > 0.0 && h > 0.0 ? w * h : 0.0;
}

Box text_box(svg::Point at, std::string_view text, double size, svg::Anchor anchor) {
  const double w = svg::text_width(text, size);
  double left = at.x;
  if (anchor == svg::Anchor::middle) left -= w / 2.0;
  if (anchor == svg::Anchor::end) left -= w;
  // Ascent about 0.85 em above the baseline, descent 0.2 em below.
  return Box{left, at.y - 0.85 * size, left + w, at.y + 0.2 * size};
}

std::vector<LabelSlot> slots_around(double r, double gap, double size) {
  std::vector<LabelSlot> slots;
  for (double scale : {1.0, 2.5}) {
    const double d = r + gap * scale;
    const double mid = size * 0.35;  // lifts the baseline so the text centres on the point
    slots.push_back({d, mid, svg::Anchor::start});
    slots.push_back({-d, mid, svg::Anchor::end});
    slots.push_back({0.0, -d, svg::Anchor::middle});
    slots.push_back({0.0, d + size * 0.8, svg::Anchor::middle});
    slots.push_back({d * 0.7, -d * 0.7, svg::Anchor::start});
    slots.push_back({-d * 0.7, -d * 0.7, svg::Anchor::end});
    slots.push_back({d * 0.7, d * 0.7 + size * 0.8, svg::Anchor::start});
    slots.push_back({-d * 0.7, d * 0.7 + size * 0.8, svg::Anchor::end});
  }
  return slots;
}

void LabelLayout::occupy_line(svg::Point from, svg::Point to, double half_width) {
  const double length = std::hypot(to.x - from.x, to.y - from.y);
  const int steps = std::max(1, static_cast<int>(std::ceil(length / half_width)));
  for (int i = 0; i <= steps; ++i) {
    const double f = static_cast<double>(i) / steps;
    taken_.push_back(point_box({from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f}, half_width));
  }
}

PlacedLabel LabelLayout::place(svg::Point target, std::string_view text, double size,
                               std::span<const LabelSlot> slots) {
  if (slots.empty()) throw std::invalid_argument("a label needs at least one slot");
  std::optional<PlacedLabel> best;
  Box best_box;
  double best_cover = std::numeric_limits<double>::infinity();
  for (const LabelSlot& slot : slots) {
    const PlacedLabel candidate{{target.x + slot.dx, target.y + slot.dy}, slot.anchor};
    const Box box = text_box(candidate.at, text, size, slot.anchor);
    if (!box.inside(bounds_)) continue;
    double cover = 0.0;
    for (const Box& t : taken_) cover += box.overlap(t);
    if (cover < best_cover) {
      best = candidate, best_box = box, best_cover = cover;
      if (cover == 0.0) break;
    }
  }
  if (!best) {  // no slot fits inside: the first one, wherever it falls
    const LabelSlot& slot = slots.front();
    best = PlacedLabel{{target.x + slot.dx, target.y + slot.dy}, slot.anchor};
    best_box = text_box(best->at, text, size, slot.anchor);
  }
  taken_.push_back(best_box);
  return *best;
}

PlacedLabel LabelLayout::place_along(svg::Point from, svg::Point to, std::string_view text, double size,
                                     double offset) {
  const double dx = to.x - from.x;
  const double dy = to.y - from.y;
  const double length = std::hypot(dx, dy);
  if (length == 0.0) throw std::invalid_argument("a label along a line needs two distinct points");
  const double ux = dx / length;
  const double uy = dy / length;
  // The text's axis-aligned bounding box once rotated, about its centre.
  const double half_w = svg::text_width(text, size) / 2.0;
  const double half_h = size / 2.0;
  const double extent_x = std::abs(half_w * ux) + std::abs(half_h * uy);
  const double extent_y = std::abs(half_w * uy) + std::abs(half_h * ux);
  std::optional<PlacedLabel> best;
  Box best_box;
  double best_cover = std::numeric_limits<double>::infinity();
  for (double f : {0.5, 0.35, 0.65, 0.2, 0.8}) {
    // Left of the direction of travel: (uy, -ux) in SVG's downward y.
    const svg::Point centre{from.x + dx * f + uy * (offset + half_h), from.y + dy * f - ux * (offset + half_h)};
    const Box box{centre.x - extent_x, centre.y - extent_y, centre.x + extent_x, centre.y + extent_y};
    double cover = 0.0;
    for (const Box& t : taken_) cover += box.overlap(t);
    if (!box.inside(bounds_)) cover += 1e9;  // outside: only if nothing else is possible
    if (cover < best_cover) {
      // The baseline sits 0.35 em below the centre, across the text.
      const svg::Point at{centre.x - uy * 0.35 * size, centre.y + ux * 0.35 * size};
      best = PlacedLabel{at, svg::Anchor::middle, std::atan2(dy, dx) * 180.0 / std::numbers::pi};
      best_box = box, best_cover = cover;
      if (cover == 0.0) break;
    }
  }
  taken_.push_back(best_box);
  return *best;
}

}  // namespace ledger
