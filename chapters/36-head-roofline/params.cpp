#include "params.hpp"

#include "ledger/limits.hpp"

namespace head_roofline {

const std::vector<ledger::cli::FieldFlag<Params>>& param_flags() {
  // Each topk is two curves and a legend row in the figure: fewer of them than h_q values.
  static const std::vector<ledger::cli::FieldFlag<Params>> flags{
      {"d", &Params::d},
      {"l2-bw", &Params::l2_total_bw},
      {"cores", &Params::num_cores},
      {"freq", &Params::freq},
      {"fma-per-cycle", &Params::fma_per_cycle},
      {"heads", &Params::heads, ledger::cli::kMaxListItems},
      {"topk", &Params::topks, ledger::cli::kMaxSeries}};
  return flags;
}

std::vector<std::string> flags_differing_from_report(const Params& params) {
  return ledger::cli::differing_flags(params, kReportParams, param_flags());
}

}  // namespace head_roofline
