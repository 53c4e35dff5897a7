// Column-aligned text tables for terminals: cells are padded by code points
// (as Python pads, so γ or × count once), trailing spaces are dropped.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace ledger {

enum class Align { left, right };

struct Column {
  Align align = Align::left;
  std::size_t gap = 2;  // spaces before this column (ignored for the first)
};

class TextTable {
 public:
  explicit TextTable(std::vector<Column> columns) : columns_(std::move(columns)) {}

  // A row with one cell per column (missing cells are empty).
  void add_row(std::vector<std::string> cells);

  // Every row, each column as wide as its widest cell, each line ending in '\n'.
  std::string render() const;

 private:
  std::vector<Column> columns_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace ledger
