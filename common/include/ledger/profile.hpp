// Machine profiles: a set of roofs, each stored as the two inputs of the
// effective value (theoretical peak and calibration factor) with its source,
// never as their product (TileOPs' roofline design).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ledger {

// The key of the memory roof (bytes/s). Every other roof is a compute roof (FLOP/s).
inline constexpr std::string_view kMemoryRoofKey = "hbm";

// What a roof without a measured calibration says wherever it is printed.
inline constexpr std::string_view kNotCalibrated = "not calibrated";

//> roof
struct Roof {
  std::string key;                    // "hbm", "tensor_core.fp16", "cuda_core.fp32", ...
  double theoretical = 0.0;           // vendor figure: FLOP/s, or bytes/s for hbm
  std::optional<double> calibration;  // measured fraction of it; empty = not calibrated
  std::string label;                  // "tensor core, dense"
  std::string source;                 // where both numbers come from

  // theoretical * calibration, in that order, in double;
  // an uncalibrated roof is its theoretical value.
  double effective() const { return calibration ? theoretical * *calibration : theoretical; }
  bool calibrated() const { return calibration.has_value(); }
  bool is_memory() const { return key == kMemoryRoofKey; }
};
//< roof

// The calibration factor in its shortest form ("0.938"), or "not calibrated".
std::string calibration_text(const Roof& roof);

struct MachineProfile {
  std::string key;          // "h200"
  std::string name;         // "NVIDIA H200"
  std::string description;  // one line: what the numbers are
  std::vector<Roof> roofs;  // in the profile file's order; hbm among them

  const Roof* find_roof(std::string_view roof_key) const;
  const Roof& memory_roof() const;
  // Keys of the compute roofs (every roof but hbm), in profile order.
  std::vector<std::string> compute_roof_keys() const;
};

// The built-in profiles, generated at build time from common/profiles/*.yaml
// (in the order common/CMakeLists.txt lists them; the first is the default):
// h200 (calibrated), h200-spec, h100-spec, then the spec-sheet profiles of
// other machines, none calibrated.
std::span<const MachineProfile> builtin_profiles();

// Keys of the built-in profiles, in that order.
std::vector<std::string> builtin_profile_keys();

// The default machine (--machine without a value given): the first built-in
// profile, so the order in common/CMakeLists.txt is the one place it is set.
const MachineProfile& default_profile();

// nullptr when no built-in profile has that key.
const MachineProfile* find_profile(std::string_view key);

}  // namespace ledger
