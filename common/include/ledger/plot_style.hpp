// The look the three chapter figures share: one frame in viewBox pixels, one
// set of colours, line styles and point markers, so the book's figures sit
// together and every series stays apart in grayscale print, not by colour alone.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "ledger/svg.hpp"

namespace ledger::plot_style {

inline constexpr double kWidth = 800.0;     // viewBox width
inline constexpr double kLeft = 92.0;       // plot area, left edge (room for the y tick labels)
inline constexpr double kRight = 772.0;     // plot area, right edge
inline constexpr double kTop = 64.0;        // plot area, top edge (room for the title)
inline constexpr double kLegendGap = 68.0;  // from the plot area's bottom to the legend (x axis labels)
inline constexpr double kLegendRow = 19.0;  // legend line height

inline const std::string kInk = "#222222";
inline const std::string kMuted = "#6a6a70";
// One colour per series, in an order whose neighbours differ in lightness too
// (the first two, dark blue and orange, print as clearly different grays).
inline const std::vector<std::string> kPalette{"#1b4f8a", "#d0571f", "#2e8b57", "#b8860b", "#8e44ad", "#0b7285",
                                               "#c0392b", "#6b8e23", "#d63384", "#5d6d7e", "#16a085", "#8b4513"};
// Line patterns for series drawn dashed (solid is kept for what a figure
// emphasises). Four against twelve colours: the pair (colour, dash) repeats
// only after 12 series, and with the markers' five after 60.
inline const std::vector<std::string> kDashes{"6 4", "2 3", "10 3 2 3", "12 5"};

enum class Marker { circle, square, triangle, diamond, triangle_down };
inline constexpr Marker kMarkers[] = {Marker::circle, Marker::square, Marker::triangle, Marker::diamond,
                                      Marker::triangle_down};

// Series i's colour, dash and marker (each cycling through its own list).
struct SeriesStyle {
  std::string color;
  std::string dash;
  Marker marker = Marker::circle;
};
SeriesStyle series_style(std::size_t i);

// How far a marker of "radius" r reaches from its centre (a triangle's apex
// lies farther out than the circle's radius): the box labels must keep off.
double marker_reach(Marker marker, double r);

// A point marker of "radius" r (the circle's; the others cover about the same area).
void draw_marker(svg::Document& doc, Marker marker, svg::Point centre, double r, const std::string& fill,
                 const svg::Stroke& stroke = {});

}  // namespace ledger::plot_style
