#include "plot.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "cycle_model.hpp"
#include "ledger/curve_plot.hpp"
#include "ledger/figure_names.hpp"
#include "ledger/label_layout.hpp"
#include "ledger/legend.hpp"
#include "ledger/plot_frame.hpp"
#include "ledger/plot_style.hpp"
#include "table.hpp"

namespace head_roofline {
namespace {

// The frame and colours all figures share; only the plot's height is this figure's.
using namespace ledger::figure_names;
constexpr double kBottom = 374.0;

struct Sample {
  double h_q = 0.0;
  std::uint64_t cube = 0;
  double mem = 0.0;
  Bottleneck bound = Bottleneck::balanced;
};

// Where the two curves cross, in data units.
struct Crossover {
  double h_q = 0.0;
  double cycles = 0.0;
};

struct Series {
  std::uint64_t topk = 0;
  ledger::plot_style::SeriesStyle style;  // colour; dash of the mem curve; marker of the rows
  std::vector<Sample> samples;            // the table's rows: ascending h_q, each once
  std::optional<Crossover> crossover;     // none when memory-bound for every h_q
  double cube_width = 2.0;                // the cube curve's stroke: wider per topk, so in gray
                                          // the solid lines differ by more than their lightness
};

// The i-th topk's cube curve width.
double cube_width(std::size_t i) { return 2.0 + 1.2 * static_cast<double>(i); }

// The cycle model with h_q a real number and without the floor, to draw the
// curves between the table's rows (the rows themselves are the model's).
double cube_curve(const Params& p, double h_q, std::uint64_t topk) {
  return h_q * static_cast<double>(topk) * (2.0 * static_cast<double>(p.d)) /
         static_cast<double>(p.fma_per_cycle);
}
double mem_curve(const Params& p, double h_q, std::uint64_t topk) {
  const double d = static_cast<double>(p.d);
  return (h_q * d * 4.0 + static_cast<double>(topk) * d * 2.0) / l2_bytes_per_core_per_cycle(p);
}

// Where the cube curve meets the mem curve: the model's head-count threshold.
std::optional<Crossover> crossover_of(const Params& p, std::uint64_t topk) {
  const std::optional<double> h_q = threshold_heads(p, topk);
  if (!h_q || !std::isfinite(*h_q)) return std::nullopt;
  return Crossover{*h_q, cube_curve(p, *h_q, topk)};
}

std::vector<Series> series_of(const Params& params) {
  std::vector<std::uint64_t> heads = params.heads;
  std::sort(heads.begin(), heads.end());
  heads.erase(std::unique(heads.begin(), heads.end()), heads.end());
  std::vector<Series> all;
  for (const std::uint64_t topk : params.topks) {
    if (std::any_of(all.begin(), all.end(), [&](const Series& s) { return s.topk == topk; }))
      continue;
    Series s{topk, series_style(all.size()), {}, std::nullopt, cube_width(all.size())};
    for (const std::uint64_t h_q : heads) {
      const std::uint64_t cube = cube_cycles(params, h_q, topk);
      const double mem = mem_cycles(params, h_q, topk);
      s.samples.push_back(Sample{static_cast<double>(h_q), cube, mem, classify(cube, mem)});
    }
    s.crossover = crossover_of(params, topk);
    all.push_back(std::move(s));
  }
  return all;
}

std::string crossover_text(const Series& s, bool shown) {
  if (!s.crossover) return "两条线不相交：任何 h_q 下都是 memory-bound";
  return fmt::format(
      "交点 h_q = topk·fma / (b·topk − 2·fma) ≈ {:.1f}{}：左边 memory-bound，右边 "
      "compute-bound",
      s.crossover->h_q, shown ? "" : "（在图外）");
}

// A topk's mem curve as the plot draws it, in its dash with a hollow marker: the legend row's
// second swatch, after common's (the cube curve: solid, its width, a filled marker).
constexpr double kSwatch = 26.0;
constexpr double kSwatchGap = 8.0;
void draw_mem_swatch(ledger::svg::Document& doc, double left, double baseline,
                     const Series& s) {
  const double y = baseline - 4.0, from = left + kSwatch + kSwatchGap;
  doc.line({from, y}, {from + kSwatch, y}, Stroke{s.style.color, 2.0, s.style.dash});
  draw_marker(doc, s.style.marker, {from + kSwatch / 2.0, y}, 3.8, "#ffffff",
              Stroke{s.style.color, 1.5, ""});
}

// The two formulas' line styles side by side (particular: two swatches on
// one row, drawn here), then common's legend: what the points are, one row per topk with its
// crossover and its two curves' swatches (cube: common's; mem: drawn here in the room left).
double draw_legend(ledger::svg::Document& doc, double top, const std::vector<Series>& all,
                   const ledger::LogScale& x, bool zero_cube) {
  const double left = 36.0;
  doc.line({left, top - 4.0}, {left + 26.0, top - 4.0}, Stroke{kInk, 2.0, ""});
  doc.text({left + 32.0, top}, with_subscripts("实线 cube_cycles = h_q·topk·(d+d) // fma"),
           TextStyle{12.0, Anchor::start, kInk});
  doc.line({left + 330.0, top - 4.0}, {left + 356.0, top - 4.0}, Stroke{kInk, 2.0, "6 4"});
  doc.text({left + 362.0, top}, with_subscripts("虚线 mem_cycles = (h_q·d·4 + topk·d·2) / b"),
           TextStyle{12.0, Anchor::start, kInk});
  ledger::Legend legend{left, 2.0 * (kSwatch + kSwatchGap), 84.0, {}};
  legend.rows.push_back({std::nullopt,
                         std::nullopt,
                         {{"实心点是 cube、空心点是 mem，都是表里的行；线是同一公式把 h_q "
                           "当连续量、不取整画出的；b = "
                           "每核每周期 L2 字节数",
                           kMuted, false, true}}});
  for (const Series& s : all) {
    const bool shown = s.crossover && x.contains(s.crossover->h_q);
    legend.rows.push_back({Stroke{s.style.color, s.cube_width, ""},
                           s.style.marker,
                           {{fmt::format("topk = {}", s.topk), s.style.color, true},
                            {crossover_text(s, shown), kInk, false, true}}});
  }
  if (zero_cube) {
    legend.rows.push_back({std::nullopt,
                           std::nullopt,
                           {{"cube_cycles = 0 的行在对数坐标上没有位置，没有画点", kMuted}}});
  }
  const double bottom = ledger::draw_legend(doc, top + kLegendRow, legend);
  for (std::size_t i = 0; i < all.size(); ++i) {
    draw_mem_swatch(doc, left, top + kLegendRow * static_cast<double>(i + 2), all[i]);
  }
  return bottom;
}

// A model curve across the plot's h_q range, as pixels.
std::vector<Point> curve(const Params& p, std::uint64_t topk, bool cube,
                         const ledger::LogScale& x, const ledger::LogScale& y) {
  return ledger::sample_curve(x, y, [&](double h_q) {
    return cube ? cube_curve(p, h_q, topk) : mem_curve(p, h_q, topk);
  });
}

}  // namespace

// Not a roofline: two model curves per topk (cycles against h_q), the table's
// rows on them, their crossovers and a legend of the formulas. It takes
// common's frame, layout and curve sampling and naming; the rest is this figure's.
std::string cycles_svg(const Params& params) {
  const double bytes_per_cycle = l2_bytes_per_core_per_cycle(params);
  render_table(params);  // the same refusals as the text
  const std::vector<Series> all = series_of(params);

  // The table's h_q, widened to a crossover not far outside them.
  std::vector<double> heads;
  for (const Sample& v : all.front().samples) heads.push_back(v.h_q);
  std::vector<double> xs = heads;
  for (const Series& s : all) {
    if (s.crossover && s.crossover->h_q >= heads.front() / 4.0 &&
        s.crossover->h_q <= heads.back() * 4.0) {
      xs.push_back(s.crossover->h_q);
    }
  }
  const auto x = ledger::LogScale::padded(xs, 1.3, kLeft, kRight);
  std::vector<double> ys;
  bool zero_cube = false;
  for (const Series& s : all) {
    for (const Sample& v : s.samples) {
      ys.push_back(v.mem);
      if (v.cube > 0) ys.push_back(static_cast<double>(v.cube));
      zero_cube = zero_cube || v.cube == 0;
    }
    for (const double h : {x.low(), x.high()}) {
      ys.push_back(mem_curve(params, h, s.topk));
      if (cube_curve(params, h, s.topk) > 0.0) ys.push_back(cube_curve(params, h, s.topk));
    }
  }
  const auto y = ledger::LogScale::whole_decades(ys, 1.2, kBottom, kTop);

  ledger::PlotFrame frame;
  frame.text = {"head_roofline：每个 AI Core 的 cube 周期与 L2 周期",
                "每个 AI Core 分几个 q head：Cube 周期与 L2 搬运周期",
                fmt::format("d = {}，L2 带宽按 {} 份平分，每份 b = {:.3f} B/cycle，Cube 每周期 "
                            "{} FMA；谁的周期多，谁就是瓶颈",
                            params.d, params.num_cores, bytes_per_cycle, params.fma_per_cycle)};
  frame.titles = {"每个 AI Core 负责的 q head 数 h_q（对数坐标）", "周期数 cycles（对数坐标）"};
  // h_q ticks at the table's values, skipping any too close to the previous label.
  for (const double v : x.minor_values()) frame.x_ticks.push_back({v, "", false});
  double last_label = -1e9;
  for (const double h : heads) {
    const bool room = x(h) - last_label >= 30.0;
    frame.x_ticks.push_back({h, room ? fmt::format("{:.0f}", h) : "", true});
    if (room) last_label = x(h);
  }
  frame.legend = [&](ledger::svg::Document& d, double top) {
    return draw_legend(d, top, all, x, zero_cube);
  };
  frame.legend_margin = 8.0;
  ledger::svg::Document doc = ledger::draw_plot_frame(frame, x, y);
  ledger::LabelLayout layout = ledger::plot_label_layout(x, y);
  for (const Series& s : all) {
    for (const bool cube : {true, false}) {
      const std::vector<Point> line = curve(params, s.topk, cube, x, y);
      if (line.size() >= 2)
        doc.polyline(
            line, Stroke{s.style.color, cube ? s.cube_width : 2.0, cube ? "" : s.style.dash});
      for (std::size_t i = 1; i < line.size(); ++i)
        layout.occupy_line(line[i - 1], line[i], 2.0);
    }
  }
  // The table's rows: the series' marker, filled on the cube curve, hollow on the mem curve.
  for (const Series& s : all) {
    for (const Sample& v : s.samples) {
      if (v.cube > 0) {
        const Point p{x(v.h_q), y(static_cast<double>(v.cube))};
        draw_marker(doc, s.style.marker, p, 3.5, s.style.color);
        layout.occupy(ledger::point_box(p, marker_reach(s.style.marker, 3.5) + 0.5));
      }
      const Point p{x(v.h_q), y(v.mem)};
      draw_marker(doc, s.style.marker, p, 3.8, "#ffffff", Stroke{s.style.color, 1.5, ""});
      layout.occupy(ledger::point_box(p, marker_reach(s.style.marker, 3.8) + 0.75));
    }
  }
  // The crossovers: a ring where the curves meet, with the h_q it falls at.
  for (const Series& s : all) {
    if (!s.crossover || !x.contains(s.crossover->h_q) || !y.contains(s.crossover->cycles))
      continue;
    const Point p{x(s.crossover->h_q), y(s.crossover->cycles)};
    doc.circle(p, 7.0, "", Stroke{s.style.color, 2.0, ""});
    layout.occupy(ledger::point_box(p, 8.0));
  }
  for (const Series& s : all) {
    if (!s.crossover || !x.contains(s.crossover->h_q) || !y.contains(s.crossover->cycles))
      continue;
    const Point p{x(s.crossover->h_q), y(s.crossover->cycles)};
    // The legend gives every crossover's h_q: a label that finds no free room near its ring is
    // left out.
    const std::string text = fmt::format("h_q ≈ {:.1f}", s.crossover->h_q);
    const auto l =
        layout.place_if_free(p, text, 12.0, ledger::slots_around(7.0, 4.0, 12.0), 60.0);
    if (l)
      doc.text(l->at, with_subscripts(text), TextStyle{12.0, l->anchor, s.style.color, true});
  }
  // Name each curve at its right end.
  for (const Series& s : all) {
    for (const bool cube : {true, false}) {
      const std::string text = fmt::format("{} topk={}", cube ? "cube" : "mem", s.topk);
      ledger::label_curve_end(doc, layout, curve(params, s.topk, cube, x, y), text, 11.0,
                              s.style.color);
    }
  }
  frame.legend(doc, ledger::legend_top(y));
  return doc.str();
}

}  // namespace head_roofline
