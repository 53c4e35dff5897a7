#include "ledger/plot_frame.hpp"

#include "ledger/plot_style.hpp"

namespace ledger {

double legend_top(const LogScale& y) { return y.from() + plot_style::kLegendGap; }

LabelLayout plot_label_layout(const LogScale& x, const LogScale& y) {
  return LabelLayout(Box{x.from() + 3.0, y.to() + 3.0, x.to() - 3.0, y.from() - 3.0});
}

svg::Document draw_plot_frame(const PlotFrame& frame, const LogScale& x, const LogScale& y) {
  const double top = legend_top(y);
  svg::Document probe(plot_style::kWidth, 0.0, "");  // the legend drawn to measure it
  const double height = frame.legend ? frame.legend(probe, top) + frame.legend_margin : top;
  svg::Document doc = figure_document(height, frame.text);
  draw_axes(doc, x, y, frame.x_ticks.empty() ? decade_ticks(x) : frame.x_ticks,
            frame.y_ticks.empty() ? decade_ticks(y) : frame.y_ticks, frame.titles);
  return doc;
}

}  // namespace ledger
