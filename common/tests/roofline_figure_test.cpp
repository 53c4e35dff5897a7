#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ledger/roofline_figure.hpp"
#include "svg_contains.hpp"

// One roof, one point, worked by hand. Peak 1e12 FLOP/s, bandwidth 1e11 B/s:
// the balance point is 10 FLOP/Byte. The point at intensity 1 sits on the slope at 1e11 FLOP/s.
//
// x: the intensities 10/30, 10, 100 (the roof's corner with slope and ceiling
// either side) and 1, with a factor 1.5 of room: whole decades 0.1 .. 1000,
// 680 px / 4 decades = 170 px each from kLeft = 92, so x(1) = 262, x(10) = 432.
// y: 1e12/30, 1e12 and 1e11; from the whole decade under 1e12/30/1.3 = 2.6e10,
// 1e10, to 3 x 1e12: 330 px over log10(300) = 2.4771 decades, from 394 up, so
// y(1e11) = 394 - 330/2.4771 = 260.78 and y(1e12) = 394 - 2 x 133.22 = 127.56.
namespace {

ledger::RooflineFigure one_roof_one_point() {
  ledger::RooflineFigure figure;
  figure.text = {"t", "heading", "subtitle"};
  figure.peak = 1e12;
  figure.bandwidth = 1e11;
  figure.points.push_back(
      {1.0, "p", ledger::plot_style::SeriesStyle{"#123456", "", ledger::plot_style::Marker::circle}});
  return figure;
}

}  // namespace

TEST_CASE("A roofline figure draws its roof and its point where the hand computation puts them", "[plot]") {
  const std::string svg = ledger::draw_roofline_figure(one_roof_one_point());
  // No legend: the figure ends 68 px (the x axis labels and title) under the plot area's bottom, 394.
  CHECK(svg_contains(svg, R"(width="800.00" height="462.00" viewBox="0 0 800.00 462.00")"));
  // The slope from (0.1, 1e10) at the bottom-left corner to the balance point, then the ceiling to the right edge.
  CHECK(
      svg_contains(svg, R"(<polyline points="92.00,394.00 432.00,127.56 772.00,127.56" fill="none" stroke="#222222")"));
  CHECK(svg_contains(
      svg, R"(<circle cx="262.00" cy="260.78" r="4.50" fill="#123456" stroke="#ffffff" stroke-width="1.00"/>)"));
  // The label: right and left of the point cross the slope, above touches the
  // point's box (5.5 px around it), so it goes below: 4.5 + 3 + 0.8 x 12 under the point.
  CHECK(svg_contains(svg,
                     R"(<text x="262.00" y="277.88" text-anchor="middle" fill="#123456" font-weight="bold">p</text>)"));
  CHECK(svg_contains(svg, "<title>t</title>"));
  // Nothing that was not declared: no balance mark, no roof labels.
  CHECK_FALSE(svg_contains(svg, "stroke-dasharray=\"4 3\""));
  CHECK(svg.find("<text", svg.find(">p</text>")) == std::string::npos);  // the point's label is the last text
}

TEST_CASE("A roofline figure's balance mark, roof labels and legend are drawn where declared", "[plot]") {
  ledger::RooflineFigure figure = one_roof_one_point();
  figure.balance = ledger::BalanceMark{"balance 10", "#aa0000"};
  figure.slope_labels = {"slope"};
  figure.ceiling_label = "ceiling";
  double legend_top = 0.0;
  figure.legend = [&](ledger::svg::Document& doc, double top) {
    legend_top = top;
    doc.text({36.0, top}, "legend");
    return top + 20.0;
  };
  const std::string svg = ledger::draw_roofline_figure(figure);
  // The legend starts 68 px under the plot area and the figure ends 10 px under the legend.
  CHECK(legend_top == 462.0);
  CHECK(svg_contains(svg, R"(height="492.00")"));
  CHECK(svg_contains(svg, R"(<text x="36.00" y="462.00" fill="#222222">legend</text>)"));
  // The balance point at (x(10), y(1e12)): a dashed line down to the axis and a ring over the roof.
  CHECK(svg_contains(
      svg,
      R"(<line x1="432.00" y1="394.00" x2="432.00" y2="127.56" stroke="#aa0000" stroke-width="1.00" stroke-dasharray="4 3"/>)"));
  CHECK(svg_contains(
      svg, R"(<circle cx="432.00" cy="127.56" r="5.50" fill="#ffffff" stroke="#aa0000" stroke-width="2.00"/>)"));
  CHECK(svg_contains(svg, ">balance 10</text>"));
  // The slope's label runs along it: the slope rises 266.44 px over 340 px, atan(266.44 / 340) = 38.08 degrees.
  CHECK(svg_contains(svg, R"(transform="rotate(-38.08 )"));
  CHECK(svg_contains(svg, ">slope</text>"));
  // The ceiling's label ends 6 px from the right edge, 7 px over the line.
  CHECK(svg_contains(svg, R"(<text x="766.00" y="120.56" text-anchor="end" fill="#222222">ceiling</text>)"));
}

TEST_CASE("Roofline scales fit whole decades across and the headroom over the highest roof", "[plot]") {
  const std::vector<double> intensities{0.5, 20.0};
  const std::vector<double> flops{2e11, 4e12};
  const auto [x, y] = ledger::fit_roofline_scales(intensities, flops, ledger::RooflineFit{}, 394.0);
  CHECK(x.low() == 0.1);     // 0.5 / 1.5 = 0.33 rounds down to a decade
  CHECK(x.high() == 100.0);  // 20 x 1.5 = 30 rounds up
  CHECK(x.from() == 92.0);
  CHECK(x.to() == 772.0);
  CHECK(y.low() == 1e11);             // 2e11 / 1.3 = 1.5e11 rounds down
  CHECK(y.high() == Approx(1.2e13));  // 3 x 4e12, not rounded
  CHECK(y.from() == 394.0);
  CHECK(y.to() == 64.0);
}
