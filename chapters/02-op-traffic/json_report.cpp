#include "json_report.hpp"

#include "report.hpp"

namespace op_traffic {
namespace {

using ledger::Json;

Json machine_json(const Machine& m) {
  return Json::Object{{"key", m.key},
                      {"label", m.label},
                      {"peak_flops_per_s", m.peak_flops()},
                      {"bandwidth_bytes_per_s", m.bandwidth()},
                      {"balance", m.balance()},
                      {"source", m.source}};
}

Json workload_json(const Workload& w) {
  return Json::Object{{"seq_len", w.seq_len},   {"kv_len", w.kv_len}, {"heads", w.heads},
                      {"head_dim", w.head_dim}, {"batch", w.batch},   {"params", w.params},
                      {"world", w.world}};
}

Json row_json(const Machine& machine, const Row& row) {
  const ledger::Verdict verdict = judge_row(machine, row);
  Json j;
  j.set("name", row.cost.name);
  j.set("kind", row.kind);
  j.set("shape", row.shape);
  j.set("flops", row.cost.flops);
  j.set("bytes", row.cost.bytes);
  j.set("intensity", row.cost.intensity());
  j.set("memory_time_s", verdict.memory_time);
  j.set("compute_time_s", verdict.compute_time);
  j.set("sol_time_s", verdict.sol_time);
  j.set("bound", std::string(ledger::bound_name(verdict.bound)));
  j.set("assumption", row.cost.assumption);
  return j;
}

}  // namespace

Json report_json(const Machine& machine, const Workload& workload, const std::string& op,
                 const std::vector<Row>& rows) {
  Json j;
  j.set("machine", machine_json(machine));
  j.set("workload", workload_json(workload));
  j.set("op", op);
  Json all = Json::Array{};
  for (const Row& row : rows) all.push(row_json(machine, row));
  j.set("rows", std::move(all));
  return j;
}

}  // namespace op_traffic
