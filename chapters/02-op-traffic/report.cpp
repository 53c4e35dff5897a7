#include "report.hpp"

#include <cmath>

#include <fmt/format.h>

#include "ledger/cli.hpp"
#include "ledger/roofline.hpp"
#include "ledger/text.hpp"
#include "units.hpp"

namespace op_traffic {
namespace {

using ledger::pad_left;
using ledger::pad_right;

// The script divides by the byte count and prints every quantity; a row
// whose numbers left double's range would print inf/nan or divide by zero.
void require_finite_row(const Row& row, const ledger::Verdict& verdict) {
  const Cost& cost = row.cost;
  const bool finite = std::isfinite(cost.flops) && std::isfinite(cost.bytes) &&
                      cost.bytes > 0.0 && std::isfinite(cost.intensity()) &&
                      std::isfinite(verdict.sol_time);
  if (!finite) {
    throw ledger::cli::UsageError(fmt::format(
        "{}: these values take the row {} out of double's range (a count becomes 0, infinite "
        "or NaN); "
        "accepted: values whose counts stay finite and > 0",
        // A fixed-shape row leaves double's range only through the machine's numbers.
        row.flags.empty() ? "--machine/--profile" : row.flags,
        ledger::quoted_value(cost.name)));
  }
}

}  // namespace

ledger::Verdict judge_row(const Machine& machine, const Row& row) {
  const ledger::Verdict verdict =
      ledger::judge(row.cost.flops, row.cost.bytes, machine.peak_flops(), machine.bandwidth());
  require_finite_row(row, verdict);
  return verdict;
}

std::vector<Row> select_rows(const std::vector<Row>& rows, const std::string& op) {
  if (op == "all") return rows;
  // Only lower-case `all` is the keyword, as in op_traffic.py, where `ALL` is a
  // case-sensitive filter that selects no row; here too, though filters ignore case.
  if (ledger::ascii_lower(op) == "all") return {};
  std::vector<std::string> wanted;
  for (const std::string_view piece : ledger::split(op, ','))
    wanted.push_back(ledger::ascii_lower(piece));
  std::vector<Row> kept;
  for (const auto& row : rows) {
    const std::string name = ledger::ascii_lower(row.cost.name);
    for (const auto& w : wanted) {
      if (name.find(w) != std::string::npos) {
        kept.push_back(row);
        break;
      }
    }
  }
  return kept;
}

//> render-report
std::string render_report(const Machine& machine, const std::vector<Row>& rows) {
  const std::string rule_heavy = ledger::repeat("=", 100);
  const std::string rule_light = ledger::repeat("-", 100);
  std::string out;
  const auto line = [&out](std::string_view text) {
    out.append(text);
    out.push_back('\n');
  };

  line(rule_heavy);
  line("机器模型");
  line(rule_light);
  line(fmt::format(" profile : {}", machine.label));
  line(
      fmt::format(" 峰值算力 : {:.1f} TFLOPS（fp16 张量核口径）", machine.peak_flops() / 1e12));
  line(fmt::format(" 峰值带宽 : {:.0f} GB/s", machine.bandwidth() / 1e9));
  line(fmt::format(" 机器平衡点 : {:.1f} FLOP/Byte", machine.balance()));
  line(fmt::format(" 来源 : {}", machine.source));
  line(rule_heavy);
  line("算子账本（理论最少访存量；时间下界 = max(访存时间, 计算时间)）");
  line(rule_light);
  line(fmt::format("{} {} {} {} {} {}", pad_right("算子", 50), pad_left("运算量", 10),
                   pad_left("访存量", 10), pad_left("算术强度", 10), pad_left("时间下界", 10),
                   pad_left("判据", 15)));
  for (const Row& row : rows) {
    const Cost& cost = row.cost;
    const ledger::Verdict verdict = judge_row(machine, row);
    const std::string flops =
        cost.flops > 0 ? fmt::format("{:.3g} GFLOP", cost.flops / 1e9) : "0";
    line(fmt::format("{} {} {} {:>9.2f} F/B {} {}", pad_right(cost.name, 50),
                     pad_left(flops, 10), pad_left(fmt_bytes(cost.bytes), 10), cost.intensity(),
                     pad_left(fmt_time(verdict.sol_time), 10),
                     pad_left(ledger::bound_name(verdict.bound), 15)));
  }
  line(rule_heavy);
  line("算术强度 < 平衡点 => 带宽先饱和（memory-bound）；否则算力先饱和（compute-bound）。");
  line("时间下界是不可被击败的下界，真实 kernel 只会更慢；它不是性能预测。");
  return out;
}
//< render-report

}  // namespace op_traffic
