#include "ledger/label_layout.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>
#include <stdexcept>

namespace ledger {

namespace {

// Separating-axis test of two rectangles given by centre, unit axis and half extents
// (touching is not overlapping, as for Box::overlap).
bool rectangles_meet(svg::Point ca, double aux, double auy, double ahw, double ahh, svg::Point cb, double bux,
                     double buy, double bhw, double bhh) {
  const double dx = cb.x - ca.x;
  const double dy = cb.y - ca.y;
  const double axes[4][2] = {{aux, auy}, {-auy, aux}, {bux, buy}, {-buy, bux}};
  for (const auto& axis : axes) {
    const double ra = ahw * std::abs(aux * axis[0] + auy * axis[1]) + ahh * std::abs(-auy * axis[0] + aux * axis[1]);
    const double rb = bhw * std::abs(bux * axis[0] + buy * axis[1]) + bhh * std::abs(-buy * axis[0] + bux * axis[1]);
    if (std::abs(dx * axis[0] + dy * axis[1]) >= ra + rb) return false;
  }
  return true;
}

svg::Point centre_of(const Box& b) { return {(b.left + b.right) / 2.0, (b.top + b.bottom) / 2.0}; }

}  // namespace

void LabelLayout::occupy_line(svg::Point from, svg::Point to, double half_width) {
  const double length = std::hypot(to.x - from.x, to.y - from.y);
  const int steps = std::max(1, static_cast<int>(std::ceil(length / half_width)));
  for (int i = 0; i <= steps; ++i) {
    const double f = static_cast<double>(i) / steps;
    take(point_box({from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f}, half_width));
  }
}

Box LabelLayout::Rotated::bounding() const {
  const double ex = std::abs(half_w * ux) + std::abs(half_h * uy);
  const double ey = std::abs(half_w * uy) + std::abs(half_h * ux);
  return Box{centre.x - ex, centre.y - ey, centre.x + ex, centre.y + ey};
}

void LabelLayout::take(const Box& box) {
  taken_.push_back(box);
  taken_index_.add(box);
}

void LabelLayout::take(const Rotated& r) {
  taken_rotated_.push_back(r);
  rotated_index_.add(r.bounding());
}

namespace {

// The indices `visit` reports that `touches`, each once, ascending: the order
// of a full scan. A box that touches nothing adds exactly 0 to a sum, so
// summing these alone gives the full scan's value bit for bit.
template <class Visit, class Touches>
void touching(std::vector<std::uint32_t>& out, Visit&& visit, Touches&& touches) {
  out.clear();
  visit([&](std::uint32_t i) {
    if (touches(i)) out.push_back(i);
    return false;
  });
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

}  // namespace

double LabelLayout::cover(const Box& box) const {
  double sum = 0.0;
  touching(
      nearby_, [&](auto f) { taken_index_.visit(box, f); },
      [&](std::uint32_t i) { return box.overlap(taken_[i]) > 0.0; });
  for (const std::uint32_t i : nearby_) sum += box.overlap(taken_[i]);
  const svg::Point c = centre_of(box);
  const auto meets = [&](const Rotated& r) {
    return rectangles_meet(c, 1.0, 0.0, (box.right - box.left) / 2.0, (box.bottom - box.top) / 2.0, r.centre, r.ux,
                           r.uy, r.half_w, r.half_h);
  };
  touching(
      nearby_, [&](auto f) { rotated_index_.visit(box, f); },
      [&](std::uint32_t i) { return meets(taken_rotated_[i]); });
  for (const std::uint32_t i : nearby_) sum += std::max(box.overlap(taken_rotated_[i].bounding()), 1e-6);
  return sum;
}

double LabelLayout::cover(const Rotated& r) const {
  double sum = 0.0;
  const Box bounding = r.bounding();
  touching(
      nearby_, [&](auto f) { taken_index_.visit(bounding, f); },
      [&](std::uint32_t i) {
        const Box& t = taken_[i];
        return bounding.overlap(t) > 0.0 && rectangles_meet(r.centre, r.ux, r.uy, r.half_w, r.half_h, centre_of(t), 1.0,
                                                            0.0, (t.right - t.left) / 2.0, (t.bottom - t.top) / 2.0);
      });
  for (const std::uint32_t i : nearby_) sum += bounding.overlap(taken_[i]);
  touching(
      nearby_, [&](auto f) { rotated_index_.visit(bounding, f); },
      [&](std::uint32_t i) {
        const Rotated& o = taken_rotated_[i];
        return rectangles_meet(r.centre, r.ux, r.uy, r.half_w, r.half_h, o.centre, o.ux, o.uy, o.half_w, o.half_h);
      });
  for (const std::uint32_t i : nearby_) sum += std::max(bounding.overlap(taken_rotated_[i].bounding()), 1e-6);
  return sum;
}

// cover(box) == 0.0, answered at the first thing covered.
bool LabelLayout::free(const Box& box) const {
  if (!box.inside(bounds_)) return false;
  if (taken_index_.visit(box, [&](std::uint32_t i) { return box.overlap(taken_[i]) > 0.0; })) return false;
  const svg::Point c = centre_of(box);
  return !rotated_index_.visit(box, [&](std::uint32_t i) {
    const Rotated& r = taken_rotated_[i];
    return rectangles_meet(c, 1.0, 0.0, (box.right - box.left) / 2.0, (box.bottom - box.top) / 2.0, r.centre, r.ux,
                           r.uy, r.half_w, r.half_h);
  });
}

std::optional<std::pair<PlacedLabel, Box>> LabelLayout::search_near(svg::Point target, std::string_view text,
                                                                    double size, double start, double reach) const {
  // Unit directions from the right, alternating below and above: 0, +22.5, -22.5, +45, ...
  // degrees; literals, so no libm rounding can differ between compilers.
  static constexpr double kDirections[16][2] = {{1.0, 0.0},
                                                {0.923879532511, 0.382683432365},
                                                {0.923879532511, -0.382683432365},
                                                {0.707106781187, 0.707106781187},
                                                {0.707106781187, -0.707106781187},
                                                {0.382683432365, 0.923879532511},
                                                {0.382683432365, -0.923879532511},
                                                {0.0, 1.0},
                                                {0.0, -1.0},
                                                {-0.382683432365, 0.923879532511},
                                                {-0.382683432365, -0.923879532511},
                                                {-0.707106781187, 0.707106781187},
                                                {-0.707106781187, -0.707106781187},
                                                {-0.923879532511, 0.382683432365},
                                                {-0.923879532511, -0.382683432365},
                                                {-1.0, 0.0}};
  for (double d = start; d <= reach; d += 6.0) {
    for (const auto& direction : kDirections) {
      const double dx = direction[0] * d;
      const double dy = direction[1] * d;
      const svg::Anchor anchor = dx > 0.3 * d    ? svg::Anchor::start
                                 : dx < -0.3 * d ? svg::Anchor::end
                                                 : svg::Anchor::middle;
      // The baseline sits so the text's middle is at the target's height plus dy.
      const svg::Point at{target.x + dx, target.y + dy + size * 0.325};
      const Box box = text_box(at, text, size, anchor);
      if (free(box)) return std::pair{PlacedLabel{at, anchor}, box};
    }
  }
  return std::nullopt;
}

std::optional<PlacedLabel> LabelLayout::place_if_free(svg::Point target, std::string_view text, double size,
                                                      std::span<const LabelSlot> slots, double reach) {
  for (const LabelSlot& slot : slots) {
    const PlacedLabel candidate{{target.x + slot.dx, target.y + slot.dy}, slot.anchor};
    const Box box = text_box(candidate.at, text, size, slot.anchor);
    if (free(box)) {
      take(box);
      return candidate;
    }
  }
  if (const auto found = search_near(target, text, size, 6.0, reach)) {
    take(found->second);
    return found->first;
  }
  return std::nullopt;
}

PlacedLabel LabelLayout::place(svg::Point target, std::string_view text, double size,
                               std::span<const LabelSlot> slots) {
  if (slots.empty()) throw std::invalid_argument("a label needs at least one slot");
  constexpr double kReach = 160.0;  // px: farther than this, a label no longer reads as its point's
  std::optional<PlacedLabel> best;
  Box best_box;
  double best_cover = std::numeric_limits<double>::infinity();
  for (const LabelSlot& slot : slots) {
    const PlacedLabel candidate{{target.x + slot.dx, target.y + slot.dy}, slot.anchor};
    const Box box = text_box(candidate.at, text, size, slot.anchor);
    if (!box.inside(bounds_)) continue;
    const double covered = free(box) ? 0.0 : cover(box);
    if (covered < best_cover) {
      best = candidate, best_box = box, best_cover = covered;
      if (covered == 0.0) break;
    }
  }
  if (best_cover > 0.0) {  // every slot covers something or none fits: look farther for free room
    if (const auto found = search_near(target, text, size, 6.0, kReach)) {
      take(found->second);
      return found->first;
    }
  }
  if (!best) {  // no slot fits inside: the first one, wherever it falls
    const LabelSlot& slot = slots.front();
    best = PlacedLabel{{target.x + slot.dx, target.y + slot.dy}, slot.anchor};
    best_box = text_box(best->at, text, size, slot.anchor);
  }
  take(best_box);
  return *best;
}

std::optional<PlacedLabel> LabelLayout::place_along_if_free(svg::Point from, svg::Point to, std::string_view text,
                                                            double size, double offset) {
  const double dx = to.x - from.x;
  const double dy = to.y - from.y;
  const double length = std::hypot(dx, dy);
  if (length == 0.0) throw std::invalid_argument("a label along a line needs two distinct points");
  const double ux = dx / length;
  const double uy = dy / length;
  const double half_w = svg::text_width(text, size) / 2.0;
  const double half_h = size / 2.0;
  const double angle = std::atan2(dy, dx) * 180.0 / std::numbers::pi;
  struct Candidate {
    PlacedLabel label;
    Rotated rect;
  };
  // The label centred at fraction f of the line, on its left (side 1) or right (side -1).
  const auto candidate = [&](double f, double side) {
    // Left of the direction of travel: (uy, -ux) in SVG's downward y.
    const double away = side * (offset + half_h);
    const svg::Point centre{from.x + dx * f + uy * away, from.y + dy * f - ux * away};
    // The baseline sits 0.35 em below the centre, across the text; the glyphs reach
    // 0.85 em above it and 0.2 em below: 0.55 em either side of the centre covers them.
    const svg::Point at{centre.x - uy * 0.35 * size, centre.y + ux * 0.35 * size};
    return Candidate{PlacedLabel{at, svg::Anchor::middle, angle}, Rotated{centre, ux, uy, half_w, 0.55 * size}};
  };
  // Free: inside the bounds and covering nothing taken.
  const auto free_at = [&](const Candidate& c) { return c.rect.bounding().inside(bounds_) && cover(c.rect) == 0.0; };
  const auto keep = [&](const Candidate& c) {
    take(c.rect);
    return c.label;
  };
  for (double f : {0.5, 0.35, 0.65, 0.2, 0.8}) {
    const Candidate c = candidate(f, 1.0);
    if (free_at(c)) return keep(c);
  }
  // Every usual place covers something: the first free one along either side.
  for (double side : {1.0, -1.0}) {
    for (int i = 1; i <= 19; ++i) {
      const Candidate c = candidate(i * 0.05, side);
      if (free_at(c)) return keep(c);
    }
  }
  return std::nullopt;
}

}  // namespace ledger
