// The names a chapter's figure code uses unqualified, said once: the SVG vocabulary and the
// frame, colours and markers all figures share (plot_style). A figure's file takes them with
// `using namespace ledger::figure_names;` and keeps only its figure's content.
#pragma once

#include "ledger/plot_style.hpp"
#include "ledger/svg.hpp"

namespace ledger::figure_names {

using svg::Anchor;
using svg::Point;
using svg::Stroke;
using svg::TextStyle;
using svg::with_subscripts;
using namespace plot_style;

}  // namespace ledger::figure_names
