// The layout's answers when a label's own slots are taken (issue 10): look
// farther for free room, or, for a label the legend repeats, leave it out;
// and the helpers that keep long texts and many decades readable. Expected
// values are hand computations from the layout's metrics: 0.6 em per Latin
// character, 0.85 em above the baseline and 0.2 em below.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "ledger/label_layout.hpp"
#include "ledger/log_scale.hpp"
#include "ledger/plot_axes.hpp"
#include "ledger/svg.hpp"

using namespace ledger;

TEST_CASE("when every slot is taken, place() finds free room farther out", "[plot]") {
  LabelLayout layout(Box{0, 0, 300, 300});
  // A 60 x 60 block around the point covers every slot of slots_around (at most ~16 px away).
  layout.occupy(Box{70, 70, 130, 130});
  const PlacedLabel label = layout.place({100, 100}, "5", 12.0, slots_around(3.0, 3.0, 12.0));
  const Box box = text_box(label.at, "5", 12.0, label.anchor);
  CHECK(box.overlap(Box{70, 70, 130, 130}) == 0.0);
  CHECK(box.inside(Box{0, 0, 300, 300}));
  // Rings every 6 px from 6, each tried from the right first: at 30 px the right-hand box
  // (x 130 .. 137.2) just touches the block's edge, which is free. Anchored at its start:
  // x = 130, baseline 0.325 em below the point's height (the text centred on it): y = 103.9.
  CHECK(label.anchor == svg::Anchor::start);
  CHECK(label.at.x == Approx(130.0));
  CHECK(label.at.y == Approx(103.9));
}

TEST_CASE("place_if_free takes nothing when there is no free room", "[plot]") {
  LabelLayout layout(Box{0, 0, 100, 100});
  layout.occupy(Box{0, 0, 100, 90});
  const auto none = layout.place_if_free({50, 50}, "abc", 12.0, slots_around(3.0, 3.0, 12.0), 30.0);
  CHECK_FALSE(none.has_value());
  // Nothing was taken: the strip 90..100 is still free for a 9 px text (9.45 px high).
  CHECK(layout.free(text_box({10, 98}, "abc", 9.0, svg::Anchor::start)));
}

TEST_CASE("place_along_if_free refuses a line whose both sides are taken", "[plot]") {
  LabelLayout layout(Box{0, 0, 200, 200});
  layout.occupy(Box{0, 0, 200, 96});
  layout.occupy(Box{0, 104, 200, 200});
  CHECK_FALSE(layout.place_along_if_free({0, 100}, {200, 100}, "ab", 10.0, 4.0).has_value());
}

TEST_CASE("a sloped label collides as its rotated rectangle, not its bounding box", "[plot]") {
  LabelLayout layout(Box{0, 0, 400, 400});
  // A 45-degree line. The label "abcdef" (36 x 10 px; 0.55 em = 5.5 px either side of its
  // axis) at the middle, centre (193.64, 193.64), has a bounding box of 177 .. 210.3 both
  // ways. A marker at (210, 177), radius 3, lies in that box's corner, but 23.3 px along
  // the text's axis from its centre, more than 18 + 4.24: clear of the text itself.
  layout.occupy(point_box({210, 177}, 3.0));
  const auto label = layout.place_along_if_free({100, 300}, {300, 100}, "abcdef", 10.0, 4.0);
  // The first try, the middle, is free: centre (200, 200) moved 9 px up-left across the line.
  REQUIRE(label);
  CHECK(label->rotate == Approx(-45.0));
  CHECK(label->at.x == Approx(200.0 - 9.0 / std::sqrt(2.0) + 3.5 / std::sqrt(2.0)));
}

TEST_CASE("fit_text shrinks a text to a width, then cuts it", "[plot]") {
  // "abcdefghij": 10 x 0.6 em = 72 px at 12 px, 60 px at 10 px.
  const auto shrunk = svg::fit_text("abcdefghij", 12.0, 8.0, 60.0);
  CHECK(shrunk.text == "abcdefghij");
  CHECK(shrunk.size == 10.0);
  // Not below 11 px: 66 px does not fit 60; "abcdefgh…" (9 x 6.6 = 59.4 px) does.
  const auto cut = svg::fit_text("abcdefghij", 12.0, 11.0, 60.0);
  CHECK(cut.text == "abcdefgh…");
  CHECK(cut.size == 11.0);
  CHECK(svg::fit_text("算子算子", 12.0, 12.0, 30.0).text == "算…");  // 12 + 7.2 px; never half a character
}

TEST_CASE("decade labels too close to each other are thinned, the ticks kept", "[plot]") {
  // 10^-16 .. 10^7 on 680 px: 29.6 px per decade; "10⁻¹⁶" is 5 x 0.6 x 11 = 33 px wide,
  // so no two neighbouring decades can both be labelled.
  const LogScale x(1e-16, 1e7, 92.0, 772.0);
  const LogScale y(1e2, 1e4, 394.0, 64.0);
  svg::Document doc(800, 500, "t");
  const auto x_ticks = decade_ticks(x, false);
  const auto y_ticks = decade_ticks(y, false);
  draw_axes(doc, x, y, x_ticks, y_ticks, {"x", "y"});
  const std::string svg_text = doc.str();
  CHECK(svg_text.find(">10⁻¹⁶<") != std::string::npos);  // the first is named
  CHECK(svg_text.find(">10⁻¹⁵<") == std::string::npos);  // its neighbour is not
  CHECK(svg_text.find(">10⁻¹⁴<") != std::string::npos);
  // From 1 up the labels are shorter ("1", "10", "10²"): every decade fits again.
  CHECK(svg_text.find(">1<") != std::string::npos);
  CHECK(svg_text.find(">10<") != std::string::npos);
  CHECK(svg_text.find(">10³<") != std::string::npos);
}
