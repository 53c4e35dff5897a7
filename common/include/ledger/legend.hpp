// A figure's legend, declared: rows of a swatch (a short line in a series'
// stroke, with its point marker) and texts in columns, each column as wide as
// its widest text. Common draws it under the plot; a text too long for the
// figure's width shrinks (down to 8 px), then is cut.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ledger/plot_frame.hpp"
#include "ledger/plot_style.hpp"
#include "ledger/svg.hpp"

namespace ledger {

struct LegendCell {
  std::string text{};
  std::string color = plot_style::kInk;
  bool bold = false;
  bool subscripts = false;  // h_q's q set as a subscript (svg::with_subscripts)
};

struct LegendRow {
  std::optional<svg::Stroke> line{};           // the swatch; none: the row's text starts at the left edge
  std::optional<plot_style::Marker> marker{};  // on the swatch's middle, in its colour
  std::vector<LegendCell> cells{};             // a row's last text runs to the figure's right edge
};

struct Legend {
  double left = 36.0;         // the swatches' left end
  double text_offset = 34.0;  // from `left` to a swatched row's first text
  double min_column = 0.0;    // the narrowest a column may be
  std::vector<LegendRow> rows{};
};

// Draws the rows from baseline `top`, plot_style::kLegendRow apart; returns the legend's bottom.
double draw_legend(svg::Document& doc, double top, const Legend& legend);

// The legend as a figure's PlotFrame::legend (or RooflineFigure::legend).
LegendDrawer legend_drawer(Legend legend);

}  // namespace ledger
