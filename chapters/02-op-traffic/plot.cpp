#include "plot.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "ledger/figure.hpp"
#include "ledger/label_layout.hpp"
#include "ledger/plot_axes.hpp"
#include "ledger/plot_style.hpp"
#include "ledger/roofline_plot.hpp"
#include "report.hpp"

namespace op_traffic {
namespace {

using ledger::svg::Anchor;
using ledger::svg::Point;
using ledger::svg::Stroke;
using ledger::svg::TextStyle;

// The plot area and the legend under it, in viewBox pixels.
// The frame and colours all figures share; only the plot's height is this figure's.
using namespace ledger::plot_style;
constexpr double kBottom = 394.0;
constexpr double kLegendTop = kBottom + kLegendGap;
constexpr double kPointRadius = 4.5;

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
  Point at;
};

// A figure's number: one decimal as the book's machines need ("729.3"), but
// three significant digits where that would print 0.0 (a reader's tiny roof).
std::string figure_number(double value, const char* fixed) {
  return value >= 0.05 ? fmt::format(fmt::runtime(fixed), value) : fmt::format("{:.3g}", value);
}

std::vector<Operator> operators_of(const Machine& machine, const std::vector<Row>& rows) {
  std::vector<Operator> out;
  for (const Row& row : rows) {
    out.push_back(Operator{static_cast<int>(out.size()) + 1, &row, judge_row(machine, row), row.cost.flops > 0.0, {}});
  }
  return out;
}

// The legend: the colour key, then each operator by number, in columns.
double draw_legend(ledger::svg::Document& doc, const std::vector<Operator>& ops) {
  double x = 40.0;
  const double key_y = kLegendTop;  // the colour key's baseline
  const TextStyle key_text{12.0, Anchor::start, "#222222"};
  const auto memory = bound_style(ledger::Bound::memory), compute = bound_style(ledger::Bound::compute);
  ledger::plot_style::draw_marker(doc, memory.marker, {x, key_y - 4.0}, kPointRadius, memory.color);
  doc.text({x + 9.0, key_y}, "memory-bound（带宽先饱和）", key_text);
  x += 210.0;
  ledger::plot_style::draw_marker(doc, compute.marker, {x, key_y - 4.0}, kPointRadius, compute.color);
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
    for (const Operator& op : ops) widest = std::max(widest, ledger::svg::text_width(entry(op), size));
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
    doc.text({cx + 14.0, cy}, fmt::format("{}", op.number), TextStyle{size, Anchor::end, color, true});
    // Never past its column (or the figure): a very long entry shrinks, then is cut.
    const double room = (columns == 2 ? column_width : kWidth - 2 * 36.0) - 26.0;
    const auto fitted = ledger::svg::fit_text(entry(op), size, 8.0, room);
    doc.text({cx + 22.0, cy}, fitted.text, TextStyle{fitted.size, Anchor::start, op.plotted ? "#222222" : kMuted});
  }
  return key_y + 26.0 + static_cast<double>(per_column) * kLegendRow + 4.0;
}

}  // namespace

