// The frame every chapter figure starts from: a document as tall as its
// legend needs, a bold heading (shrunk to the width when long) and a muted
// subtitle. The chapter then draws its axes, its content and its legend.
#pragma once

#include <string>

#include "ledger/plot_style.hpp"
#include "ledger/svg.hpp"

namespace ledger {

struct FigureText {
  std::string title;     // the document's accessible name (<title>)
  std::string heading;   // the first line, bold, 16 px (smaller, down to 10 px, when it does not fit)
  std::string subtitle;  // the second line, 12 px, muted
  double left = 36.0;    // where both lines start
};

// A kWidth x height document with the heading and subtitle drawn.
svg::Document figure_document(double height, const FigureText& text);

}  // namespace ledger
