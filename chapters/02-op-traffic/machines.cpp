#include "machines.hpp"

#include "ledger/profile.hpp"

namespace op_traffic {
namespace {

Machine from_profile(const char* key, const char* profile_key, const char* label, const char* source) {
  const ledger::MachineProfile& profile = *ledger::find_profile(profile_key);
  return Machine{key, label, profile.find_roof("tensor_core.fp16")->effective(),
                 profile.memory_roof().effective(), source};
}

}  // namespace

const std::vector<Machine>& machines() {
  static const std::vector<Machine> all{
      from_profile("h100-spec", "h100-spec",
                   "H100 SXM5（厂商 preliminary 规格：1000 TFLOPS fp16 / 3.0 TB/s）",
                   "tilelang-corpus/05-nvidia-backend/raw/"
                   "nvidia-blog-hopper-architecture-in-depth.md（Table 1，preliminary specs）"),
      from_profile("h200-measured", "h200",
                   "H200（TileOPs 微基准标定：0.737x 算力 / 0.938x 带宽）",
                   "tilelang-corpus/12-operator-libraries/raw/TileOPs/src/tileops/perf/"
                   "profiles/h200.yaml（calibration 字段；算力用 calibration（burst），"
                   "带宽用 calibration = max(mixes)，纯 copy 混合只有 0.8183）"),
      from_profile("h200-spec", "h200-spec",
                   "H200（厂商规格：989.5 TFLOPS fp16 dense / 4800 GB/s）",
                   "tilelang-corpus/12-operator-libraries/raw/TileOPs/src/tileops/perf/"
                   "profiles/h200.yaml（theoretical 字段，注释写明来自 spec sheet）"),
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

}  // namespace op_traffic
