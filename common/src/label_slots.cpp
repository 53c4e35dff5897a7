// A label's box and the places tried around a point (ledger/label_layout.hpp):
// the geometry LabelLayout places labels with.
#include <algorithm>

#include "ledger/label_layout.hpp"

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

}  // namespace ledger
