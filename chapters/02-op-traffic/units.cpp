#include "units.hpp"

#include <array>
#include <utility>

#include <fmt/format.h>

namespace op_traffic {

std::string fmt_bytes(double value) {
  static constexpr std::array<std::pair<const char*, double>, 3> units{
      {{"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}}};
  for (const auto& [unit, scale] : units) {
    if (value >= scale) return fmt::format("{:.2f} {}", value / scale, unit);
  }
  return fmt::format("{:.0f} B", value);
}

std::string fmt_time(double seconds) {
  if (seconds >= 1.0) return fmt::format("{:.3f} s", seconds);
  if (seconds >= 1e-3) return fmt::format("{:.3f} ms", seconds * 1e3);
  return fmt::format("{:.1f} us", seconds * 1e6);
}

}  // namespace op_traffic
