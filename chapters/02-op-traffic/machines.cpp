#include "machines.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "ledger/cli.hpp"
#include "ledger/profile.hpp"
#include "ledger/text.hpp"

namespace op_traffic {
namespace {

Machine from_roofs(const ledger::MachineProfile& profile, const ledger::Roof& compute) {
  const ledger::Roof& memory = profile.memory_roof();
  Machine m;
  m.peak_flops = compute.effective();
  m.bandwidth = memory.effective();
  m.profile_key = profile.key;
  m.compute_roof = compute;
  m.memory_roof = memory;
  return m;
}

Machine from_profile(const char* key, const char* profile_key, const char* label, const char* source) {
  const ledger::MachineProfile& profile = *ledger::find_profile(profile_key);
  Machine m = from_roofs(profile, *profile.find_roof("tensor_core.fp16"));
  m.key = key;
  m.label = label;
  m.source = source;
  return m;
}

// "calibration 0.737", or "not calibrated": an uncalibrated roof says so.
std::string calibration_words(const ledger::Roof& roof) {
  return roof.calibrated() ? fmt::format("calibration {}", ledger::calibration_text(roof))
                           : std::string(ledger::kNotCalibrated);
}

}  // namespace

const std::vector<Machine>& machines() {
  static const std::vector<Machine> all{
      from_profile("h100-spec", "h100-spec", "H100 SXM5（厂商 preliminary 规格：1000 TFLOPS fp16 / 3.0 TB/s）",
                   "tilelang-corpus/05-nvidia-backend/raw/"
                   "nvidia-blog-hopper-architecture-in-depth.md（Table 1，preliminary specs）"),
      from_profile("h200-measured", "h200", "H200（TileOPs 微基准标定：0.737x 算力 / 0.938x 带宽）",
                   "tilelang-corpus/12-operator-libraries/raw/TileOPs/src/tileops/perf/profiles/"
                   "h200.yaml（calibration 字段；算力用 calibration（burst），"
                   "带宽用 calibration = max(mixes)，纯 copy 混合只有 0.8183）"),
      from_profile("h200-spec", "h200-spec", "H200（厂商规格：989.5 TFLOPS fp16 dense / 4800 GB/s）",
                   "tilelang-corpus/12-operator-libraries/raw/TileOPs/src/tileops/perf/profiles/"
                   "h200.yaml（theoretical 字段，注释写明来自 spec sheet）"),
  };
  return all;
}

std::vector<std::string> machine_keys() {
  std::vector<std::string> keys;
  for (const auto& m : machines()) keys.push_back(m.key);
  return keys;
}

const Machine* find_machine(const std::string& key) {
  for (const auto& m : machines()) {
    if (m.key == key) return &m;
  }
  return nullptr;
}

const std::vector<std::string>& fp16_matrix_roof_keys() {
  static const std::vector<std::string> keys{"tensor_core.fp16", "matrix_core.fp16", "cube.fp16"};
  return keys;
}

Machine machine_from_profile(const ledger::ProfileFile& file) {
  const ledger::MachineProfile& profile = file.profile;
  const ledger::Roof* compute = nullptr;
  for (const auto& key : fp16_matrix_roof_keys()) {
    if (compute == nullptr) compute = profile.find_roof(key);
  }
  if (compute == nullptr) {
    const auto error = ledger::roofs_error(
        file, fmt::format("no fp16 matrix roof, op_traffic's peak FLOP/s (accepted keys: {}; its compute roofs: {})",
                          ledger::join(fp16_matrix_roof_keys()), ledger::join_capped(profile.compute_roof_keys())));
    throw ledger::cli::UsageError(fmt::format("--profile: {}", error.what()));
  }
  Machine m = from_roofs(profile, *compute);
  m.key = profile.key;
  m.label = fmt::format("{}（{}；算力 {} {}，带宽 hbm {}）", profile.name, file.path, compute->key,
                        calibration_words(*compute), calibration_words(m.memory_roof));
  m.source = compute->source == m.memory_roof.source
                 ? compute->source
                 : fmt::format("{}：{}；hbm：{}", compute->key, compute->source, m.memory_roof.source);
  return m;
}

// The built-in profiles no --machine stands for: a reader reaches them with --profile.
std::vector<std::string> other_profiles() {
  std::vector<std::string> used;
  for (const Machine& m : machines()) used.push_back(m.profile_key);
  std::vector<std::string> others;
  for (const std::string& key : ledger::builtin_profile_keys()) {
    if (std::find(used.begin(), used.end(), key) == used.end()) others.push_back(key);
  }
  return others;
}

}  // namespace op_traffic
