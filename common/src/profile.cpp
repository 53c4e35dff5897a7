#include "ledger/profile.hpp"

#include <stdexcept>

#include <fmt/format.h>

namespace ledger {
namespace {

// Sources, cited by their path in the book's corpus (as the chapter-28 README does).
constexpr const char* kTileOpsH200 =
    "tilelang-corpus/12-operator-libraries/raw/TileOPs/src/tileops/perf/profiles/h200.yaml";
constexpr const char* kHopperBlog =
    "tilelang-corpus/05-nvidia-backend/raw/nvidia-blog-hopper-architecture-in-depth.md "
    "(NVIDIA, \"Hopper Architecture In-Depth\", Table 1, preliminary specs)";

// The H200 SXM spec-sheet peaks (h200.yaml's theoretical fields), shared by
// the calibrated and the spec profile.
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

std::string cite(const char* where, const char* what) { return fmt::format("{} ({})", where, what); }

MachineProfile make_h200() {
  MachineProfile p{"h200", "NVIDIA H200",
                   "H200 SXM: spec-sheet peaks scaled by TileOPs' micro-benchmark calibration", {}};
  p.roofs = {
      {"hbm", 4800e9, 0.938, "HBM, envelope over access mixes (pure copy alone: 0.8183)",
       cite(kTileOpsH200, "theoretical; calibration = max over the access mixes, pure copy alone 0.8183")},
      {"tensor_core.fp16", 989.5e12, 0.737, "tensor core, dense",
       cite(kTileOpsH200, "theoretical; calibration, burst")},
      {"tensor_core.bf16", 989.5e12, 0.737, "tensor core, dense",
       cite(kTileOpsH200, "theoretical; calibration, burst")},
      {"tensor_core.fp8", 1979e12, std::nullopt, "tensor core, dense",
       cite(kTileOpsH200, "theoretical; no calibration measured")},
      {"tensor_core.tf32", 494.7e12, std::nullopt, "tensor core, dense",
       cite(kTileOpsH200, "theoretical; no calibration measured")},
      {"cuda_core.fp32", 67e12, 0.8548, "CUDA-core FMA", cite(kTileOpsH200, "theoretical; calibration")},
  };
  return p;
}

MachineProfile make_h200_spec() {
  MachineProfile p{"h200-spec", "NVIDIA H200 (spec sheet)", "H200 SXM: vendor spec-sheet peaks, not calibrated", {}};
  for (const auto& r : kH200Spec) {
    p.roofs.push_back(
        {r.key, r.theoretical, std::nullopt, r.label, cite(kTileOpsH200, "theoretical, from the spec sheet")});
  }
  return p;
}

MachineProfile make_h100_spec() {
  MachineProfile p{"h100-spec", "NVIDIA H100 SXM5 (preliminary spec)",
                   "H100 SXM5: preliminary vendor spec, not calibrated", {}};
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

std::string calibration_text(const Roof& roof) {
  return roof.calibration ? fmt::format("{}", *roof.calibration) : std::string(kNotCalibrated);
}

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

std::vector<std::string> MachineProfile::compute_roof_keys() const {
  std::vector<std::string> keys;
  for (const auto& r : roofs) {
    if (!r.is_memory()) keys.push_back(r.key);
  }
  return keys;
}

std::span<const MachineProfile> builtin_profiles() {
  static const std::vector<MachineProfile> profiles{make_h200(), make_h200_spec(), make_h100_spec()};
  return profiles;
}

std::vector<std::string> builtin_profile_keys() {
  std::vector<std::string> keys;
  for (const auto& p : builtin_profiles()) keys.push_back(p.key);
  return keys;
}

const MachineProfile* find_profile(std::string_view key) {
  for (const auto& p : builtin_profiles()) {
    if (p.key == key) return &p;
  }
  return nullptr;
}

}  // namespace ledger
