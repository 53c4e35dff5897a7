#include "ledger/plot_axes.hpp"

namespace ledger {
namespace {

const svg::Stroke kMajorGrid{"#d8d8dc", 1.0, ""};
const svg::Stroke kMinorGrid{"#eeeef0", 1.0, ""};
const svg::Stroke kFrame{"#4a4a50", 1.0, ""};
constexpr double kTickLength = 5.0;

}  // namespace

std::vector<Tick> decade_ticks(const LogScale& scale, bool minor) {
  std::vector<Tick> ticks;
  if (minor) {
    for (double v : scale.minor_values()) ticks.push_back(Tick{v, "", false});
  }
  for (int k : scale.decade_exponents()) ticks.push_back(Tick{power_of_ten(k), decade_label(k), true});
  return ticks;
}

void draw_axes(svg::Document& doc, const LogScale& x, const LogScale& y, std::span<const Tick> x_ticks,
               std::span<const Tick> y_ticks, const AxisTitles& titles) {
  const double left = x.from();
  const double right = x.to();
  const double bottom = y.from();
  const double top = y.to();

  // Minor lines first, so major lines are drawn over them.
  for (bool major : {false, true}) {
    for (const Tick& t : x_ticks) {
      if (t.major != major || !x.contains(t.value)) continue;
      const double px = x(t.value);
      doc.line({px, top}, {px, bottom}, major ? kMajorGrid : kMinorGrid);
    }
    for (const Tick& t : y_ticks) {
      if (t.major != major || !y.contains(t.value)) continue;
      const double py = y(t.value);
      doc.line({left, py}, {right, py}, major ? kMajorGrid : kMinorGrid);
    }
  }
  doc.rect({left, top}, right - left, bottom - top, "", kFrame);

  // Many decades on a short axis: a label that would touch the previous one is
  // left out (its tick stays), so every other (or third...) decade is named.
  const svg::TextStyle x_label{11.0, svg::Anchor::middle, "#4a4a50"};
  double x_free_from = -1e300;  // the previous label's right end, plus a gap
  for (const Tick& t : x_ticks) {
    if (t.label.empty() || !x.contains(t.value)) continue;
    const double px = x(t.value);
    doc.line({px, bottom}, {px, bottom + kTickLength}, kFrame);
    const double half = svg::text_width(t.label, x_label.size) / 2.0;
    if (px - half < x_free_from) continue;
    doc.text({px, bottom + kTickLength + 13.0}, t.label, x_label);
    x_free_from = px + half + 6.0;
  }
  const svg::TextStyle y_label{11.0, svg::Anchor::end, "#4a4a50"};
  double y_free_above = 1e300;  // the previous (lower) label's top, less a gap
  for (const Tick& t : y_ticks) {
    if (t.label.empty() || !y.contains(t.value)) continue;
    const double py = y(t.value);
    doc.line({left - kTickLength, py}, {left, py}, kFrame);
    // The label's box: 0.85 em above its baseline (py + 4), 0.2 em below.
    if (py + 4.0 + 0.2 * y_label.size > y_free_above) continue;
    doc.text({left - kTickLength - 3.0, py + 4.0}, t.label, y_label);
    y_free_above = py + 4.0 - 0.85 * y_label.size - 2.0;
  }

  // An axis may be a symbol with an index (h_q): set it as a subscript.
  doc.text({(left + right) / 2.0, bottom + 42.0}, svg::with_subscripts(titles.x),
           svg::TextStyle{13.0, svg::Anchor::middle});
  doc.text({left - 52.0, (top + bottom) / 2.0}, svg::with_subscripts(titles.y),
           svg::TextStyle{13.0, svg::Anchor::middle, "#222222", false, -90.0});
}

}  // namespace ledger
