#include "report.hpp"

#include <fmt/format.h>

#include "ledger/json.hpp"

namespace @PROGRAM@ {

std::string report_text(std::uint64_t n, const Machine& machine, const std::vector<Row>& rows) {
  std::string out = fmt::format("AXPY y = a*x + y, n = {}\n", n);
  out += fmt::format("machine: bandwidth {:.1f} GB/s, peak {:.1f} TFLOP/s, balance {:.2f} FLOP/B\n\n",
                     machine.bandwidth / 1e9, machine.peak / 1e12, machine.balance());
  out += fmt::format("{:<6} {:>6} {:>14} {:>14} {:>10} {:>12}  {}\n", "dtype", "bytes", "FLOP", "bytes moved",
                     "AI", "time (us)", "bound");
  for (const Row& r : rows) {
    out += fmt::format("{:<6} {:>6} {:>14} {:>14} {:>10.4f} {:>12.3f}  {}\n", r.dtype, r.element_bytes, r.cost.flops,
                       r.cost.bytes, r.cost.intensity(), r.time() * 1e6, r.memory_bound ? "memory" : "compute");
  }
  return out;
}

std::string report_json(std::uint64_t n, const Machine& machine, const std::vector<Row>& rows) {
  ledger::Json doc;
  doc.set("n", n);
  ledger::Json m;
  m.set("bandwidth", machine.bandwidth);
  m.set("peak", machine.peak);
  m.set("balance", machine.balance());
  doc.set("machine", std::move(m));
  ledger::Json list = ledger::Json::Array{};
  for (const Row& r : rows) {
    ledger::Json row;
    row.set("dtype", r.dtype);
    row.set("element_bytes", r.element_bytes);
    row.set("flops", r.cost.flops);
    row.set("bytes", r.cost.bytes);
    row.set("intensity", r.cost.intensity());
    row.set("memory_time_s", r.memory_time);
    row.set("compute_time_s", r.compute_time);
    row.set("bound", r.memory_bound ? "memory" : "compute");
    list.push(std::move(row));
  }
  doc.set("rows", std::move(list));
  return doc.dump() + "\n";
}

}  // namespace @PROGRAM@
