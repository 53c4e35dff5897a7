#include "ledger/svg.hpp"

#include <cstdint>
#include <optional>

#include <fmt/format.h>

#include "ledger/text.hpp"

namespace ledger::svg {
namespace {

// Decodes one code point at `text[i]`, advancing i; nullopt (one byte
// consumed) for a byte that does not start a well-formed UTF-8 sequence.
std::optional<char32_t> next_code_point(std::string_view text, std::size_t& i) {
  char32_t cp = 0;
  const std::size_t length = utf8_sequence(text, i, cp);
  i += length == 0 ? 1 : length;
  if (length == 0) return std::nullopt;
  return cp;
}

// Characters XML 1.0 allows in a document.
bool xml_char(char32_t cp) {
  return cp == 0x9 || cp == 0xA || cp == 0xD || (cp >= 0x20 && cp <= 0xD7FF) || (cp >= 0xE000 && cp <= 0xFFFD) ||
         cp >= 0x10000;
}

// East Asian wide and full-width ranges (the common ones; an estimate).
bool wide(char32_t cp) {
  return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) || (cp >= 0xAC00 && cp <= 0xD7A3) ||
         (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) ||
         (cp >= 0xFFE0 && cp <= 0xFFE6) || (cp >= 0x20000 && cp <= 0x3FFFD);
}

bool ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool ascii_alnum(char c) { return ascii_letter(c) || (c >= '0' && c <= '9'); }

// text[i] is a one-letter symbol with a one-character index: "h_q" standing alone.
bool indexed_symbol(std::string_view text, std::size_t i) {
  if (i + 2 >= text.size() || text[i + 1] != '_' || !ascii_letter(text[i]) || !ascii_alnum(text[i + 2])) return false;
  const bool starts_word = i == 0 || !(ascii_alnum(text[i - 1]) || text[i - 1] == '_');
  const bool ends_word = i + 3 == text.size() || !(ascii_alnum(text[i + 3]) || text[i + 3] == '_');
  return starts_word && ends_word;
}

std::string_view anchor_name(Anchor anchor) {
  switch (anchor) {
    case Anchor::start: return "start";
    case Anchor::middle: return "middle";
    case Anchor::end: return "end";
  }
  return "start";
}

std::string stroke_attributes(const Stroke& stroke) {
  if (stroke.color.empty()) return "";
  std::string out = fmt::format(R"( stroke="{}" stroke-width="{}")", escape(stroke.color), number(stroke.width));
  if (!stroke.dash.empty()) out += fmt::format(R"( stroke-dasharray="{}")", escape(stroke.dash));
  return out;
}

std::string fill_attribute(std::string_view fill) {
  return fmt::format(R"( fill="{}")", fill.empty() ? "none" : escape(fill));
}

std::string points_attribute(std::span<const Point> points) {
  std::string coordinates;
  for (const Point& p : points) {
    if (!coordinates.empty()) coordinates += ' ';
    coordinates += number(p.x) + ',' + number(p.y);
  }
  return coordinates;
}

}  // namespace

std::string number(double value) {
  std::string text = fmt::format("{:.2f}", value);
  if (text == "-0.00") text = "0.00";
  return text;
}

std::string escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t start = i;
    const std::optional<char32_t> cp = next_code_point(text, i);
    switch (cp && xml_char(*cp) ? *cp : 0) {
      case 0: out += "\xEF\xBF\xBD"; break;  // U+FFFD for what XML cannot hold
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += text.substr(start, i - start);  // well-formed UTF-8 has one spelling
    }
  }
  return out;
}

std::vector<TextRun> with_subscripts(std::string_view text) {
  std::vector<TextRun> runs;
  std::string plain;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!indexed_symbol(text, i)) {
      plain.push_back(text[i]);
      continue;
    }
    plain.push_back(text[i]);
    runs.push_back({plain, false});
    runs.push_back({std::string(1, text[i + 2]), true});
    plain.clear();
    i += 2;
  }
  if (!plain.empty() || runs.empty()) runs.push_back({plain, false});
  return runs;
}

double text_width(std::string_view text, double size) {
  double ems = 0.0;
  std::size_t i = 0;
  while (i < text.size()) {
    const std::optional<char32_t> cp = next_code_point(text, i);
    ems += cp && wide(*cp) ? 1.0 : 0.6;
  }
  return ems * size;
}

