#include "ledger/legend.hpp"

#include <algorithm>
#include <utility>

namespace ledger {
namespace {

constexpr double kSwatchLength = 26.0;
constexpr double kSwatchMarker = 3.5;  // the marker's "radius" on a swatch
constexpr double kColumnGap = 14.0;
constexpr double kCellSize = 12.0;

// Each column's width: its widest text among the rows with a text after it (a row's last text sets none).
std::vector<double> column_widths(const Legend& legend) {
  std::vector<double> widths;
  for (const LegendRow& row : legend.rows) {
    for (std::size_t c = 0; c + 1 < row.cells.size(); ++c) {
      if (widths.size() <= c) widths.push_back(legend.min_column);
      widths[c] = std::max(widths[c], svg::text_width(row.cells[c].text, kCellSize));
    }
  }
  return widths;
}

}  // namespace

double draw_legend(svg::Document& doc, double top, const Legend& legend) {
  const std::vector<double> widths = column_widths(legend);
  double y = top;
  for (std::size_t r = 0; r < legend.rows.size(); ++r) {
    const LegendRow& row = legend.rows[r];
    if (r > 0) y += plot_style::kLegendRow;
    double x = legend.left;
    if (row.line) {
      doc.line({x, y - 4.0}, {x + kSwatchLength, y - 4.0}, *row.line);
      if (row.marker) {
        plot_style::draw_marker(doc, *row.marker, {x + kSwatchLength / 2.0, y - 4.0}, kSwatchMarker, row.line->color);
      }
      x += legend.text_offset;
    }
    for (std::size_t c = 0; c < row.cells.size(); ++c) {
      const LegendCell& cell = row.cells[c];
      const auto fitted = svg::fit_text(cell.text, kCellSize, 8.0, plot_style::kWidth - x - 8.0);
      const svg::TextStyle style{fitted.size, svg::Anchor::start, cell.color, cell.bold};
      if (cell.subscripts) {
        doc.text({x, y}, svg::with_subscripts(fitted.text), style);
      } else {
        doc.text({x, y}, fitted.text, style);
      }
      if (c < widths.size()) x += widths[c] + kColumnGap;
    }
  }
  return y + 14.0;
}

LegendDrawer legend_drawer(Legend legend) {
  return [legend = std::move(legend)](svg::Document& doc, double top) { return draw_legend(doc, top, legend); };
}

}  // namespace ledger
