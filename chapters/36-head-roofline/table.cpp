#include "table.hpp"

#include <cmath>

#include <fmt/format.h>

#include "cycle_model.hpp"
#include "ledger/cli.hpp"

namespace head_roofline {
namespace {

// The reference divides by the per-cycle bandwidth and prints the quotient;
// at the edges of double's range it would die (ZeroDivisionError) or print
// inf. Refuse such constants instead.
void require_finite_bandwidth(double bytes_per_cycle) {
  if (!std::isfinite(bytes_per_cycle) || bytes_per_cycle <= 0.0) {
    throw ledger::cli::UsageError(
        fmt::format("--l2-bw/--cores/--freq: l2_bw / cores / freq = {} bytes per cycle leaves "
                    "the range of double; "
                    "choose values nearer the defaults (5e12, 32, 1650e6)",
                    bytes_per_cycle));
  }
}

void require_finite_cycles(double mem, std::uint64_t h_q, std::uint64_t topk) {
  if (!std::isfinite(mem)) {
    throw ledger::cli::UsageError(
        fmt::format("--l2-bw/--cores/--freq/--d/--heads/--topk: mem_cycles for h_q={} topk={} "
                    "is {}, out of double's "
                    "range; choose values nearer the defaults",
                    h_q, topk, mem));
  }
}

}  // namespace

std::vector<std::string> render_table(const Params& params) {
  require_finite_bandwidth(l2_bytes_per_core_per_cycle(params));
  std::vector<std::string> lines;
  for (const std::uint64_t h_q : params.heads) {
    for (const std::uint64_t topk : params.topks) {
      const std::uint64_t cube = cube_cycles(params, h_q, topk);
      const double mem = mem_cycles(params, h_q, topk);
      require_finite_cycles(mem, h_q, topk);
      // Python's f"{topk=:4d}" prints the name, `=`, then the value.
      lines.push_back(fmt::format("{:3d}, topk={:4d}, cube_cycles={:6d}, mem_cycles={:6.0f}",
                                  h_q, topk, cube, mem));
    }
  }
  return lines;
}

std::string render_report(const Params& params) {
  std::string out;
  const auto line = [&out](std::string_view text) {
    out.append(text);
    out.push_back('\n');
  };
  const double bytes_per_cycle = l2_bytes_per_core_per_cycle(params);
  require_finite_bandwidth(bytes_per_cycle);
  line(fmt::format("# L2 bandwidth per AI Core per cycle: {:.3f} B/cycle", bytes_per_cycle));
  for (const std::string& row : render_table(params)) line(row);
  line("");
  line("# 判据（报告 :114）：cube_cycles vs mem_cycles");
  for (const std::uint64_t h_q : params.heads) {
    for (const std::uint64_t topk : params.topks) {
      const std::uint64_t cube = cube_cycles(params, h_q, topk);
      const double mem = mem_cycles(params, h_q, topk);
      line(fmt::format(" h_q={:3d}, topk={:4d}: cube={:6d}, mem={:8.1f} -> {}", h_q, topk, cube,
                       mem, bottleneck_name(classify(cube, mem))));
    }
  }
  return out;
}

}  // namespace head_roofline
