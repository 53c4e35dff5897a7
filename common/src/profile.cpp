#include "ledger/profile.hpp"

#include <stdexcept>

namespace ledger {
namespace {

// Sources, quoted the way the book cites them.
constexpr const char* kTileOpsH200 =
    "TileOPs src/tileops/perf/profiles/h200.yaml";
constexpr const char* kHopperBlog =
    "NVIDIA, \"NVIDIA Hopper Architecture In-Depth\", Table 1 (preliminary specs)";

// The H200 spec-sheet values, shared by the calibrated and the spec profile.
struct SpecRoof {
  const char* key;
  double theoretical;
  const char* label;
};
constexpr SpecRoof kH200Spec[] = {
    {"hbm", 4800e9, "HBM3e bandwidth"},
    {"tensor_core.fp16", 989.5e12, "tensor core, dense"},
    {"tensor_core.bf16", 989.5e12, "tensor core, dense"},
    {"tensor_core.fp8", 1979e12, "tensor core, dense"},
    {"tensor_core.tf32", 494.7e12, "tensor core, dense"},
    {"cuda_core.fp32", 67e12, "CUDA-core FMA"},
};

MachineProfile make_h200() {
  MachineProfile p{"h200", "NVIDIA H200",
                   "H200 SXM, spec-sheet peaks scaled by TileOPs' micro-benchmark calibration", {}};
  const std::string calibrated_src = std::string(kTileOpsH200) + " (theoretical and calibration fields)";
  const std::string spec_src = std::string(kTileOpsH200) + " (theoretical field; no calibration measured)";
  p.roofs = {
      {"hbm", 4800e9, 0.938, "HBM, envelope over access mixes (pure copy alone: 0.8183)",
       std::string(kTileOpsH200) + " (calibration = max over access mixes)"},
      {"tensor_core.fp16", 989.5e12, 0.737, "tensor core, dense", calibrated_src + ", burst"},
      {"tensor_core.bf16", 989.5e12, 0.737, "tensor core, dense", calibrated_src + ", burst"},
      {"tensor_core.fp8", 1979e12, std::nullopt, "tensor core, dense", spec_src},
      {"tensor_core.tf32", 494.7e12, std::nullopt, "tensor core, dense", spec_src},
      {"cuda_core.fp32", 67e12, 0.8548, "CUDA-core FMA", calibrated_src},
  };
  return p;
}

MachineProfile make_h200_spec() {
  MachineProfile p{"h200-spec", "NVIDIA H200 (spec sheet)",
                   "H200 SXM, vendor spec-sheet peaks, not calibrated", {}};
  for (const auto& r : kH200Spec) {
    p.roofs.push_back({r.key, r.theoretical, std::nullopt, r.label,
                       std::string(kTileOpsH200) + " (theoretical field, from the spec sheet)"});
  }
  return p;
}

MachineProfile make_h100_spec() {
  MachineProfile p{"h100-spec", "NVIDIA H100 SXM5 (preliminary spec)",
                   "H100 SXM5, preliminary vendor spec, not calibrated", {}};
  const SpecRoof roofs[] = {
      {"hbm", 3.0e12, "HBM3 bandwidth"},
      {"tensor_core.fp16", 1000e12, "tensor core, dense"},
      {"tensor_core.bf16", 1000e12, "tensor core, dense"},
      {"tensor_core.fp8", 2000e12, "tensor core, dense"},
      {"tensor_core.tf32", 500e12, "tensor core, dense"},
      {"cuda_core.fp32", 60e12, "CUDA-core FMA"},
  };
  for (const auto& r : roofs) p.roofs.push_back({r.key, r.theoretical, std::nullopt, r.label, kHopperBlog});
  return p;
}

}  // namespace

const Roof* MachineProfile::find_roof(std::string_view roof_key) const {
  for (const auto& r : roofs) {
    if (r.key == roof_key) return &r;
  }
  return nullptr;
}

const Roof& MachineProfile::memory_roof() const {
  if (const Roof* r = find_roof(kMemoryRoofKey)) return *r;
  throw std::logic_error("profile " + key + " has no memory roof");
}

std::vector<std::string> MachineProfile::roof_keys() const {
  std::vector<std::string> keys;
  for (const auto& r : roofs) keys.push_back(r.key);
  return keys;
}

std::span<const MachineProfile> builtin_profiles() {
  static const std::vector<MachineProfile> profiles{make_h200(), make_h200_spec(), make_h100_spec()};
  return profiles;
}

const MachineProfile* find_profile(std::string_view key) {
  for (const auto& p : builtin_profiles()) {
    if (p.key == key) return &p;
  }
  return nullptr;
}

}  // namespace ledger
