#include <catch2/catch.hpp>

#include "ledger/label_layout.hpp"

using namespace ledger;

TEST_CASE("Labels of coinciding points go to different slots", "[plot]") {
  LabelLayout layout(Box{0, 0, 200, 200});
  const auto slots = slots_around(3.0, 3.0, 12.0);
  const svg::Point p{100, 100};
  layout.occupy(point_box(p, 3.0));
  const PlacedLabel a = layout.place(p, "5", 12.0, slots);
  const PlacedLabel b = layout.place(p, "9", 12.0, slots);
  CHECK(a.anchor == svg::Anchor::start);
  CHECK(a.at.x > 100.0);
  CHECK(text_box(a.at, "5", 12.0, a.anchor).overlap(text_box(b.at, "9", 12.0, b.anchor)) == 0.0);
}

TEST_CASE("A label near the edge moves inside", "[plot]") {
  LabelLayout layout(Box{0, 0, 100, 100});
  const PlacedLabel a = layout.place({98, 50}, "long label", 12.0, slots_around(3.0, 3.0, 12.0));
  CHECK(a.anchor != svg::Anchor::start);
  CHECK(text_box(a.at, "long label", 12.0, a.anchor).inside(Box{0, 0, 100, 100}));
}
