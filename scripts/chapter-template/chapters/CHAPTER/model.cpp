#include "model.hpp"

#include "ledger/checked.hpp"

namespace @PROGRAM@ {

//> cost
Cost axpy_cost(std::uint64_t n, std::uint64_t element_bytes) {
  // One multiply and one add per element; read x, read y, write y.
  const std::uint64_t flops = ledger::checked_mul(2, n);
  const std::uint64_t bytes = ledger::checked_product({3, n, element_bytes});
  return {flops, bytes};
}
//< cost

//> verdict
Row judge(std::string dtype, std::uint64_t element_bytes, std::uint64_t n, const Machine& machine) {
  Row row{std::move(dtype), element_bytes, axpy_cost(n, element_bytes)};
  row.memory_time = static_cast<double>(row.cost.bytes) / machine.bandwidth;
  row.compute_time = static_cast<double>(row.cost.flops) / machine.peak;
  row.memory_bound = row.memory_time >= row.compute_time;
  return row;
}
//< verdict

std::vector<Row> rows_of(std::uint64_t n, const Machine& machine) {
  return {judge("fp32", 4, n, machine), judge("fp16", 2, n, machine), judge("fp8", 1, n, machine)};
}

}  // namespace @PROGRAM@