std::string roofline_svg(const Machine& machine, const std::vector<Row>& rows) {
  std::vector<Operator> ops = operators_of(machine, rows);
  const double balance = machine.balance();

  // The roof's corner with a stretch of slope and ceiling on either side, whatever the rows.
  std::vector<double> xs{balance / 30.0, balance, balance * 10.0};
  std::vector<double> ys{machine.peak_flops() / 30.0, machine.peak_flops()};
  for (const Operator& op : ops) {
    if (!op.plotted) continue;
    xs.push_back(op.row->cost.intensity());
    ys.push_back(ledger::attainable(op.row->cost.intensity(), machine.peak_flops(), machine.bandwidth()));
  }
  const auto x = ledger::LogScale::whole_decades(xs, 1.5, kLeft, kRight);
  // From a whole decade below, to well above the ceiling: room for the labels over it.
  const double y_top = *std::max_element(ys.begin(), ys.end()) * 3.0;
  const auto y = ledger::LogScale(ledger::LogScale::whole_decades(ys, 1.3, kBottom, kTop).low(), y_top, kBottom, kTop);

  // The legend's height sets the figure's. A reader's profile makes a long
  // label (its name, file and calibration): the heading shrinks to the width.
  const double height = ledger::legend_bottom([&](ledger::svg::Document& d) { return draw_legend(d, ops); }) + 10.0;
  ledger::svg::Document doc = ledger::figure_document(
      height, {fmt::format("op_traffic 的 roofline：{}", machine.label), fmt::format("Roofline：{}", machine.label),
               "每个点是一个算子：横坐标是它的算术强度，纵坐标是它能达到的算力 min(峰值算力, 带宽 × 算术强度)", 40.0});
  ledger::draw_axes(doc, x, y, ledger::decade_ticks(x), ledger::decade_ticks(y),
                    {"算术强度 AI（FLOP/Byte，对数坐标）", "可达算力（FLOP/s，对数坐标）"});

  // The roof, then the balance point on it.
  const auto roof = ledger::roofline_points(x, y, machine.peak_flops(), machine.bandwidth());
  doc.polyline(roof, Stroke{kRoofColor, 2.2, ""});
  const Point corner{x(balance), y(machine.peak_flops())};
  doc.line({corner.x, kBottom}, corner, Stroke{kBalanceColor, 1.0, "4 3"});

  ledger::LabelLayout layout(ledger::Box{kLeft + 3.0, kTop + 3.0, kRight - 3.0, kBottom - 3.0});
  for (Operator& op : ops) {
    if (!op.plotted) continue;
    const double ai = op.row->cost.intensity();
    op.at = {x(ai), y(ledger::attainable(ai, machine.peak_flops(), machine.bandwidth()))};
    layout.occupy(ledger::point_box(op.at, kPointRadius + 1.0));
  }
  layout.occupy(ledger::point_box(corner, 6.0));
  for (std::size_t i = 1; i < roof.size(); ++i) layout.occupy_line(roof[i - 1], roof[i], 2.0);
  layout.occupy_line({corner.x, kBottom}, corner, 1.5);  // the dashed line down from the balance point

  // The operators: points on the roof, numbered as in the legend; their numbers
  // are placed first, next to their points, the roof's labels where room is left.
  const auto slots = ledger::slots_around(kPointRadius, 3.0, 11.0);
  for (const Operator& op : ops) {
    if (!op.plotted) continue;
    const std::string color = bound_style(op.verdict.bound).color;
    ledger::plot_style::draw_marker(doc, bound_style(op.verdict.bound).marker, op.at, kPointRadius, color,
                                    Stroke{"#ffffff", 1.0, ""});
    const std::string number = fmt::format("{}", op.number);
    const ledger::PlacedLabel l = layout.place(op.at, number, 11.0, slots);
    doc.text(l.at, number, TextStyle{11.0, l.anchor, color, true});
  }
  // Name the two parts of the roof and the balance point: the slope's label
  // first, as it has the fewest places to go, then the two that can move.
  if (roof.size() >= 2 && roof[0].y != roof[1].y) {
    // A short slope crowded with points takes the shorter form, or no label (the title names the bandwidth).
    const std::string gb_per_s = machine.bandwidth() >= 0.5e9 ? fmt::format("{:.0f}", machine.bandwidth() / 1e9)
                                                              : fmt::format("{:.3g}", machine.bandwidth() / 1e9);
    for (const std::string& slope :
         {fmt::format("带宽 {} GB/s × 算术强度", gb_per_s), fmt::format("{} GB/s", gb_per_s)}) {
      const auto s = layout.place_along_if_free(roof[0], roof[1], slope, 12.0, 5.0);
      if (!s) continue;
      doc.text(s->at, slope, TextStyle{12.0, s->anchor, kRoofColor, false, s->rotate});
      break;
    }
  }
  const std::string balance_text = fmt::format("平衡点 {} FLOP/Byte", figure_number(balance, "{:.1f}"));
  const ledger::PlacedLabel b = layout.place(corner, balance_text, 12.0, ledger::slots_around(6.0, 4.0, 12.0));
  doc.text(b.at, balance_text, TextStyle{12.0, b.anchor, kBalanceColor, true});
  const std::string ceiling = fmt::format("峰值算力 {} TFLOP/s", figure_number(machine.peak_flops() / 1e12, "{:.1f}"));
  std::vector<ledger::LabelSlot> ceiling_slots;
  for (double shift : {0.0, 0.25, 0.5}) {  // from the right end leftwards, above then below the line
    const double dx = -shift * (kRight - std::max(corner.x, kLeft));
    ceiling_slots.push_back({dx, -7.0, Anchor::end});
    ceiling_slots.push_back({dx, 16.0, Anchor::end});
  }
  // Then every 12 px leftwards while the label still lies over the ceiling.
  const double leftmost = -(kRight - 6.0 - std::max(corner.x, kLeft) - ledger::svg::text_width(ceiling, 12.0));
  for (double dx = -12.0; dx >= leftmost; dx -= 12.0) {
    ceiling_slots.push_back({dx, -7.0, Anchor::end});
    ceiling_slots.push_back({dx, 16.0, Anchor::end});
  }
  // A ceiling too short for it (a balance point far right): at the ceiling's height left of
  // the corner, over the slope; with no free room near, the label is left out.
  std::vector<ledger::LabelSlot> left_slots;
  for (double dx = leftmost - 12.0; dx > -(kRight - kLeft); dx -= 12.0) left_slots.push_back({dx, -7.0, Anchor::end});
  auto c = layout.place_if_free({kRight - 6.0, corner.y}, ceiling, 12.0, ceiling_slots, 60.0);
  if (!c) c = layout.place_if_free({kRight - 6.0, corner.y}, ceiling, 12.0, left_slots, 0.0);
  if (c) doc.text(c->at, ceiling, TextStyle{12.0, c->anchor, kRoofColor});
  doc.circle(corner, 5.5, "#ffffff", Stroke{kBalanceColor, 2.0, ""});

  draw_legend(doc, ops);
  return doc.str();
}

}  // namespace op_traffic
