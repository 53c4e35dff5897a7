#include "ledger/plot_style.hpp"

#include <array>
#include <iterator>

namespace ledger::plot_style {

SeriesStyle series_style(std::size_t i) {
  return {kPalette[i % kPalette.size()], kDashes[i % kDashes.size()], kMarkers[i % std::size(kMarkers)]};
}

double marker_reach(Marker marker, double r) {
  switch (marker) {
    case Marker::triangle:
    case Marker::triangle_down: return r * 1.35;
    case Marker::diamond: return r * 1.25;
    case Marker::circle:
    case Marker::square: return r;
  }
  return r;
}

void draw_marker(svg::Document& doc, Marker marker, svg::Point c, double r, const std::string& fill,
                 const svg::Stroke& stroke) {
  switch (marker) {
    case Marker::circle: doc.circle(c, r, fill, stroke); return;
    case Marker::square: {
      const double half = r * 0.89;  // the circle's area
      doc.rect({c.x - half, c.y - half}, 2.0 * half, 2.0 * half, fill, stroke);
      return;
    }
    case Marker::diamond: {
      const double d = r * 1.25;
      const std::array<svg::Point, 4> points{{{c.x, c.y - d}, {c.x + d, c.y}, {c.x, c.y + d}, {c.x - d, c.y}}};
      doc.polygon(points, fill, stroke);
      return;
    }
    case Marker::triangle:
    case Marker::triangle_down: {
      const double s = marker == Marker::triangle ? 1.0 : -1.0;  // apex up or down
      const double d = r * 1.35;
      const std::array<svg::Point, 3> points{
          {{c.x, c.y - s * d}, {c.x + d * 0.87, c.y + s * d * 0.5}, {c.x - d * 0.87, c.y + s * d * 0.5}}};
      doc.polygon(points, fill, stroke);
      return;
    }
  }
}

}  // namespace ledger::plot_style
