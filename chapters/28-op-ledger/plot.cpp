#include "plot.hpp"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "ledger/figure_names.hpp"
#include "ledger/label_layout.hpp"
#include "ledger/legend.hpp"
#include "ledger/plot_frame.hpp"
#include "ledger/plot_style.hpp"
#include "ledger/roofline_figure.hpp"
#include "ledger/roofline_plot.hpp"
#include "units.hpp"

namespace op_ledger {
namespace {

// The frame and colours all figures share; only the plot's height is this figure's.
using namespace ledger::figure_names;
constexpr double kBottom = 374.0;

const std::string kSlopeColor = "#2b2b30";

// One compute roof with its verdict on the case. Roofs with the same
// effective value share one ceiling line and its colour.
struct RoofLine {
  const RoofVerdict* verdict = nullptr;
  bool chosen = false;
  std::size_t ceiling = 0;  // index of the first roof with the same value
  SeriesStyle style;        // the ceiling's; the chosen roof is drawn solid and thick instead
};

// The compute roofs in profile order, each with its verdict.
std::vector<RoofLine> roof_lines(const Analysis& a) {
  std::vector<RoofLine> lines;
  for (const ledger::Roof& roof : a.machine->roofs) {
    if (roof.is_memory()) continue;
    RoofLine line;
    if (&roof == a.chosen.roof) {
      line.verdict = &a.chosen, line.chosen = true;
    } else {
      for (const RoofVerdict& v : a.others) {
        if (v.roof == &roof) line.verdict = &v;
      }
    }
    if (line.verdict == nullptr) continue;
    line.ceiling = lines.size();
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].verdict->roof->effective() == roof.effective()) {
        line.ceiling = i;
        break;
      }
    }
    std::size_t distinct = 0;  // colours go to ceilings, in order
    for (std::size_t i = 0; i < lines.size(); ++i) distinct += lines[i].ceiling == i ? 1 : 0;
    line.style =
        line.ceiling == lines.size() ? series_style(distinct) : lines[line.ceiling].style;
    lines.push_back(line);
  }
  return lines;
}

// A shared ceiling is drawn as chosen when any of its roofs is.
bool ceiling_chosen(const std::vector<RoofLine>& lines, std::size_t i) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const RoofLine& l) { return l.ceiling == i && l.chosen; });
}

// Keeps the next labels a few pixels off a placed one, so two labels never touch.
void keep_clear(ledger::LabelLayout& layout, const ledger::PlacedLabel& l,
                std::string_view text, double size) {
  ledger::Box box = ledger::text_box(l.at, text, size, l.anchor);
  box.left -= 3.0, box.top -= 3.0, box.right += 3.0, box.bottom += 3.0;
  layout.occupy(box);
}

// A roof's key without its unit ("tf32" for tensor_core.tf32) when no other
// roof of the figure ends the same way; else the whole key.
std::string short_key(const std::string& key, const std::vector<RoofLine>& lines) {
  const std::string tail = key.substr(key.rfind('.') + 1);
  for (const RoofLine& other : lines) {
    const std::string& k = other.verdict->roof->key;
    if (k != key && k.substr(k.rfind('.') + 1) == tail) return key;
  }
  return tail;
}

std::string verdict_note(const RoofLine& line, const Analysis& a,
                         const OperatorLedger& ledger) {
  if (line.chosen) return a.roof_overridden ? "（--roof 选的）" : "（算子声明的屋顶）";
  const std::string change =
      line.verdict->verdict.bound == a.chosen.verdict.bound ? "判据相同" : "判据翻转";
  if (line.verdict->roof->key == ledger.declared_roof)
    return fmt::format("（算子声明的屋顶；{}）", change);
  return fmt::format("（{}）", change);
}

// The memory roof, then one row per compute roof: key, rate, balance point,
// verdict. A reader's roof remark can be long: common's legend shrinks a row to the width, then
// cuts it.
ledger::Legend legend_of(const std::vector<RoofLine>& lines, const Analysis& a,
                         const OperatorLedger& ledger) {
  const ledger::Roof& hbm = *a.memory_roof;
  ledger::Legend legend;
  legend.rows.push_back({Stroke{kSlopeColor, 2.0, ""},
                         std::nullopt,
                         {{fmt::format("斜线：{} {} {}", hbm.key,
                                       format_rate(hbm, hbm.effective()), roof_remark(hbm))}}});
  for (const RoofLine& line : lines) {
    const ledger::Roof& roof = *line.verdict->roof;
    const std::string verdict =
        fmt::format("→ {} {}", ledger::bound_name(line.verdict->verdict.bound),
                    verdict_note(line, a, ledger));
    legend.rows.push_back(
        {Stroke{line.style.color, line.chosen ? 3.0 : 1.6, line.chosen ? "" : line.style.dash},
         line.style.marker,
         {{roof.key, line.style.color, line.chosen},
          {format_rate(roof, roof.effective())},
          {fmt::format("平衡点 {:.3f}", line.verdict->balance)},
          {verdict, kInk, line.chosen}}});
  }
  if (a.roof_overridden) {
    legend.rows.push_back(
        {std::nullopt,
         std::nullopt,
         {{fmt::format("算子声明的屋顶是 {}，--roof 换成了 {}：图里粗线是后者",
                       ledger.declared_roof, a.chosen.roof->key),
           kMuted}}});
  }
  return legend;
}

}  // namespace

