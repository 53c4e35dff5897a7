// The frame of a figure with a log-log plot, declared: its words, its axes'
// ticks and titles, and the legend under the plot. Common sizes the document
// to the legend, draws the heading and the axes; the figure then draws its
// content (placing its labels with plot_label_layout) and, last, its legend at
// legend_top().
#pragma once

#include <functional>
#include <vector>

#include "ledger/figure.hpp"
#include "ledger/label_layout.hpp"
#include "ledger/log_scale.hpp"
#include "ledger/plot_axes.hpp"
#include "ledger/svg.hpp"

namespace ledger {

// Draws a legend from its first baseline `top` and returns its bottom.
using LegendDrawer = std::function<double(svg::Document& doc, double top)>;

struct PlotFrame {
  FigureText text{};
  AxisTitles titles{};
  std::vector<Tick> x_ticks{};  // none: decade_ticks(x)
  std::vector<Tick> y_ticks{};  // none: decade_ticks(y)
  LegendDrawer legend{};        // none: the figure ends under the x axis title
  double legend_margin = 10.0;  // under the legend's bottom
};

// The first baseline of the legend under a plot whose y scale is `y`: under the x axis's labels and title.
double legend_top(const LogScale& y);

// The label layout of the plot area the scales span: labels stay 3 px inside its frame.
LabelLayout plot_label_layout(const LogScale& x, const LogScale& y);

// A document as tall as the legend needs (the legend is drawn into a scratch
// document to measure it), with the heading and the axes drawn.
svg::Document draw_plot_frame(const PlotFrame& frame, const LogScale& x, const LogScale& y);

}  // namespace ledger
