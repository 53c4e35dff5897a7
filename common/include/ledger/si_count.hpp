// Exact counts (FLOPs, bytes) shown with an SI prefix and 3 decimals:
// 210206720 -> "210.207 M". Counts below 1000 print as the exact integer.
#pragma once

#include <cstdint>
#include <string>

namespace ledger {

struct SiCount {
  std::string mantissa;  // "210.207", or "256" below 1000
  std::string prefix;    // "K", "M", "G", "T", "P", "E", or "" below 1000
};

// Picks the prefix after rounding, so 999999.9996 K becomes "1.000 M", never "1000.000 K".
SiCount split_si_count(std::uint64_t count);

}  // namespace ledger
