#include "json_report.hpp"

namespace op_ledger {
namespace {

using ledger::Json;

Json roof_json(const ledger::Roof& roof) {
  Json j;
  j.set("key", roof.key);
  j.set("label", roof.label);
  j.set("theoretical", roof.theoretical);
  j.set("calibration", roof.calibration ? Json(*roof.calibration) : Json(nullptr));
  j.set(roof.is_memory() ? "bytes_per_s" : "flops_per_s", roof.effective());
  j.set("calibrated", roof.calibrated());
  return j;
}

// The verdict fields, shared by the chosen roof and every other one.
void set_verdict(Json& j, const RoofVerdict& v) {
  j.set("balance", v.balance);
  j.set("memory_time_s", v.verdict.memory_time);
  j.set("compute_time_s", v.verdict.compute_time);
  j.set("sol_time_s", v.verdict.sol_time);
  j.set("bound", std::string(ledger::bound_name(v.verdict.bound)));
}

void set_case_fields(Json& j, const OperatorLedger& ledger, const Analysis& a) {
  j.set("case", ledger.case_key);
  j.set("operator", ledger.operator_name);
  j.set("machine", a.machine->key);
  j.set("machine_name", a.machine->name);
  Json shape = Json::Object{};
  for (const auto& f : ledger.shape) shape.set(f.key, f.json);
  j.set("shape", std::move(shape));
  j.set("symbols", ledger.symbols);
  Json terms = Json::Array{};
  for (const auto& t : ledger.terms.terms()) {
    Json term;
    term.set("name", t.name)
        .set("formula", t.formula)
        .set("flops", t.flops)
        .set("bytes", t.bytes);
    terms.push(std::move(term));
  }
  j.set("terms", std::move(terms));
  j.set("notes", ledger.notes);
  j.set("flops", ledger.terms.total_flops());
  j.set("bytes", ledger.terms.total_bytes());
  j.set("intensity", a.intensity);
  j.set("roof", roof_json(*a.chosen.roof));
  j.set("declared_roof", ledger.declared_roof);
  j.set("bandwidth", a.memory_roof->effective());
  j.set("memory_roof", roof_json(*a.memory_roof));
  set_verdict(j, a.chosen);
  Json others = Json::Array{};
  for (const auto& v : a.others) {
    Json o;
    o.set("roof", roof_json(*v.roof));
    set_verdict(o, v);
    others.push(std::move(o));
  }
  j.set("other_roofs", std::move(others));
}

}  // namespace

Json case_json(const OperatorLedger& ledger, const Analysis& analysis) {
  Json j;
  set_case_fields(j, ledger, analysis);
  return j;
}

Json sweep_json(const std::vector<SweepRow>& rows, const ledger::MachineProfile& machine) {
  Json all = Json::Array{};
  for (const auto& row : rows) {
    Json j;
    j.set("label", row.label);
    set_case_fields(j, row.ledger, analyse(row.ledger, machine, row.ledger.declared_roof));
    all.push(std::move(j));
  }
  return all;
}

}  // namespace op_ledger
