// The rectangle the label layout reasons in (SVG pixels, y downwards).
#pragma once

namespace ledger {

struct Box {
  double left = 0.0, top = 0.0, right = 0.0, bottom = 0.0;

  bool inside(const Box& outer) const {
    return left >= outer.left && right <= outer.right && top >= outer.top && bottom <= outer.bottom;
  }
  // Area shared with `other` (0 when they do not touch).
  double overlap(const Box& other) const;
};

}  // namespace ledger
