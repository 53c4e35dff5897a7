#include <catch2/catch.hpp>

#include <stdexcept>
#include <vector>

#include "ledger/log_scale.hpp"
#include "ledger/plot_axes.hpp"
#include "ledger/roofline_plot.hpp"

using ledger::LogScale;

TEST_CASE("A log scale maps decades to equal pixel steps", "[plot]") {
  const LogScale s(1.0, 1000.0, 0.0, 300.0);
  CHECK(s(1.0) == Approx(0.0));
  CHECK(s(10.0) == Approx(100.0));
  CHECK(s(1000.0) == Approx(300.0));
  CHECK(s.value_at(200.0) == Approx(100.0));
  const LogScale y(1.0, 100.0, 400.0, 0.0);  // a y axis runs upwards
  CHECK(y(10.0) == Approx(200.0));
  CHECK_THROWS_AS(LogScale(0.0, 1.0, 0, 1), std::invalid_argument);
  CHECK_THROWS_AS(LogScale(2.0, 1.0, 0, 1), std::invalid_argument);
}

TEST_CASE("Whole decades cover the values with headroom, exactly at powers of ten", "[plot]") {
  const std::vector<double> v{0.17, 2068.0};
  const LogScale s = LogScale::whole_decades(v, 1.5, 0, 1);
  CHECK(s.low() == 0.1);
  CHECK(s.high() == 1e4);
  const std::vector<double> peak{1e15};  // a value at a power of ten gets a decade of room
  CHECK(LogScale::whole_decades(peak, 1.5, 0, 1).high() == 1e16);
  CHECK(LogScale::whole_decades(peak, 1.0, 0, 1).low() == 1e15);
  const std::vector<double> bad{1.0, 0.0};
  CHECK_THROWS_AS(LogScale::whole_decades(bad, 1.5, 0, 1), std::invalid_argument);
}

TEST_CASE("Decade ticks are labelled with superscripts, minor ticks are not", "[plot]") {
  CHECK(ledger::decade_label(0) == "1");
  CHECK(ledger::decade_label(1) == "10");
  CHECK(ledger::decade_label(12) == "10¹²");
  CHECK(ledger::decade_label(-3) == "10⁻³");
  const LogScale s(0.1, 10.0, 0, 1);
  CHECK(s.decade_exponents() == std::vector<int>{-1, 0, 1});
  CHECK(s.minor_values().size() == 16);
  CHECK(s.minor_values().front() == 0.2);
  const auto ticks = ledger::decade_ticks(s);
  CHECK(ticks.size() == 19);
  CHECK(ticks.back().label == "10");
}

TEST_CASE("The roofline rises along the bandwidth slope, then stays at the peak", "[plot]") {
  const LogScale x(0.1, 1000.0, 0.0, 400.0);
  const LogScale y(1.0, 1e4, 300.0, 0.0);
  // bandwidth 10, peak 1000: balance point at 100 FLOP/Byte
  const auto p = ledger::roofline_points(x, y, 1000.0, 10.0);
  REQUIRE(p.size() == 3);
  CHECK(p[0].x == Approx(x(0.1)));
  CHECK(p[0].y == Approx(y(1.0)));
  CHECK(p[1].x == Approx(x(100.0)));
  CHECK(p[1].y == Approx(y(1000.0)));
  CHECK(p[2].x == Approx(400.0));
  CHECK(ledger::attainable(50.0, 1000.0, 10.0) == 500.0);
  CHECK(ledger::attainable(500.0, 1000.0, 10.0) == 1000.0);
  // The slope enters from below when bandwidth x low intensity is under the plot.
  const auto low = ledger::roofline_points(x, y, 100.0, 1.0);
  REQUIRE(low.size() == 3);
  CHECK(low[0].x == Approx(x(1.0)));
}

TEST_CASE("Whole decades stay in double's range at its edges", "[plot]") {
  const std::vector<double> huge{1.6e308};  // times the headroom overflows to infinity
  const LogScale s = LogScale::whole_decades(huge, 1.2, 0, 1);
  CHECK(s.low() == 1e300);  // exponents are clamped to +-300
  CHECK(s.high() == 1e301);
  const std::vector<double> tiny{5e-324};
  CHECK(LogScale::whole_decades(tiny, 1.2, 0, 1).low() == 1e-300);
}
