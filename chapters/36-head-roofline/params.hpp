// The constants of the FlashMLA report's head-count script (report :85-94),
// gathered in one value so a reader can change them from the command line.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ledger/cli.hpp"

namespace head_roofline {

struct Params {
  std::uint64_t d = 512;               // D_QK: d_qk = d_v = 512
  double l2_total_bw = 5e12;           // L2_TOTAL_BW: 5 TB/s for the whole chip
  std::uint64_t num_cores = 32;        // NUM_CORES: AI Cores sharing that bandwidth
  double freq = 1650e6;                // FREQ: 1650 MHz
  std::uint64_t fma_per_cycle = 4096;  // FMA_PER_CYCLE: Cube at full rate, per AI Core
  std::vector<std::uint64_t> heads{16, 32, 64, 128};  // HEAD_CANDIDATES: q heads per AI Core
  std::vector<std::uint64_t> topks{512, 1024};  // TOPK_CANDIDATES: KV rows gathered per block

  bool operator==(const Params&) const = default;
};

// The report's own values: the only parameters its table describes.
inline const Params kReportParams{};

// Each constant's flag, in --help order.
const std::vector<ledger::cli::FieldFlag<Params>>& param_flags();

// "--flag" of every constant that differs from the report's, in --help order.
std::vector<std::string> flags_differing_from_report(const Params& params);

}  // namespace head_roofline
