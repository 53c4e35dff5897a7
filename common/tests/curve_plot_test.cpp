#include <catch2/catch.hpp>

#include <fmt/format.h>

#include <cstddef>
#include <string>
#include <vector>

#include "ledger/curve_plot.hpp"
#include "ledger/legend.hpp"
#include "ledger/plot_frame.hpp"
#include "ledger/plot_style.hpp"

using ledger::LogScale;

TEST_CASE("A curve is sampled every 4 px across the plot, values off the y scale left out", "[plot]") {
  const LogScale x(1.0, 100.0, 0.0, 8.0);  // 4 px a decade
  const LogScale y(1.0, 100.0, 100.0, 0.0);
  // f(v) = v at px 0, 4 and 8: v = 1, 10, 100, drawn at the bottom, the middle, the top.
  const auto line = ledger::sample_curve(x, y, [](double v) { return v; });
  REQUIRE(line.size() == 3);
  CHECK(line[0].x == 0.0);
  CHECK(line[0].y == Approx(100.0));
  CHECK(line[1].x == 4.0);
  CHECK(line[1].y == Approx(50.0));
  CHECK(line[2].x == 8.0);
  CHECK(line[2].y == Approx(0.0).margin(1e-9));
  // Where the steps overrun the right edge by less than 2 px, the last sample is at the edge.
  const LogScale x_odd(1.0, 100.0, 0.0, 10.5);
  const auto clamped = ledger::sample_curve(x_odd, y, [](double v) { return v; });
  REQUIRE(clamped.size() == 4);
  CHECK(clamped[3].x == 10.5);
  CHECK(clamped[3].y == Approx(0.0).margin(1e-9));
  // f(v) = 200 v is above the scale everywhere, f(v) = 0 has no place on it.
  CHECK(ledger::sample_curve(x, y, [](double v) { return 200.0 * v; }).empty());
  CHECK(ledger::sample_curve(x, y, [](double) { return 0.0; }).empty());
}

TEST_CASE("A curve's label sits just left of its right end, over the line", "[plot]") {
  ledger::svg::Document doc(200, 100, "");
  ledger::LabelLayout layout(ledger::Box{0.0, 0.0, 200.0, 100.0});
  const std::vector<ledger::svg::Point> line{{20.0, 80.0}, {100.0, 60.0}, {180.0, 40.0}};
  CHECK(ledger::label_curve_end(doc, layout, line, "mem", 11.0, "#123456"));
  // The end (180, 40), 4 px left and 6 px up, anchored at its end.
  CHECK(doc.str().find(R"(<text x="176.00" y="34.00" font-size="11.00" text-anchor="end" fill="#123456">mem</text>)") !=
        std::string::npos);
  CHECK_FALSE(ledger::label_curve_end(doc, layout, {}, "none", 11.0, "#123456"));
}

TEST_CASE("A plot's frame is as tall as its legend needs, or ends under the x axis", "[plot]") {
  const LogScale x(1.0, 100.0, 92.0, 772.0);
  const LogScale y(1.0, 100.0, 300.0, 64.0);
  CHECK(ledger::legend_top(y) == 368.0);  // 68 px under the plot area
  ledger::PlotFrame frame;
  frame.text = {"t", "heading", "subtitle"};
  CHECK(ledger::draw_plot_frame(frame, x, y).height() == 368.0);
  frame.legend = [](ledger::svg::Document&, double top) { return top + 40.0; };
  frame.legend_margin = 8.0;
  CHECK(ledger::draw_plot_frame(frame, x, y).height() == 416.0);
}

// A figure that is not a roofline, as a chapter's plot.cpp draws one (CONTRIBUTING.md, "Figures"):
// formulas as curves on a PlotFrame, each named at its right end, and a legend under the plot.
// Here AXPY's memory time t(n) = bytes(n) / bandwidth, fp32 (12n bytes) and fp16 (6n bytes).
namespace {
std::string axpy_time_svg(double bandwidth) {
  namespace style = ledger::plot_style;
  struct Curve {
    std::string name;
    double bytes_per_element;
  };
  const std::vector<Curve> curves{{"fp32", 12.0}, {"fp16", 6.0}};
  const LogScale x(1e3, 1e9, style::kLeft, style::kRight);  // n, elements
  const LogScale y(1e-9, 1e-1, 300.0, style::kTop);         // seconds
  ledger::Legend legend;
  for (std::size_t i = 0; i < curves.size(); ++i) {
    const style::SeriesStyle s = style::series_style(i);
    legend.rows.push_back({ledger::svg::Stroke{s.color, 2.0, s.dash},
                           s.marker,
                           {{curves[i].name}, {fmt::format("t = {:g}n 字节 / 带宽", curves[i].bytes_per_element)}}});
  }
  ledger::PlotFrame frame;
  frame.text = {"AXPY time", "AXPY 的访存时间", "每条曲线是一种元素类型"};
  frame.titles = {"n（元素数）", "时间（s）"};
  frame.legend = ledger::legend_drawer(legend);  // the frame's height makes room for it
  ledger::svg::Document doc = ledger::draw_plot_frame(frame, x, y);
  ledger::LabelLayout layout = ledger::plot_label_layout(x, y);
  for (std::size_t i = 0; i < curves.size(); ++i) {
    const style::SeriesStyle s = style::series_style(i);
    const auto line = ledger::sample_curve(x, y, [&](double n) { return curves[i].bytes_per_element * n / bandwidth; });
    doc.polyline(line, ledger::svg::Stroke{s.color, 2.0, s.dash});
    ledger::label_curve_end(doc, layout, line, curves[i].name, 11.0, s.color);
  }
  frame.legend(doc, ledger::legend_top(y));  // last, under the plot
  return doc.str();
}
}  // namespace

TEST_CASE("A curve figure: formulas on a plot frame, named at their ends, with a legend", "[plot]") {
  const std::string svg = axpy_time_svg(1e12);
  // fp32 at n = 1e3: 1.2e-8 s, log10 = -7.921, 1.079 of the 8 decades above 1e-9 over 236 px: y = 268.16.
  CHECK(svg.find(R"(<polyline points="92.00,268.16 )") != std::string::npos);
  // fp16 at n = 1e9: 6e-3 s, log10 = -2.222, 6.778 decades: y = 300 - 236 * 6.778 / 8 = 100.04.
  CHECK(svg.find(R"( 772.00,100.04")") != std::string::npos);
  CHECK(svg.find(">fp32</text>") != std::string::npos);  // each curve named by its end
  CHECK(svg.find(">fp16</text>") != std::string::npos);
  CHECK(svg.find("t = 12n 字节 / 带宽") != std::string::npos);  // and in the legend
  CHECK(svg.find("t = 6n 字节 / 带宽") != std::string::npos);
}
