#include "params.hpp"

namespace head_roofline {

std::vector<std::string> flags_differing_from_report(const Params& params) {
  const Params& report = kReportParams;
  std::vector<std::string> flags;
  if (params.d != report.d) flags.emplace_back("--d");
  if (params.l2_total_bw != report.l2_total_bw) flags.emplace_back("--l2-bw");
  if (params.num_cores != report.num_cores) flags.emplace_back("--cores");
  if (params.freq != report.freq) flags.emplace_back("--freq");
  if (params.fma_per_cycle != report.fma_per_cycle) flags.emplace_back("--fma-per-cycle");
  if (params.heads != report.heads) flags.emplace_back("--heads");
  if (params.topks != report.topks) flags.emplace_back("--topk");
  return flags;
}

}  // namespace head_roofline
