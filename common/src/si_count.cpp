#include "ledger/si_count.hpp"

#include <array>

#include <fmt/format.h>

namespace ledger {

SiCount split_si_count(std::uint64_t count) {
  if (count < 1000) return {fmt::format("{}", count), ""};
  // uint64 tops out near 1.8e19, so E (1e18) is the largest prefix needed.
  static constexpr std::array<const char*, 6> prefixes{"K", "M", "G", "T", "P", "E"};
  const double value = static_cast<double>(count);
  double scale = 1e3;
  std::size_t i = 0;
  while (i + 1 < prefixes.size() && value >= scale * 1e3) {
    scale *= 1e3;
    ++i;
  }
  std::string mantissa = fmt::format("{:.3f}", value / scale);
  if (mantissa == "1000.000" && i + 1 < prefixes.size()) {
    scale *= 1e3;
    ++i;
    mantissa = fmt::format("{:.3f}", value / scale);
  }
  return {mantissa, prefixes[i]};
}

}  // namespace ledger
