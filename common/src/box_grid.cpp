#include "ledger/box_grid.hpp"

#include <cmath>

namespace ledger {
namespace {

// The cell holding coordinate `v` along an axis of `count` cells from `origin`,
// clamped to the edge cells (NaN too, which overlaps nothing anyway).
int cell_of(double v, double origin, double cell, int count) {
  const double at = (v - origin) / cell;
  if (!(at >= 0.0)) return 0;
  if (at >= static_cast<double>(count - 1)) return count - 1;
  return static_cast<int>(at);
}

int cells_across(double from, double to, double cell) {
  const double n = std::ceil((to - from) / cell);
  // A figure is at most a few thousand pixels; the cap only guards absurd bounds.
  return n >= 1.0 && n <= 4096.0 ? static_cast<int>(n) : (n > 4096.0 ? 4096 : 1);
}

}  // namespace

BoxGrid::BoxGrid(const Box& area, double cell)
    : area_(area),
      cell_(cell),
      columns_(cells_across(area.left, area.right, cell)),
      rows_(cells_across(area.top, area.bottom, cell)),
      cells_(static_cast<std::size_t>(columns_) * static_cast<std::size_t>(rows_)) {}

BoxGrid::Span BoxGrid::columns(const Box& box) const {
  return {cell_of(box.left, area_.left, cell_, columns_), cell_of(box.right, area_.left, cell_, columns_)};
}

BoxGrid::Span BoxGrid::rows(const Box& box) const {
  return {cell_of(box.top, area_.top, cell_, rows_), cell_of(box.bottom, area_.top, cell_, rows_)};
}

void BoxGrid::add(const Box& box) {
  const Span c = columns(box);
  const Span r = rows(box);
  for (int row = r.first; row <= r.last; ++row) {
    for (int column = c.first; column <= c.last; ++column) {
      cells_[cell_index(row, column)].push_back(count_);
    }
  }
  ++count_;
}

}  // namespace ledger
