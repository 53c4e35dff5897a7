#include "ledger/plot_style.hpp"

#include <set>
#include <string>
#include <tuple>

#include <catch2/catch.hpp>

#include "ledger/svg.hpp"

using namespace ledger;

TEST_CASE("series styles: the first 60 series differ in colour, dash or marker", "[plot_style]") {
  // 12 colours, 4 dashes, 5 markers: lcm 60 series before a (colour, dash, marker) repeats.
  std::set<std::tuple<std::string, std::string, int>> seen;
  for (std::size_t i = 0; i < 60; ++i) {
    const plot_style::SeriesStyle s = plot_style::series_style(i);
    CHECK(seen.insert({s.color, s.dash, static_cast<int>(s.marker)}).second);
  }
  // Past the palette the colour repeats, the dash or the marker does not.
  const auto a = plot_style::series_style(0), b = plot_style::series_style(12);
  CHECK(a.color == b.color);
  CHECK((a.dash != b.dash || a.marker != b.marker));
}

TEST_CASE("with_subscripts: a one-letter symbol's index, not an identifier", "[svg]") {
  const auto runs = svg::with_subscripts("交点 h_q = cube_cycles·h_q");
  REQUIRE(runs.size() == 4);
  CHECK(runs[0].text == "交点 h");
  CHECK(runs[1].text == "q");
  CHECK(runs[1].subscript);
  CHECK(runs[2].text == " = cube_cycles·h");
  CHECK(!runs[2].subscript);
  CHECK(runs[3].text == "q");
  CHECK(runs[3].subscript);
  CHECK(svg::with_subscripts("mem_cycles x_yz").size() == 1);
}

TEST_CASE("a subscript is a lowered, smaller tspan and the baseline comes back", "[svg]") {
  svg::Document doc(100.0, 50.0, "t");
  doc.text({10.0, 20.0}, svg::with_subscripts("h_q ≈ 52.0"), svg::TextStyle{12.0});
  const std::string out = doc.str();
  CHECK(out.find(R"(h<tspan dy="3.00" font-size="9.00">q</tspan><tspan dy="-3.00"> ≈ 52.0</tspan>)") !=
        std::string::npos);
}
