// LabelLayout::place_along_if_free, and place() when no slot is free or none fits.
// Expected positions are hand computations from the layout's rules: a text is
// 0.6 em wide per Latin character, 0.85 em above and 0.2 em below its baseline.
#include <catch2/catch.hpp>

#include <stdexcept>

#include "ledger/label_layout.hpp"

using namespace ledger;

TEST_CASE("A label along a line sits beside its middle, then moves along when that is taken", "[plot]") {
  LabelLayout layout(Box{0, 0, 200, 200});
  // "ab" at 10 px: 12 px wide, 10 px high. Along y = 100 from x = 0 to 200, 4 px above:
  // centre (100, 100 - 4 - 5) = (100, 91); baseline 0.35 em below the centre: y = 94.5.
  const auto first = layout.place_along_if_free({0, 100}, {200, 100}, "ab", 10.0, 4.0);
  REQUIRE(first);
  CHECK(first->at.x == Approx(100.0));
  CHECK(first->at.y == Approx(94.5));
  CHECK(first->anchor == svg::Anchor::middle);
  CHECK(first->rotate == Approx(0.0));
  // The middle is now taken: the next label goes to 0.35 of the length, x = 70.
  const auto second = layout.place_along_if_free({0, 100}, {200, 100}, "ab", 10.0, 4.0);
  REQUIRE(second);
  CHECK(second->at.x == Approx(70.0));
  CHECK(second->at.y == Approx(94.5));
}

TEST_CASE("A label along a rising line is rotated with it and sits above it", "[plot]") {
  LabelLayout layout(Box{0, 0, 200, 200});
  // From (0, 200) up to (100, 100): atan2(-100, 100) = -45 degrees. The middle is (50, 150);
  // 4 + 5 px to the left of travel is (-1, -1)/sqrt(2) * 9: centre (43.636, 143.636). The
  // baseline is 3.5 px below the centre across the text, (1, 1)/sqrt(2) * 3.5: (46.111, 146.111).
  const auto label = layout.place_along_if_free({0, 200}, {100, 100}, "ab", 10.0, 4.0);
  REQUIRE(label);
  CHECK(label->rotate == Approx(-45.0));
  CHECK(label->at.x == Approx(46.1109).epsilon(1e-5));
  CHECK(label->at.y == Approx(146.1109).epsilon(1e-5));
  CHECK_THROWS_AS(layout.place_along_if_free({5, 5}, {5, 5}, "ab", 10.0, 4.0), std::invalid_argument);
}

TEST_CASE("When every slot is covered, the label takes the least covered one", "[plot]") {
  LabelLayout layout(Box{0, 0, 200, 200});
  // Everything but the band 95 < y < 105 is taken, and a marker right of the point.
  layout.occupy(Box{0, 0, 200, 95});
  layout.occupy(Box{0, 105, 200, 200});
  layout.occupy(point_box({112, 100}, 3.0));
  // "5" at 12 px is 7.2 px wide. The right slot's box, x 106..113.2, y 94..106.6, covers
  // 2.6 x 7.2 of the bands and 4.2 x 6 of the marker; the left slot's box, x 86.8..94 at
  // the same height, only the 18.72 of the bands: no slot beats it.
  const PlacedLabel label = layout.place({100, 100}, "5", 12.0, slots_around(3.0, 3.0, 12.0));
  CHECK(label.anchor == svg::Anchor::end);
  CHECK(label.at.x == Approx(94.0));
  CHECK(label.at.y == Approx(104.2));
}

TEST_CASE("When no slot fits inside the bounds, the label takes the first slot", "[plot]") {
  LabelLayout layout(Box{0, 0, 10, 10});
  // Every box of "long label" (about 72 px) is wider than the 10 px figure. The first slot
  // is to the right: 3 + 3 px from the point, baseline 0.35 x 12 = 4.2 px lower.
  const auto slots = slots_around(3.0, 3.0, 12.0);
  const PlacedLabel label = layout.place({5, 5}, "long label", 12.0, slots);
  CHECK(label.anchor == svg::Anchor::start);
  CHECK(label.at.x == Approx(11.0));
  CHECK(label.at.y == Approx(9.2));
  CHECK_THROWS_AS(layout.place({5, 5}, "x", 12.0, {}), std::invalid_argument);
}
