// An SVG document built shape by shape, for the programs' --plot figures.
//
// The same figure must be the same bytes on every run and with every
// compiler: every coordinate goes through fmt with two decimals, nothing
// depends on the locale or the clock, and every text is escaped (control
// characters and broken UTF-8 become U+FFFD), so the file is always valid XML.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ledger::svg {

struct Point {
  double x = 0.0;
  double y = 0.0;
};

// CJK-capable sans-serif stack, the book's: the first installed font that covers Chinese wins.
inline constexpr std::string_view kFontStack =
    "'Noto Sans CJK SC', 'Source Han Sans SC', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', "
    "'WenQuanYi Micro Hei', sans-serif";

// How a line or an outline is drawn. An empty `color` means no stroke.
struct Stroke {
  std::string color;
  double width = 1.0;
  std::string dash;  // SVG dash pattern, e.g. "6 4"; empty = solid
};

enum class Anchor { start, middle, end };

struct TextStyle {
  double size = 12.0;
  Anchor anchor = Anchor::start;
  std::string color = "#222222";
  bool bold = false;
  double rotate = 0.0;  // degrees, about the anchor point (-90 reads bottom to top)
};

// A piece of a text: plain, or set as a subscript (h_q's q).
struct TextRun {
  std::string text;
  bool subscript = false;
};

// `text` with every one-letter symbol's one-character index (h_q, b_w: a
// letter that starts a word, `_`, one letter or digit that ends it) as a
// subscript run; identifiers such as cube_cycles stay as they are.
std::vector<TextRun> with_subscripts(std::string_view text);

class Document {
 public:
  // A width x height viewBox; `title` is the figure's accessible name.
  Document(double width, double height, std::string_view title);

  void line(Point from, Point to, const Stroke& stroke);
  void polyline(std::span<const Point> points, const Stroke& stroke);
  // An empty `fill` means none.
  void circle(Point centre, double radius, std::string_view fill, const Stroke& stroke = {});
  void rect(Point corner, double width, double height, std::string_view fill, const Stroke& stroke = {});
  // A closed shape (a marker: triangle, diamond).
  void polygon(std::span<const Point> points, std::string_view fill, const Stroke& stroke = {});
  // `at` is the baseline point of the anchor.
  // `css_class` (e.g. "heading") lets the book find a text: it drops the figure's own title.
  void text(Point at, std::string_view content, const TextStyle& style = {}, std::string_view css_class = "");
  // A text with subscripts: each subscript run is a <tspan> 0.75 times the
  // size, lowered by 0.25 em, and the baseline comes back after it.
  void text(Point at, std::span<const TextRun> runs, const TextStyle& style = {}, std::string_view css_class = "");

  double height() const { return height_; }

  // The whole file: XML declaration, <svg> with the shapes in drawing order, final newline.
  std::string str() const;

 private:
  double width_;
  double height_;
  std::string title_;
  std::string body_;
};

// A coordinate as written to the file: two decimals, never "-0.00".
std::string number(double value);

// `text` as XML character data or a double-quoted attribute value: & < > " escaped; control
// characters and invalid UTF-8 replaced by U+FFFD (XML 1.0 cannot hold them).
std::string escape(std::string_view text);

// Estimated advance width of `text` at font size `size`: CJK and full-width
// characters one em, everything else 0.6 em. For layout (label collisions,
// legend columns), never for anything printed.
double text_width(std::string_view text, double size);

// A text that must fit a width (a title naming a reader's file, a legend
// row): the largest size from `size` down to `min_size`, in 0.5 px steps, at
// which text_width fits `max_width`; at `min_size`, the text cut by code
// points with "…" until it fits.
struct FittedText {
  std::string text;
  double size = 12.0;
};
FittedText fit_text(std::string_view text, double size, double min_size, double max_width);

}  // namespace ledger::svg
