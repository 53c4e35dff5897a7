// Places text labels next to plotted points without covering each other:
// each label tries a fixed list of positions around its point and takes the
// first that is free and inside the figure (the least covered one otherwise).
// Greedy and deterministic: the same points give the same layout.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "ledger/svg.hpp"

namespace ledger {

struct Box {
  double left = 0.0, top = 0.0, right = 0.0, bottom = 0.0;

  bool inside(const Box& outer) const {
    return left >= outer.left && right <= outer.right && top >= outer.top && bottom <= outer.bottom;
  }
  // Area shared with `other` (0 when they do not touch).
  double overlap(const Box& other) const;
};

// The box a text occupies when drawn at `at` (its baseline anchor point).
Box text_box(svg::Point at, std::string_view text, double size, svg::Anchor anchor);

// A box around a point marker of radius `r`.
inline Box point_box(svg::Point p, double r) { return Box{p.x - r, p.y - r, p.x + r, p.y + r}; }

// Where a label goes relative to its point: an offset of the baseline anchor.
struct LabelSlot {
  double dx = 0.0;
  double dy = 0.0;
  svg::Anchor anchor = svg::Anchor::start;
};

// Right, left, above, below, then the diagonals, at `gap` from a marker of
// radius `r`, then the same again twice as far: the usual order for a label.
std::vector<LabelSlot> slots_around(double r, double gap, double size);

struct PlacedLabel {
  svg::Point at;  // the baseline anchor point to draw the text at
  svg::Anchor anchor = svg::Anchor::start;
  double rotate = 0.0;  // degrees, for a label along a sloped line
};

class LabelLayout {
 public:
  // Labels must stay inside `bounds`.
  explicit LabelLayout(Box bounds) : bounds_(bounds) {}

  // Marks an area no label may cover (a point marker, a legend).
  void occupy(const Box& box) { taken_.push_back(box); }
  // Marks a drawn line (a roof, a curve) so labels sit beside it, not on it:
  // small boxes of half-width `half_width` every few pixels along it.
  void occupy_line(svg::Point from, svg::Point to, double half_width);

  // The first slot around `target` whose box is inside the bounds and free;
  // if none is, the inside slot that covers the least. The box is then taken.
  PlacedLabel place(svg::Point target, std::string_view text, double size, std::span<const LabelSlot> slots);

  // A label parallel to the segment from -> to, `offset` pixels to its left
  // (above a rising line), centred at the fraction of its length that covers
  // the least of what is taken (tried in order 0.5, 0.35, 0.65, 0.2, 0.8).
  PlacedLabel place_along(svg::Point from, svg::Point to, std::string_view text, double size, double offset);

 private:
  Box bounds_;
  std::vector<Box> taken_;
};

}  // namespace ledger
