#include "plot.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "ledger/label_layout.hpp"
#include "ledger/plot_axes.hpp"
#include "ledger/plot_style.hpp"
#include "ledger/roofline_plot.hpp"

namespace @PROGRAM@ {

using ledger::svg::Anchor;
using ledger::svg::Point;
using ledger::svg::Stroke;
using ledger::svg::TextStyle;
using namespace ledger::plot_style;  // the frame and colours every figure shares

std::string roofline_svg(const Machine& machine, const std::vector<Row>& rows) {
  constexpr double kBottom = 394.0;
  constexpr double kPointRadius = 4.5;
  const double balance = machine.balance();
  std::vector<double> xs{balance / 30.0, balance, balance * 10.0};
  std::vector<double> ys{machine.peak / 30.0, machine.peak};
  for (const Row& r : rows) {
    xs.push_back(r.cost.intensity());
    ys.push_back(ledger::attainable(r.cost.intensity(), machine.peak, machine.bandwidth));
  }
  const auto x = ledger::LogScale::whole_decades(xs, 1.5, kLeft, kRight);
  const double y_top = *std::max_element(ys.begin(), ys.end()) * 3.0;
  const auto y = ledger::LogScale(ledger::LogScale::whole_decades(ys, 1.3, kBottom, kTop).low(), y_top, kBottom, kTop);

  ledger::svg::Document doc(kWidth, kBottom + kLegendGap, "@PROGRAM@ 的 roofline：AXPY");
  doc.text({40.0, 28.0}, "Roofline：AXPY（y = a·x + y）", TextStyle{16.0, Anchor::start, kInk, true});
  ledger::draw_axes(doc, x, y, ledger::decade_ticks(x), ledger::decade_ticks(y),
                    {"算术强度 AI（FLOP/Byte，对数坐标）", "可达算力（FLOP/s，对数坐标）"});
  const auto roof = ledger::roofline_points(x, y, machine.peak, machine.bandwidth);
  doc.polyline(roof, Stroke{kInk, 2.2, ""});

  // Points first, then their labels where the layout finds room.
  ledger::LabelLayout layout(ledger::Box{kLeft + 3.0, kTop + 3.0, kRight - 3.0, kBottom - 3.0});
  std::vector<Point> at;
  for (const Row& r : rows) {
    at.push_back({x(r.cost.intensity()), y(ledger::attainable(r.cost.intensity(), machine.peak, machine.bandwidth))});
    layout.occupy(ledger::point_box(at.back(), kPointRadius + 1.0));
  }
  for (std::size_t i = 1; i < roof.size(); ++i) layout.occupy_line(roof[i - 1], roof[i], 2.0);
  const auto slots = ledger::slots_around(kPointRadius, 3.0, 12.0);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::string& color = kPalette[i % kPalette.size()];
    doc.circle(at[i], kPointRadius, color, Stroke{"#ffffff", 1.0, ""});
    const ledger::PlacedLabel l = layout.place(at[i], rows[i].dtype, 12.0, slots);
    doc.text(l.at, rows[i].dtype, TextStyle{12.0, l.anchor, color, true});
  }
  return doc.str();
}

}  // namespace @PROGRAM@
