// The look the three chapter figures share: one frame in viewBox pixels and
// one set of colours, so the book's figures sit together.
#pragma once

#include <string>
#include <vector>

namespace ledger::plot_style {

inline constexpr double kWidth = 800.0;     // viewBox width
inline constexpr double kLeft = 92.0;       // plot area, left edge (room for the y tick labels)
inline constexpr double kRight = 772.0;     // plot area, right edge
inline constexpr double kTop = 64.0;        // plot area, top edge (room for the title)
inline constexpr double kLegendGap = 68.0;  // from the plot area's bottom to the legend (x axis labels)
inline constexpr double kLegendRow = 19.0;  // legend line height

inline const std::string kInk = "#222222";
inline const std::string kMuted = "#6a6a70";
// One colour per series; figures cycle through it. Twelve, so a reader's dozen
// topk values or roofs still tell apart by colour.
inline const std::vector<std::string> kPalette{"#1f6fb4", "#d0571f", "#2e8b57", "#8e44ad", "#b8860b", "#c0392b",
                                               "#16a085", "#5d6d7e", "#d63384", "#0b7285", "#6b8e23", "#8b4513"};

}  // namespace ledger::plot_style