// Not common's RooflineFigure (one roof, points on it): this figure is particular to the
// chapter's wrong-roof comparison, several ceilings over one slope, ceilings that share a
// value drawn once, and the case as a vertical line meeting each; it takes common's frame,
// scales, layout and slope label.
std::string roofs_svg(const OperatorLedger& ledger, const Analysis& a) {
  const std::vector<RoofLine> lines = roof_lines(a);
  const double bandwidth = a.memory_roof->effective();

  std::vector<double> xs{a.intensity};
  std::vector<double> ys;
  double top_peak = 0.0;
  for (const RoofLine& line : lines) {
    xs.push_back(line.verdict->balance);
    ys.push_back(line.verdict->roof->effective());
    top_peak = std::max(top_peak, line.verdict->roof->effective());
  }
  // Where the case meets the highest roof, not bandwidth x AI: far right of
  // the balance point that product runs decades above every roof.
  ys.push_back(ledger::attainable(a.intensity, top_peak, bandwidth));
  // Wider margins than one roof's figure: the ceilings' labels and the points' verdicts need
  // room.
  const ledger::PlotScales scales =
      ledger::fit_roofline_scales(xs, ys, {3.0, 3.0, 2.5}, kBottom);
  const ledger::LogScale& x = scales.x;  // named, not bound: the lambdas below capture them
  const ledger::LogScale& y = scales.y;

  ledger::PlotFrame frame;
  frame.text = {
      fmt::format("op_ledger 的 roofline：{}，{}", ledger.operator_name, a.machine->name),
      fmt::format("{} 在 {} 的每条屋顶下", ledger.operator_name, a.machine->name),
      "竖线是本例的算术强度；它与每条屋顶的交点是该屋顶下能达到的算力：在斜线上 "
      "memory-bound，在水平线上 "
      "compute-bound"};
  frame.titles = ledger::roofline_axis_titles();
  frame.legend = ledger::legend_drawer(legend_of(lines, a, ledger));
  frame.legend_margin = 8.0;
  ledger::svg::Document doc = ledger::draw_plot_frame(frame, x, y);
  ledger::LabelLayout layout = ledger::plot_label_layout(x, y);

  // The memory slope, up to the highest ceiling; then each ceiling from its balance point.
  const auto slope = ledger::roofline_points(x, y, top_peak, bandwidth);
  if (slope.size() >= 2) {
    doc.line(slope[0], slope[1], Stroke{kSlopeColor, 2.0, ""});
    layout.occupy_line(slope[0], slope[1], 2.0);
  }
  const auto drawn_in_order = [&](bool chosen_pass) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const RoofLine& line = lines[i];
      if (line.ceiling != i) continue;
      const bool chosen = ceiling_chosen(lines, i);
      if (chosen != chosen_pass) continue;
      const double peak = line.verdict->roof->effective();
      const Point from{x(std::max(line.verdict->balance, x.low())), y(peak)};
      const Point to{kRight, y(peak)};
      doc.line(from, to,
               Stroke{line.style.color, chosen ? 3.0 : 1.6, chosen ? "" : line.style.dash});
      layout.occupy_line(from, to, 2.0);
      draw_marker(doc, line.style.marker, from, 3.5, line.style.color);
      layout.occupy(ledger::point_box(
          from, ledger::plot_style::marker_reach(line.style.marker, 3.5) + 1.0));
    }
  };
  drawn_in_order(false);
  drawn_in_order(true);  // the chosen roof on top

  // The case: a vertical line at its intensity, a point where it meets each roof.
  const double px = x(a.intensity);
  doc.line({px, kBottom}, {px, kTop}, Stroke{kMuted, 1.0, "3 3"});
  layout.occupy_line({px, kBottom}, {px, kTop}, 1.5);
  const std::string ai_text = fmt::format("AI = {:.3f} FLOP/Byte", a.intensity);
  const std::vector<ledger::LabelSlot> ai_slots{{4.0, 0.0, Anchor::start},
                                                {-4.0, 0.0, Anchor::end}};
  const ledger::PlacedLabel ai = layout.place({px, kTop + 16.0}, ai_text, 12.0, ai_slots);
  doc.text(ai.at, ai_text, TextStyle{12.0, ai.anchor, kInk, true});
  for (bool chosen_pass : {false, true}) {
    for (const RoofLine& line : lines) {
      if (line.chosen != chosen_pass) continue;
      const Point p{
          px, y(ledger::attainable(a.intensity, line.verdict->roof->effective(), bandwidth))};
      draw_marker(doc, line.style.marker, p, line.chosen ? 6.5 : 4.5, line.style.color,
                  Stroke{line.chosen ? "#111111" : "#ffffff", 1.5, ""});
      layout.occupy(ledger::point_box(
          p, ledger::plot_style::marker_reach(line.style.marker, line.chosen ? 6.5 : 4.5)));
    }
  }

  // Name each ceiling near its right end, with every roof that shares it.
  // The chosen roof's ceiling is named first (it always gets its label), then
  // each point's verdict, then the other ceilings where room is left.
  std::vector<std::size_t> ceilings;
  for (const bool chosen_pass : {true, false}) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].ceiling == i && ceiling_chosen(lines, i) == chosen_pass)
        ceilings.push_back(i);
    }
  }
  const auto name_ceiling = [&](std::size_t i) {
    const bool chosen = ceiling_chosen(lines, i);
    std::string keys;
    for (const RoofLine& other : lines) {
      if (other.ceiling != i) continue;
      keys += keys.empty() ? other.verdict->roof->key : " = " + other.verdict->roof->key;
    }
    const ledger::Roof& roof = *lines[i].verdict->roof;
    const double peak_y = y(roof.effective());
    const double line_left = x(std::max(lines[i].verdict->balance, x.low()));
    // The legend names every roof with its colour and rate, so a crowded ceiling may go
    // without: every roof sharing it, else its own key, else its rate alone, wherever
    // one of them lies over it and is free.
    const std::string rate = format_rate(roof, roof.effective());
    bool named = false;
    for (const std::string& text :
         {fmt::format("{} {}", keys, rate), fmt::format("{} {}", roof.key, rate), rate}) {
      std::vector<ledger::LabelSlot> slots;
      const double leftmost = -(kRight - 5.0 - line_left - ledger::svg::text_width(text, 11.0));
      for (double dx = 0.0; dx >= leftmost;
           dx -= 12.0) {  // from the right end leftwards, above then below
        slots.push_back({dx, -5.0, Anchor::end});
        slots.push_back({dx, 14.0, Anchor::end});
      }
      const auto l = layout.place_if_free({kRight - 5.0, peak_y}, text, 11.0, slots, 0.0);
      if (!l) continue;
      doc.text(l->at, text, TextStyle{11.0, l->anchor, lines[i].style.color, chosen});
      keep_clear(layout, *l, text, 11.0);
      named = true;
      break;
    }
    if (!named &&
        chosen) {  // no free room over the line: the nearest free place by its right end
      const std::string text = fmt::format("{} {}", roof.key, rate);
      const std::vector<ledger::LabelSlot> slots{{0.0, -5.0, Anchor::end},
                                                 {0.0, 14.0, Anchor::end}};
      const ledger::PlacedLabel l = layout.place({kRight - 5.0, peak_y}, text, 11.0, slots);
      doc.text(l.at, text, TextStyle{11.0, l.anchor, lines[i].style.color, true});
      keep_clear(layout, l, text, 11.0);
    }
  };
  if (!ceilings.empty()) name_ceiling(ceilings.front());
  // Each point says its verdict. Points closer than a marker (several roofs can meet the
  // case at one height; every memory-bound roof meets the slope at one point) share one
  // label that names each roof with its verdict: "fp16 =
  // bf16：compute-bound；fp8：memory-bound".
  std::vector<bool> labelled(lines.size(), false);
  const auto point_y = [&](const RoofLine& line) {
    return y(ledger::attainable(a.intensity, line.verdict->roof->effective(), bandwidth));
  };
  for (bool chosen_pass : {true, false}) {
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].chosen != chosen_pass || labelled[i]) continue;
      const double py = point_y(lines[i]);
      std::vector<std::pair<ledger::Bound, std::string>> parts;  // verdict, roofs with it
      for (std::size_t j = 0; j < lines.size(); ++j) {
        if (labelled[j] || std::abs(point_y(lines[j]) - py) > 8.0) continue;
        labelled[j] = true;
        const ledger::Bound bound = lines[j].verdict->verdict.bound;
        const std::string key = short_key(lines[j].verdict->roof->key, lines);
        auto part = std::find_if(parts.begin(), parts.end(),
                                 [&](const auto& p) { return p.first == bound; });
        if (part == parts.end()) {
          parts.push_back({bound, key});
        } else {
          part->second += " = " + key;
        }
      }
      std::string text;
      for (const auto& [bound, keys] : parts) {
        text +=
            (text.empty() ? "" : "；") + fmt::format("{}：{}", keys, ledger::bound_name(bound));
      }
      const ledger::PlacedLabel l =
          layout.place({px, py}, text, 11.0, ledger::slots_around(6.5, 3.0, 11.0));
      doc.text(l.at, text, TextStyle{11.0, l.anchor, lines[i].style.color, lines[i].chosen});
      keep_clear(layout, l, text, 11.0);
    }
  }

  for (std::size_t k = 1; k < ceilings.size(); ++k) name_ceiling(ceilings[k]);
  if (slope.size() >= 2) {
    // The legend's first row names the slope too: a crowded slope takes the rate alone, or no
    // label.
    const std::string rate = format_rate(*a.memory_roof, bandwidth);
    const std::vector<std::string> texts{fmt::format("带宽 {} × AI", rate), rate};
    ledger::label_slope(doc, layout, slope[0], slope[1], texts, 11.0, kSlopeColor);
  }
  frame.legend(doc, ledger::legend_top(y));
  return doc.str();
}

}  // namespace op_ledger
