#include "machine_list.hpp"

#include <vector>

#include <fmt/format.h>

#include "ledger/profile.hpp"
#include "ledger/text.hpp"

namespace op_traffic {
namespace {

// "989.5 TFLOPS × calibration 0.737" or "1000.0 TFLOPS，not calibrated" (`theoretical` as
// printed).
std::string roof_origin(const ledger::Roof& roof, const std::string& theoretical) {
  if (roof.calibrated())
    return fmt::format("{} × calibration {}", theoretical, ledger::calibration_text(roof));
  return fmt::format("{}，{}", theoretical, ledger::kNotCalibrated);
}

// The machine block, in the report's words: where each of its two numbers comes from.
std::string render_machine(const Machine& m, std::string_view header) {
  std::string out = fmt::format("{}\n", header);
  out += fmt::format("  profile : {}\n", m.label);
  out +=
      fmt::format("  峰值算力 : {:.1f} TFLOPS = {} 的 {}：{}\n", m.peak_flops() / 1e12,
                  m.profile.key, m.compute_roof.key,
                  roof_origin(m.compute_roof,
                              fmt::format("{:.1f} TFLOPS", m.compute_roof.theoretical / 1e12)));
  out += fmt::format(
      "  峰值带宽 : {:.0f} GB/s = {} 的 {}：{}\n", m.bandwidth() / 1e9, m.profile.key,
      m.memory_roof.key,
      roof_origin(m.memory_roof, fmt::format("{:.0f} GB/s", m.memory_roof.theoretical / 1e9)));
  out += fmt::format("  机器平衡点 : {:.1f} FLOP/Byte\n", m.balance());
  out += fmt::format("  来源 : {}\n", m.source);
  return out;
}

}  // namespace

std::string render_machine_list(const Machine* reader_machine) {
  std::string out =
      fmt::format("op_traffic 的机器（--machine KEY，默认 {}）：\n", kDefaultMachine);
  for (const Machine& m : machines()) {
    out += "\n";
    out += render_machine(m, m.key == kDefaultMachine ? m.key + "（默认）" : m.key);
  }
  if (reader_machine != nullptr) {
    out += "\n";
    out += render_machine(*reader_machine, fmt::format("{}（--profile）", reader_machine->key));
  }
  const std::vector<std::string> others = other_profiles();
  out += "\n";
  out +=
      "其它机器用 --profile FILE 读入一份 profile 文件（YAML，格式见 common/profiles/ "
      "里的文件）；\n";
  out += fmt::format(
      "common/profiles/ 里另有：{}（例如 op_traffic --profile common/profiles/{}.yaml）。\n",
      ledger::join(others, "、"), others.empty() ? "h200" : others.front());
  out += "--profile 的机器取 fp16 矩阵单元的 roof（";
  out += ledger::join(fp16_matrix_roof().keys, "、");
  out += " 之一）与 hbm。\n";
  return out;
}

}  // namespace op_traffic