FittedText fit_text(std::string_view text, double size, double min_size, double max_width) {
  for (double s = size; s >= min_size; s -= 0.5) {
    if (text_width(text, s) <= max_width) return {std::string(text), s};
  }
  // Cut at code point boundaries (the start of each sequence) until the rest and "…" fit.
  std::string_view kept = text;
  while (!kept.empty()) {
    kept = kept.substr(0, utf8_cut(kept, kept.size() - 1));
    const std::string candidate = std::string(kept) + "…";
    if (text_width(candidate, min_size) <= max_width) return {candidate, min_size};
  }
  return {"…", min_size};
}

Document::Document(double width, double height, std::string_view title)
    : width_(width), height_(height), title_(title) {}

void Document::line(Point from, Point to, const Stroke& stroke) {
  body_ += fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}"{}/>)", number(from.x), number(from.y), number(to.x),
                       number(to.y), stroke_attributes(stroke));
  body_ += '\n';
}

void Document::polyline(std::span<const Point> points, const Stroke& stroke) {
  body_ += fmt::format(R"(<polyline points="{}" fill="none"{}/>)", points_attribute(points), stroke_attributes(stroke));
  body_ += '\n';
}

void Document::circle(Point centre, double radius, std::string_view fill, const Stroke& stroke) {
  body_ += fmt::format(R"(<circle cx="{}" cy="{}" r="{}"{}{}/>)", number(centre.x), number(centre.y), number(radius),
                       fill_attribute(fill), stroke_attributes(stroke));
  body_ += '\n';
}

void Document::rect(Point corner, double width, double height, std::string_view fill, const Stroke& stroke) {
  body_ += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}"{}{}/>)", number(corner.x), number(corner.y),
                       number(width), number(height), fill_attribute(fill), stroke_attributes(stroke));
  body_ += '\n';
}

void Document::polygon(std::span<const Point> points, std::string_view fill, const Stroke& stroke) {
  body_ += fmt::format(R"(<polygon points="{}"{}{}/>)", points_attribute(points), fill_attribute(fill),
                       stroke_attributes(stroke));
  body_ += '\n';
}

void Document::text(Point at, std::string_view content, const TextStyle& style, std::string_view css_class) {
  const TextRun run{std::string(content), false};
  text(at, std::span<const TextRun>(&run, 1), style, css_class);
}

void Document::text(Point at, std::span<const TextRun> runs, const TextStyle& style, std::string_view css_class) {
  std::string attributes = fmt::format(R"(x="{}" y="{}")", number(at.x), number(at.y));
  if (style.size != 12.0) attributes += fmt::format(R"( font-size="{}")", number(style.size));
  if (style.anchor != Anchor::start) attributes += fmt::format(R"( text-anchor="{}")", anchor_name(style.anchor));
  attributes += fmt::format(R"( fill="{}")", escape(style.color));
  if (style.bold) attributes += R"( font-weight="bold")";
  if (style.rotate != 0.0) {
    attributes +=
        fmt::format(R"svg( transform="rotate({} {} {})")svg", number(style.rotate), number(at.x), number(at.y));
  }
  if (!css_class.empty()) attributes += fmt::format(R"( class="{}")", escape(css_class));
  std::string content;
  bool lowered = false;  // the previous run was a subscript: the next one raises the baseline back
  const double shift = style.size * 0.25;
  for (const TextRun& run : runs) {
    if (run.subscript) {
      content += fmt::format(R"(<tspan dy="{}" font-size="{}">{}</tspan>)", number(shift), number(style.size * 0.75),
                             escape(run.text));
    } else if (lowered) {
      content += fmt::format(R"(<tspan dy="{}">{}</tspan>)", number(-shift), escape(run.text));
    } else {
      content += escape(run.text);
    }
    lowered = run.subscript;
  }
  body_ += fmt::format("<text {}>{}</text>\n", attributes, content);
}

std::string Document::str() const {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += fmt::format(
      R"(<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" viewBox="0 0 {0} {1}" role="img" )"
      R"(font-family="{2}" font-size="12">)",
      number(width_), number(height_), escape(kFontStack));
  out += '\n';
  out += fmt::format("<title>{}</title>\n", escape(title_));
  out += fmt::format(R"(<rect x="0" y="0" width="{}" height="{}" fill="#ffffff"/>)", number(width_), number(height_));
  out += '\n';
  out += body_;
  out += "</svg>\n";
  return out;
}

}  // namespace ledger::svg
