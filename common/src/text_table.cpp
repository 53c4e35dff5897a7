#include "ledger/text_table.hpp"

#include <algorithm>
#include <stdexcept>

#include "ledger/text.hpp"

namespace ledger {

void TextTable::add_row(std::vector<std::string> cells) {
  if (cells.size() > columns_.size()) throw std::logic_error("TextTable: more cells than columns");
  cells.resize(columns_.size());
  rows_.push_back(std::move(cells));
}

std::string TextTable::render() const {
  std::vector<std::size_t> widths(columns_.size(), 0);
  for (const auto& row : rows_) {
    for (std::size_t c = 0; c < row.size(); ++c) widths[c] = std::max(widths[c], code_points(row[c]));
  }
  std::string out;
  for (const auto& row : rows_) {
    std::string line;
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (c > 0) line.append(columns_[c].gap, ' ');
      line += columns_[c].align == Align::left ? pad_right(row[c], widths[c]) : pad_left(row[c], widths[c]);
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out += line;
    out.push_back('\n');
  }
  return out;
}

}  // namespace ledger
