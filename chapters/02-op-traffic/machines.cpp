#include "machines.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "ledger/profile.hpp"

namespace op_traffic {
namespace {

Machine chapter_machine(const char* key, const char* profile_key, const char* label,
                        const char* source) {
  return {ledger::select_roofs(ledger::builtin_machine(key, *ledger::find_profile(profile_key)),
                               fp16_matrix_roof()),
          label, source};
}

// "calibration 0.737", or "not calibrated": an uncalibrated roof says so.
std::string calibration_words(const ledger::Roof& roof) {
  return roof.calibrated() ? fmt::format("calibration {}", ledger::calibration_text(roof))
                           : std::string(ledger::kNotCalibrated);
}

}  // namespace

const ledger::RoofChoice& fp16_matrix_roof() {
  static const ledger::RoofChoice choice{{"tensor_core.fp16", "matrix_core.fp16", "cube.fp16"},
                                         "fp16 matrix roof",
                                         "op_traffic's peak FLOP/s"};
  return choice;
}

const std::vector<Machine>& machines() {
  static const std::vector<Machine> all{
      chapter_machine(
          "h100-spec", "h100-spec",
          "H100 SXM5（厂商 preliminary 规格：1000 TFLOPS fp16 / 3.0 TB/s）",
          "tilelang-corpus/05-nvidia-backend/raw/"
          "nvidia-blog-hopper-architecture-in-depth.md（Table 1，preliminary specs）"),
      chapter_machine(
          "h200-measured", "h200", "H200（TileOPs 微基准标定：0.737x 算力 / 0.938x 带宽）",
          "tilelang-corpus/12-operator-libraries/raw/TileOPs/src/tileops/perf/profiles/"
          "h200.yaml（calibration 字段；算力用 calibration（burst），"
          "带宽用 calibration = max(mixes)，纯 copy 混合只有 0.8183）"),
      chapter_machine(
          "h200-spec", "h200-spec", "H200（厂商规格：989.5 TFLOPS fp16 dense / 4800 GB/s）",
          "tilelang-corpus/12-operator-libraries/raw/TileOPs/src/tileops/perf/profiles/"
          "h200.yaml（theoretical 字段，注释写明来自 spec sheet）"),
  };
  return all;
}

const Machine* find_machine(const std::string& key) {
  for (const auto& m : machines()) {
    if (m.key == key) return &m;
  }
  return nullptr;
}

const ledger::cli::MachineChoices& machine_choices() {
  static const ledger::cli::MachineChoices choices = [] {
    ledger::cli::MachineChoices c;
    for (const Machine& m : machines()) c.keys.push_back({m.key, m.profile.key});
    c.fallback = kDefaultMachine;
    c.either = "--machine KEY for the chapter's machines, --profile FILE for a profile file";
    return c;
  }();
  return choices;
}

Machine reader_machine(const ledger::Machine& file) {
  Machine m{ledger::select_roofs(file, fp16_matrix_roof()), "", ""};
  const ledger::Roof& compute = m.compute_roof;
  m.label =
      fmt::format("{}（{}；算力 {} {}，带宽 hbm {}）", m.profile.name, m.file.value_or(""),
                  compute.key, calibration_words(compute), calibration_words(m.memory_roof));
  m.source =
      compute.source == m.memory_roof.source
          ? compute.source
          : fmt::format("{}：{}；hbm：{}", compute.key, compute.source, m.memory_roof.source);
  return m;
}

std::vector<std::string> other_profiles() {
  std::vector<std::string> used;
  for (const Machine& m : machines()) used.push_back(m.profile.key);
  std::vector<std::string> others;
  for (const std::string& key : ledger::builtin_profile_keys()) {
    if (std::find(used.begin(), used.end(), key) == used.end()) others.push_back(key);
  }
  return others;
}

}  // namespace op_traffic
