#include "units.hpp"

#include <fmt/format.h>

namespace op_ledger {

std::string format_rate(const ledger::Roof& roof, double per_second) {
  if (roof.is_memory()) return fmt::format("{:.1f} GB/s", per_second / 1e9);
  return fmt::format("{:.2f} TFLOP/s", per_second / 1e12);
}

std::string format_us(double seconds) { return fmt::format("{:.3f} us", seconds * 1e6); }

std::string roof_remark(const ledger::Roof& roof) {
  if (roof.calibrated()) return fmt::format("({})", roof.label);
  return fmt::format("({}; {})", roof.label, ledger::kNotCalibrated);
}

}  // namespace op_ledger
