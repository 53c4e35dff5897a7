// An index of boxes for LabelLayout: a uniform grid over the figure whose cells
// list the boxes touching them, so "which taken boxes can this label cover?"
// looks at a few cells instead of every box drawn (a figure with hundreds of
// curves takes 10^5 small boxes along them; a full scan per candidate position
// made the layout grow as n^2.5 in the number of labels).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ledger/label_layout_box.hpp"

namespace ledger {

class BoxGrid {
 public:
  // Cells of `cell` pixels over `area`; boxes outside it fall in the edge cells.
  explicit BoxGrid(const Box& area, double cell = 16.0);

  // Adds `box` under the next index (0, 1, 2, ...: the order of the caller's own list).
  void add(const Box& box);

  // Calls f(index) for every added box that may share area with `box`: all
  // that do, some that merely sit in the same cells, a box spanning several
  // cells once per cell. Callers filter by overlap, then order what is left.
  // Stops at, and returns true for, the first index for which f returns true.
  template <class F>
  bool visit(const Box& box, F&& f) const {
    const Span c = columns(box);
    const Span r = rows(box);
    for (int row = r.first; row <= r.last; ++row) {
      for (int column = c.first; column <= c.last; ++column) {
        for (const std::uint32_t i : cells_[cell_index(row, column)]) {
          if (f(i)) return true;
        }
      }
    }
    return false;
  }

 private:
  struct Span {
    int first = 0, last = 0;
  };
  Span columns(const Box& box) const;
  Span rows(const Box& box) const;
  std::size_t cell_index(int row, int column) const {
    return static_cast<std::size_t>(row) * static_cast<std::size_t>(columns_) + static_cast<std::size_t>(column);
  }

  Box area_;
  double cell_;
  int columns_ = 1, rows_ = 1;
  std::uint32_t count_ = 0;
  std::vector<std::vector<std::uint32_t>> cells_;
};

}  // namespace ledger
