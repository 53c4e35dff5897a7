#include "plot.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include <fmt/format.h>

#include "cycle_model.hpp"
#include "ledger/label_layout.hpp"
#include "ledger/plot_axes.hpp"
#include "table.hpp"

namespace head_roofline {
namespace {

using ledger::svg::Anchor;
using ledger::svg::Point;
using ledger::svg::Stroke;
using ledger::svg::TextStyle;

constexpr double kWidth = 800.0;
constexpr double kLeft = 92.0;
constexpr double kRight = 772.0;
constexpr double kTop = 64.0;
constexpr double kBottom = 374.0;
constexpr double kLegendTop = kBottom + 68.0;
constexpr double kLegendRow = 19.0;

const std::string kInk = "#222222";
const std::string kMuted = "#6a6a70";
const std::vector<std::string> kPalette{"#1f6fb4", "#d0571f", "#2e8b57", "#8e44ad",
                                        "#b8860b", "#c0392b", "#16a085", "#5d6d7e"};

struct Sample {
  double h_q = 0.0;
  std::uint64_t cube = 0;
  double mem = 0.0;
  Bottleneck bound = Bottleneck::balanced;
};

// Where cube and mem cross between two samples (or at one), in data units.
struct Crossover {
  double h_q = 0.0;
  double cycles = 0.0;
};

struct Series {
  std::uint64_t topk = 0;
  std::string color;
  std::vector<Sample> samples;  // ascending h_q, each once
  std::vector<Crossover> crossovers;
};

// The crossing of the two lines as drawn (straight in log-log) between a and
// b, when cube - mem changes sign; a balanced sample is a crossover itself.
std::optional<Crossover> crossing(const Sample& a, const Sample& b) {
  if (a.cube == 0 || b.cube == 0) return std::nullopt;  // no place on a log axis
  const double fa = std::log(static_cast<double>(a.cube) / a.mem);
  const double fb = std::log(static_cast<double>(b.cube) / b.mem);
  if (!(fa < 0.0 && fb > 0.0) && !(fa > 0.0 && fb < 0.0)) return std::nullopt;
  const double t = fa / (fa - fb);
  const double log_h = std::log(a.h_q) + t * (std::log(b.h_q) - std::log(a.h_q));
  const double log_mem = std::log(a.mem) + t * (std::log(b.mem) - std::log(a.mem));
  return Crossover{std::exp(log_h), std::exp(log_mem)};
}

std::vector<Series> series_of(const Params& params) {
  std::vector<std::uint64_t> heads = params.heads;
  std::sort(heads.begin(), heads.end());
  heads.erase(std::unique(heads.begin(), heads.end()), heads.end());
  std::vector<Series> all;
  for (const std::uint64_t topk : params.topks) {
    if (std::any_of(all.begin(), all.end(), [&](const Series& s) { return s.topk == topk; })) continue;
    Series s{topk, kPalette[all.size() % kPalette.size()], {}, {}};
    for (const std::uint64_t h_q : heads) {
      const std::uint64_t cube = cube_cycles(params, h_q, topk);
      const double mem = mem_cycles(params, h_q, topk);
      s.samples.push_back(Sample{static_cast<double>(h_q), cube, mem, classify(cube, mem)});
    }
    for (std::size_t i = 0; i < s.samples.size(); ++i) {
      const Sample& here = s.samples[i];
      if (here.bound == Bottleneck::balanced) s.crossovers.push_back({here.h_q, here.mem});
      if (i + 1 < s.samples.size()) {
        if (const auto c = crossing(here, s.samples[i + 1])) s.crossovers.push_back(*c);
      }
    }
    all.push_back(std::move(s));
  }
  return all;
}

std::string crossover_text(const Series& s) {
  if (s.crossovers.empty()) {
    bool all_memory = true;
    bool all_compute = true;
    for (const Sample& x : s.samples) {
      all_memory = all_memory && x.bound == Bottleneck::memory_bound;
      all_compute = all_compute && x.bound == Bottleneck::compute_bound;
    }
    if (all_memory) return "图中没有交点：每个 h_q 都是 memory-bound";
    if (all_compute) return "图中没有交点：每个 h_q 都是 compute-bound";
    return "图中没有交点";
  }
  std::string out = "交点 h_q ≈ ";
  for (std::size_t i = 0; i < s.crossovers.size(); ++i) {
    out += fmt::format("{}{:.1f}", i == 0 ? "" : ", ", s.crossovers[i].h_q);
  }
  return out + "（左边 memory-bound，右边 compute-bound）";
}

double draw_legend(ledger::svg::Document& doc, const std::vector<Series>& all, bool zero_cube) {
  const double x = 36.0;
  double y = kLegendTop;
  doc.line({x, y - 4.0}, {x + 26.0, y - 4.0}, Stroke{kInk, 2.0, ""});
  doc.text({x + 32.0, y}, "实线 cube_cycles = h_q·topk·(d+d) // fma_per_cycle", TextStyle{12.0, Anchor::start, kInk});
  doc.line({x + 380.0, y - 4.0}, {x + 406.0, y - 4.0}, Stroke{kInk, 2.0, "6 4"});
  doc.text({x + 412.0, y}, "虚线 mem_cycles = (h_q·d·4 + topk·d·2) / (L2 B/cycle)",
           TextStyle{12.0, Anchor::start, kInk});
  for (const Series& s : all) {
    y += kLegendRow;
    doc.rect({x, y - 10.0}, 26.0, 10.0, s.color);
    doc.text({x + 32.0, y}, fmt::format("topk = {}", s.topk), TextStyle{12.0, Anchor::start, s.color, true});
    doc.text({x + 150.0, y}, crossover_text(s), TextStyle{12.0, Anchor::start, kInk});
  }
  if (zero_cube) {
    y += kLegendRow;
    doc.text({x, y}, "cube_cycles = 0 的点在对数坐标上没有位置，没有画出", TextStyle{12.0, Anchor::start, kMuted});
  }
  return y + 14.0;
}

// The polyline through the samples whose value is > 0, broken at zeros.
std::vector<std::vector<Point>> runs(const Series& s, const ledger::LogScale& x, const ledger::LogScale& y,
                                     bool cube) {
  std::vector<std::vector<Point>> out(1);
  for (const Sample& v : s.samples) {
    const double value = cube ? static_cast<double>(v.cube) : v.mem;
    if (value <= 0.0) {
      if (!out.back().empty()) out.emplace_back();
      continue;
    }
    out.back().push_back({x(v.h_q), y(value)});
  }
  return out;
}

}  // namespace

std::string cycles_svg(const Params& params) {
  const double bytes_per_cycle = l2_bytes_per_core_per_cycle(params);
  render_table(params);  // the same refusals as the text
  const std::vector<Series> all = series_of(params);

  std::vector<double> xs;
  std::vector<double> ys;
  bool zero_cube = false;
  for (const Series& s : all) {
    for (const Sample& v : s.samples) {
      xs.push_back(v.h_q);
      ys.push_back(v.mem);
      if (v.cube > 0) ys.push_back(static_cast<double>(v.cube));
      zero_cube = zero_cube || v.cube == 0;
    }
  }
  const auto x = ledger::LogScale::padded(xs, 1.3, kLeft, kRight);
  const auto y = ledger::LogScale::whole_decades(ys, 1.2, kBottom, kTop);

  ledger::svg::Document probe(kWidth, 0.0, "");
  const double height = draw_legend(probe, all, zero_cube) + 8.0;
  ledger::svg::Document doc(kWidth, height, "head_roofline：每个 AI Core 的 cube 周期与 L2 周期");
  doc.text({36.0, 28.0}, "每个 AI Core 分几个 q head：Cube 周期与 L2 搬运周期", TextStyle{16.0, Anchor::start, "#111111", true});
  doc.text({36.0, 47.0},
           fmt::format("d = {}，{} 个 AI Core 分 L2 带宽，每核每周期 {:.3f} B，Cube 每周期 {} FMA；谁的周期多，谁就是瓶颈",
                       params.d, params.num_cores, bytes_per_cycle, params.fma_per_cycle),
           TextStyle{12.0, Anchor::start, kMuted});

  // h_q ticks at the values plotted, skipping any too close to the previous label.
  std::vector<ledger::Tick> x_ticks;
  for (const double v : x.minor_values()) x_ticks.push_back({v, "", false});
  std::vector<double> heads = xs;
  std::sort(heads.begin(), heads.end());
  heads.erase(std::unique(heads.begin(), heads.end()), heads.end());
  double last_label = -1e9;
  for (const double h : heads) {
    const bool room = x(h) - last_label >= 30.0;
    x_ticks.push_back({h, room ? fmt::format("{:.0f}", h) : "", true});
    if (room) last_label = x(h);
  }
  ledger::draw_axes(doc, x, y, x_ticks, ledger::decade_ticks(y),
                    {"每个 AI Core 负责的 q head 数 h_q（对数坐标）", "周期数 cycles（对数坐标）"});

  ledger::LabelLayout layout(ledger::Box{kLeft + 3.0, kTop + 3.0, kRight - 3.0, kBottom - 3.0});
  for (const Series& s : all) {
    for (const bool cube : {true, false}) {
      for (const auto& run : runs(s, x, y, cube)) {
        if (run.size() >= 2) doc.polyline(run, Stroke{s.color, 2.0, cube ? "" : "6 4"});
        for (std::size_t i = 1; i < run.size(); ++i) layout.occupy_line(run[i - 1], run[i], 2.0);
        for (const Point& p : run) {
          if (cube) {
            doc.circle(p, 3.5, s.color);
          } else {
            doc.rect({p.x - 3.5, p.y - 3.5}, 7.0, 7.0, "#ffffff", Stroke{s.color, 1.5, ""});
          }
          layout.occupy(ledger::point_box(p, 4.0));
        }
      }
    }
  }
  // The crossovers: a ring where the lines meet, with the h_q it falls at.
  for (const Series& s : all) {
    for (const Crossover& c : s.crossovers) {
      const Point p{x(c.h_q), y(c.cycles)};
      doc.circle(p, 7.0, "", Stroke{s.color, 2.0, ""});
      layout.occupy(ledger::point_box(p, 8.0));
    }
  }
  for (const Series& s : all) {
    for (const Crossover& c : s.crossovers) {
      const Point p{x(c.h_q), y(c.cycles)};
      const std::string text = fmt::format("h_q ≈ {:.1f}", c.h_q);
      const ledger::PlacedLabel l = layout.place(p, text, 12.0, ledger::slots_around(7.0, 4.0, 12.0));
      doc.text(l.at, text, TextStyle{12.0, l.anchor, s.color, true});
    }
  }
  // Name each line at its last point.
  for (const Series& s : all) {
    for (const bool cube : {true, false}) {
      const auto parts = runs(s, x, y, cube);
      if (parts.back().empty()) continue;
      const std::string text = fmt::format("{} topk={}", cube ? "cube" : "mem", s.topk);
      const ledger::PlacedLabel l = layout.place(parts.back().back(), text, 11.0, ledger::slots_around(4.0, 3.0, 11.0));
      doc.text(l.at, text, TextStyle{11.0, l.anchor, s.color});
    }
  }
  draw_legend(doc, all, zero_cube);
  return doc.str();
}

}  // namespace head_roofline
