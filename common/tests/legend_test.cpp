#include <catch2/catch.hpp>

#include <string>

#include "ledger/legend.hpp"
#include "svg_contains.hpp"

TEST_CASE("A legend row is a swatch, then texts in columns as wide as their widest text", "[plot]") {
  ledger::Legend legend;
  legend.rows.push_back({ledger::svg::Stroke{"#123456", 2.0, "6 4"},
                         ledger::plot_style::Marker::square,
                         {{"ab", "#123456", true}, {"x"}}});
  legend.rows.push_back({ledger::svg::Stroke{"#654321", 1.0, ""}, std::nullopt, {{"abcd"}, {"y"}}});
  legend.rows.push_back({std::nullopt, std::nullopt, {{"a note", ledger::plot_style::kMuted}}});
  ledger::svg::Document doc(800, 600, "");
  // Three rows 19 px apart from 500; the legend ends 14 px under the last baseline.
  CHECK(ledger::draw_legend(doc, 500.0, legend) == 552.0);
  const std::string svg = doc.str();
  // The swatch: 26 px of the series' line 4 px over the baseline, the marker (3.5 x 0.89 = 3.115 half side) on its
  // middle.
  CHECK(svg_contains(
      svg,
      R"(<line x1="36.00" y1="496.00" x2="62.00" y2="496.00" stroke="#123456" stroke-width="2.00" stroke-dasharray="6 4"/>)"));
  CHECK(svg_contains(svg, R"(<rect x="45.88" y="492.88" width="6.23" height="6.23" fill="#123456"/>)"));
  // Texts start 34 px right of the swatch; the first column is "abcd" wide (4 x 0.6 x 12 = 28.8 px) and 14 px more.
  CHECK(svg_contains(svg, R"(<text x="70.00" y="500.00" fill="#123456" font-weight="bold">ab</text>)"));
  CHECK(svg_contains(svg, R"(<text x="112.80" y="500.00" fill="#222222">x</text>)"));
  CHECK(svg_contains(svg, R"(<text x="112.80" y="519.00" fill="#222222">y</text>)"));
  // A row without a swatch starts at the left edge; its only text sets no column.
  CHECK(svg_contains(svg, R"(<text x="36.00" y="538.00" fill="#6a6a70">a note</text>)"));
}

TEST_CASE("A legend text too long for the figure shrinks, then is cut", "[plot]") {
  ledger::Legend legend;
  // 200 characters at 0.6 em: 1440 px at 12 px, 960 px at 8 px, against 800 - 36 - 8 = 756 px.
  legend.rows.push_back({std::nullopt, std::nullopt, {{std::string(200, 'w')}}});
  ledger::svg::Document doc(800, 600, "");
  ledger::draw_legend(doc, 100.0, legend);
  // At 8 px, 756 / 4.8 = 157.5 characters fit: 156 w and the "…" (157 x 4.8 = 753.6 px).
  CHECK(svg_contains(doc.str(), R"(font-size="8.00" fill="#222222">)" + std::string(156, 'w') + "…</text>"));
}
