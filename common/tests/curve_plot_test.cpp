#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ledger/curve_plot.hpp"
#include "ledger/plot_frame.hpp"

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
