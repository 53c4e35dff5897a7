// Places text labels next to plotted points without covering each other:
// each label tries a fixed list of positions around its point and takes the
// first that is free and inside the figure; when none is, it searches rings
// of positions ever farther from its point for a free one, and only when the
// figure has no free room near it takes the least covered of its slots.
// Greedy and deterministic: the same points give the same layout.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "ledger/box_grid.hpp"
#include "ledger/label_layout_box.hpp"
#include "ledger/svg.hpp"

namespace ledger {

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
  explicit LabelLayout(Box bounds) : bounds_(bounds), taken_index_(bounds), rotated_index_(bounds) {}

  // Marks an area no label may cover (a point marker, a legend).
  void occupy(const Box& box) { take(box); }
  // Marks a drawn line (a roof, a curve) so labels sit beside it, not on it:
  // small boxes of half-width `half_width` every few pixels along it.
  void occupy_line(svg::Point from, svg::Point to, double half_width);

  // The first slot around `target` whose box is inside the bounds and free;
  // else the nearest free position found around it (search_near); if none
  // is, the inside slot that covers the least. The box is then taken.
  PlacedLabel place(svg::Point target, std::string_view text, double size, std::span<const LabelSlot> slots);

  // As place(), but only a free position within `reach` pixels of `target`;
  // nothing (and nothing taken) when there is none. For a label the figure
  // can do without (its legend says the same).
  std::optional<PlacedLabel> place_if_free(svg::Point target, std::string_view text, double size,
                                           std::span<const LabelSlot> slots, double reach);

  // True when `box` is inside the bounds and covers nothing taken.
  bool free(const Box& box) const;

  // A label parallel to the segment from -> to, `offset` pixels to its left
  // (above a rising line), centred at the first free one of the fractions 0.5,
  // 0.35, 0.65, 0.2, 0.8 of its length; else at the first free one of 0.05 ..
  // 0.95 on the left, then on the right side of the line. Nothing (and nothing
  // taken) when none is free.
  std::optional<PlacedLabel> place_along_if_free(svg::Point from, svg::Point to, std::string_view text, double size,
                                                 double offset);

 private:
  // The nearest free position around `target` within `reach` pixels: rings
  // 6 px apart, 16 directions each, the text anchored away from the target.
  std::optional<std::pair<PlacedLabel, Box>> search_near(svg::Point target, std::string_view text, double size,
                                                         double start, double reach) const;

  // A rotated label's rectangle: centre, unit axis along the text, half extents.
  struct Rotated {
    svg::Point centre;
    double ux = 1.0, uy = 0.0;
    double half_w = 0.0, half_h = 0.0;
    Box bounding() const;
  };
  // How much of what is taken `box` covers (0: nothing), rotated labels included.
  double cover(const Box& box) const;
  double cover(const Rotated& r) const;

  void take(const Box& box);
  void take(const Rotated& r);

  Box bounds_;
  std::vector<Box> taken_;
  std::vector<Rotated> taken_rotated_;
  // Where each taken box (and each rotated label's bounding box) lies, so cover()
  // sums over the few that can touch a candidate, in the same order as a full scan.
  BoxGrid taken_index_;
  BoxGrid rotated_index_;
  mutable std::vector<std::uint32_t> nearby_;  // cover()'s scratch list, kept to spare allocations
};

}  // namespace ledger
