#include "plot.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "ledger/figure_names.hpp"
#include "ledger/plot_style.hpp"
#include "ledger/roofline_figure.hpp"
#include "report.hpp"

namespace op_traffic {
namespace {

// The frame and colours all figures share (the plot's height is the figure's default).
using namespace ledger::figure_names;
constexpr double kPointRadius = 4.5;  // the legend's key markers, as large as the figure's

// The two verdicts: the palette's first two series (dark blue, circle; orange,
// square), apart in grayscale by lightness and by shape.
ledger::plot_style::SeriesStyle bound_style(ledger::Bound b) {
  return ledger::plot_style::series_style(b == ledger::Bound::memory ? 0 : 1);
}
const std::string kRoofColor = "#2b2b30";
const std::string kBalanceColor = "#a4262c";

struct Operator {
  int number = 0;  // 1-based, in print order
  const Row* row = nullptr;
  ledger::Verdict verdict;
  bool plotted = false;  // false for a row without FLOPs
};

// A figure's number: one decimal as the book's machines need ("729.3"), but
// three significant digits where that would print 0.0 (a reader's tiny roof).
std::string figure_number(double value, const char* fixed) {
  return value >= 0.05 ? fmt::format(fmt::runtime(fixed), value) : fmt::format("{:.3g}", value);
}

std::vector<Operator> operators_of(const Machine& machine, const std::vector<Row>& rows) {
  std::vector<Operator> out;
  for (const Row& row : rows) {
    out.push_back(Operator{static_cast<int>(out.size()) + 1, &row, judge_row(machine, row),
                           row.cost.flops > 0.0});
  }
  return out;
}

// The legend: the colour key, then each operator by number, in columns. Drawn
// here, not declared as a ledger::Legend: its key sets three swatches on one
// row and its operators fill one or two numbered columns, a layout only this figure has.
double draw_legend(ledger::svg::Document& doc, double key_y, const std::vector<Operator>& ops) {
  double x = 40.0;
  const TextStyle key_text{12.0, Anchor::start, "#222222"};
  const auto memory = bound_style(ledger::Bound::memory),
             compute = bound_style(ledger::Bound::compute);
  ledger::plot_style::draw_marker(doc, memory.marker, {x, key_y - 4.0}, kPointRadius,
                                  memory.color);
  doc.text({x + 9.0, key_y}, "memory-bound（带宽先饱和）", key_text);
  x += 210.0;
  ledger::plot_style::draw_marker(doc, compute.marker, {x, key_y - 4.0}, kPointRadius,
                                  compute.color);
  doc.text({x + 9.0, key_y}, "compute-bound（算力先饱和）", key_text);
  x += 210.0;
  doc.circle({x, key_y - 4.0}, 5.5, "#ffffff", Stroke{kBalanceColor, 2.0, ""});
  doc.text({x + 10.0, key_y}, "平衡点 = 峰值算力 / 带宽", key_text);

  const auto entry = [](const Operator& op) {
    return op.plotted ? op.row->cost.name : op.row->cost.name + "（0 FLOP，不在图上）";
  };
  // Two columns when every entry fits one at 12 or at 11 px, else one column at 12 px.
  const double column_width = (kWidth - 2 * 36.0) / 2.0;
  const auto fits = [&](double size) {
    double widest = 0.0;
    for (const Operator& op : ops)
      widest = std::max(widest, ledger::svg::text_width(entry(op), size));
    return widest + 26.0 <= column_width;
  };
  const double size = fits(12.0) ? 12.0 : fits(11.0) ? 11.0 : 12.0;
  const std::size_t columns = fits(size) ? 2 : 1;
  const std::size_t per_column = (ops.size() + columns - 1) / columns;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const Operator& op = ops[i];
    const double cx = 36.0 + static_cast<double>(i / per_column) * column_width;
    const double cy = key_y + 26.0 + static_cast<double>(i % per_column) * kLegendRow;
    const std::string color = op.plotted ? bound_style(op.verdict.bound).color : kMuted;
    doc.text({cx + 14.0, cy}, fmt::format("{}", op.number),
             TextStyle{size, Anchor::end, color, true});
    // Never past its column (or the figure): a very long entry shrinks, then is cut.
    const double room = (columns == 2 ? column_width : kWidth - 2 * 36.0) - 26.0;
    const auto fitted = ledger::svg::fit_text(entry(op), size, 8.0, room);
    doc.text({cx + 22.0, cy}, fitted.text,
             TextStyle{fitted.size, Anchor::start, op.plotted ? "#222222" : kMuted});
  }
  return key_y + 26.0 + static_cast<double>(per_column) * kLegendRow + 4.0;
}

}  // namespace

std::string roofline_svg(const Machine& machine, const std::vector<Row>& rows) {
  const std::vector<Operator> ops = operators_of(machine, rows);
  const double balance = machine.balance();
  // A short slope crowded with points takes the shorter form, or no label (the title names the
  // bandwidth).
  const std::string gb_per_s = machine.bandwidth() >= 0.5e9
                                   ? fmt::format("{:.0f}", machine.bandwidth() / 1e9)
                                   : fmt::format("{:.3g}", machine.bandwidth() / 1e9);
  ledger::RooflineFigure figure;
  // A reader's profile makes a long label (its name, file and calibration): the heading shrinks
  // to the width.
  figure.text = {fmt::format("op_traffic 的 roofline：{}", machine.label),
                 fmt::format("Roofline：{}", machine.label),
                 "每个点是一个算子：横坐标是它的算术强度，纵坐标是它能达到的算力 min(峰值算力, "
                 "带宽 × 算术强度)",
                 40.0};
  figure.peak = machine.peak_flops();
  figure.bandwidth = machine.bandwidth();
  figure.roof_color = kRoofColor;
  figure.slope_labels = {fmt::format("带宽 {} GB/s × 算术强度", gb_per_s),
                         fmt::format("{} GB/s", gb_per_s)};
  figure.balance = {fmt::format("平衡点 {} FLOP/Byte", figure_number(balance, "{:.1f}")),
                    kBalanceColor};
  figure.ceiling_label =
      fmt::format("峰值算力 {} TFLOP/s", figure_number(machine.peak_flops() / 1e12, "{:.1f}"));
  figure.label_size = 11.0;
  figure.legend = [&](ledger::svg::Document& doc, double top) {
    return draw_legend(doc, top, ops);
  };
  // The operators: points on the roof, numbered as in the legend (a row without FLOPs has no
  // place on it).
  for (const Operator& op : ops) {
    if (!op.plotted) continue;
    figure.points.push_back({op.row->cost.intensity(), fmt::format("{}", op.number),
                             bound_style(op.verdict.bound)});
  }
  return ledger::draw_roofline_figure(figure);
}

}  // namespace op_traffic
