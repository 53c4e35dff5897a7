#include "json_report.hpp"

#include <cmath>
#include <optional>
#include <string>

#include "cycle_model.hpp"
#include "table.hpp"

namespace head_roofline {
namespace {

using ledger::Json;

// Named after the flags; the report's names are in --help.
Json constants_json(const Params& p) {
  return Json::Object{
      {"d", p.d},       {"l2_bw", p.l2_total_bw},           {"cores", p.num_cores},
      {"freq", p.freq}, {"fma_per_cycle", p.fma_per_cycle}, {"heads", p.heads},
      {"topk", p.topks}};
}

// Where the table turns compute-bound on a continuous h_q (cycle_model.hpp):
// per topk the h_q above which cube > mem (null: none), its limit as topk
// grows, and the topk below which no h_q is compute-bound.
Json threshold_json(const Params& p) {
  Json per_topk = Json::Array{};
  for (const std::uint64_t topk : p.topks) {
    Json entry;
    entry.set("topk", topk);
    const std::optional<double> h_q = threshold_heads(p, topk);
    entry.set("h_q", h_q ? Json(*h_q) : Json(nullptr));
    per_topk.push(std::move(entry));
  }
  Json j;
  j.set("h_q", std::move(per_topk));
  j.set("h_q_limit", threshold_heads_limit(p));
  j.set("min_topk", threshold_topk(p));
  return j;
}

}  // namespace

Json report_json(const Params& params) {
  render_table(params);  // the same refusals as the text: out-of-range bandwidth or cycles
  Json j;
  j.set("constants", constants_json(params));
  j.set("l2_bytes_per_core_per_cycle", l2_bytes_per_core_per_cycle(params));
  const double cube_flops = cores_cube_flops_per_s(params);
  j.set("cores_cube_flops_per_s", std::isfinite(cube_flops) ? Json(cube_flops) : Json(nullptr));
  Json rows = Json::Array{};
  for (const std::uint64_t h_q : params.heads) {
    for (const std::uint64_t topk : params.topks) {
      const std::uint64_t cube = cube_cycles(params, h_q, topk);
      const double mem = mem_cycles(params, h_q, topk);
      Json row;
      row.set("h_q", h_q);
      row.set("topk", topk);
      row.set("cube_cycles", cube);
      row.set("mem_cycles", mem);
      row.set("bound", std::string(bottleneck_name(classify(cube, mem))));
      rows.push(std::move(row));
    }
  }
  j.set("rows", std::move(rows));
  j.set("threshold", threshold_json(params));
  return j;
}

}  // namespace head_roofline
