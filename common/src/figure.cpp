#include "ledger/figure.hpp"

namespace ledger {

svg::Document figure_document(double height, const FigureText& text) {
  using namespace plot_style;
  svg::Document doc(kWidth, height, text.title);
  const auto heading = svg::fit_text(text.heading, 16.0, 10.0, kWidth - text.left - 12.0);
  doc.text({text.left, 28.0}, heading.text, svg::TextStyle{heading.size, svg::Anchor::start, "#111111", true},
           "heading");
  doc.text({text.left, 47.0}, text.subtitle, svg::TextStyle{12.0, svg::Anchor::start, kMuted});
  return doc;
}

}  // namespace ledger
