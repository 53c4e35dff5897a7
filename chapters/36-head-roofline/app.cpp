// head_roofline's command line: flags -> the report's constants -> the table,
// the criterion, and --assert-report's comparison. Separate from main() so the
// fuzzer drives exactly what a reader runs.
#include "app.hpp"

#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "json_report.hpp"
#include "ledger/checked.hpp"
#include "ledger/cli.hpp"
#include "ledger/flag_values.hpp"
#include "ledger/limits.hpp"
#include "ledger/mode_flags.hpp"
#include "ledger/output_file.hpp"
#include "ledger/text.hpp"
#include "params.hpp"
#include "plot.hpp"
#include "report_check.hpp"
#include "table.hpp"

using ledger::cli::UsageError;

namespace {

constexpr const char* kHelp =
    R"(用法: head_roofline [-h] [--assert-report] [--d N] [--l2-bw B/s] [--cores N]
                     [--freq Hz] [--fma-per-cycle N] [--heads N[,N...]]
                     [--topk N[,N...]] [--format {text,json}] [--plot FILE.svg]

第 36 章 示例 01：复现 FlashMLA 昇腾稀疏 attention 技术报告（中文版）里的「算存比」表
（docs/20260930-ascend-prefill-deep-dive-zh.md:85-111）。
报告用它回答「每个 AI Core 负责多少个 q head 合适」：把 Cube 的矩阵乘周期数与 L2 的
搬运周期数都算出来，谁大谁就是瓶颈。程序只做算术，不接触任何硬件：
  每核每周期 L2 字节数 = l2_bw / cores / freq                      （报告 :94，默认 94.697）
  cube_cycles = h_q * topk * (d + d) // fma_per_cycle
                QKᵀ 与 PV 两个矩阵乘各 h_q*topk*d 次 MAC；64 位整数，向下取整
  mem_cycles  = (h_q*d*2*2 + topk*d*2) / 每核每周期 L2 字节数
                Q 和 O 各 h_q*d 个 bf16，gathered KV 是 topk*d 个 bf16；双精度浮点
  判据（报告 :114）：cube_cycles 大是 compute-bound，mem_cycles 大是 memory-bound，
                相等是 balanced（整数与浮点数精确比较）

选项:
  -h, --help            显示本帮助并退出
  --version             显示本程序复算的是本书第几版（日期、提交，输出是否就是该版的），
                        然后退出；单独使用
  --assert-report       把输出的八行表格与报告 :104-111 的表格逐行对照（忽略行首行尾
                        空白）：一致时末尾多打印一行 OK；不一致时在 stderr 列出差异，
                        退出码 1。报告的表只描述报告的常量，改了任何常量再加它会被
                        拒绝（退出码 2）
  --format FORMAT       text（默认）：上面的表格与判据；json：所用的常量、每核每周期 L2 字节数，
                        以及每个 (h_q, topk) 一个对象：cube_cycles（精确整数）、mem_cycles（能往返
                        的最短写法，全精度）与判据；threshold：忽略向下取整时转为 compute-bound 的 h_q
                        门槛（每个 topk 一个，及 topk 趋于无穷的极限）和最小 topk。不能与 --assert-report
                        同用（它对照的是文本表格）
  --plot FILE.svg       另外把 cube_cycles（实线）与 mem_cycles（虚线）对 h_q 的曲线画成 SVG 写进
                        FILE.svg（log-log，每个 topk 一种颜色），两条线的交点画圈并标出 h_q：交点左边
                        memory-bound，右边 compute-bound。stdout 照常输出、不受影响；文件先写到同目录
                        的临时文件再改名（符号链接写到它指向的文件），写不了（目录不存在、没有权限、
                        不是普通文件）时退出码 2，原文件不动，不留下写了一半的文件

以下常量的默认值都是报告给的（报告 :85-94，昇腾 950 的常数），不是本机实测：
  --d N                 d_qk = d_v，每个 head 的维度（默认 512；已发表的脚本的 D_QK）
  --l2-bw B/s           整颗芯片的 L2 总带宽，字节/秒（默认 5e12，即 5 TB/s；L2_TOTAL_BW）
  --cores N             L2 带宽平分的份数：芯片的 AI Core 数（默认 32，报告的 num_cores：
                        报告讲的昇腾 950 有 32 个 AI Core；NUM_CORES）
  --freq Hz             AI Core 主频（默认 1650e6，即 1650 MHz；FREQ）
  --fma-per-cycle N     Cube 打满时每个 AI Core 每周期的 FMA 数（默认 4096；FMA_PER_CYCLE）
  --heads N[,N...]      每个 AI Core 负责的 q head 数，逗号分隔的候选
                        （默认 16,32,64,128；HEAD_CANDIDATES）
  --topk N[,N...]       稀疏 attention 每块 gather 的 KV 行数，逗号分隔的候选
                        （默认 512,1024；TOPK_CANDIDATES）
                        --heads 最多 256 项，--topk 最多 64 项（表最多 256×64 行），多了退出码 2

--d、--cores、--fma-per-cycle 和列表里的每一项是正整数（可写 1_024）；--l2-bw 与 --freq
接受 Python float() 的写法（5e12、1650e6、8_000e9），必须是大于 0 的有限数；两种数都按 Python
的读法接受全角数字（４０９６）与前后的全角空格。
整数乘积超出 64 位、或结果超出双精度范围时拒绝。参数错误时在 stderr 打印一行说明、
退出码 2、stdout 不输出任何内容。

示例:
  head_roofline                               报告的表与判据
  head_roofline --assert-report               再与报告的表逐行对照
  head_roofline --topk 2048 --heads 64,128    topk 增到 2048 时瓶颈怎么变？
  head_roofline --l2-bw 8e12                  L2 换成 8 TB/s 呢？
  head_roofline --plot heads.svg              把表画成图：交点在哪个 h_q？
  head_roofline --format json                 给脚本用的全精度数字
)";

// --format's choices: what run() accepts and the shell completes.
const std::vector<std::string>& formats() {
  static const std::vector<std::string> choices{"text", "json"};
  return choices;
}

// The report's table describes the report's constants and nothing else.
void require_report_constants(const head_roofline::Params& params) {
  const auto changed = head_roofline::flags_differing_from_report(params);
  if (changed.empty()) return;
  throw UsageError(
      fmt::format("--assert-report: the report's table holds for the report's constants only, "
                  "and {} {} from them; "
                  "drop --assert-report or the changed flags",
                  ledger::join(changed), changed.size() == 1 ? "differs" : "differ"));
}

}  // namespace

namespace head_roofline {

// The flags: head_roofline.py's argparse declares -h/--help and --assert-report
// (their abbreviations keep its meaning: --h is --help, not ambiguous with
// --heads); the report's constants are the program's own flags.
const ledger::cli::FlagTable& flag_table() {
  using namespace ledger::cli;
  static const FlagTable& table = new_flag_table({{"help,h"},
                                                  {"assert-report"},
                                                  {"d", integer_value()},
                                                  {"l2-bw", real_value()},
                                                  {"cores", integer_value()},
                                                  {"freq", real_value()},
                                                  {"fma-per-cycle", integer_value()},
                                                  {"heads", integer_list_value()},
                                                  {"topk", integer_list_value()},
                                                  {"format", text_value("FORMAT")},
                                                  {"plot", text_value("FILE.svg")}},
                                                 {"help", "assert-report"})
                                      .complete_with("format", formats);
  return table;
}

ledger::cli::ProgramOutput run(int argc, const char* const* argv) {
  const ledger::cli::Args args = ledger::cli::parse(argc, argv, flag_table());
  if (args.flag("help")) return {kHelp, {}};
  head_roofline::Params params;
  ledger::cli::read_fields(args, params, head_roofline::param_flags());
  const bool assert_report = args.flag("assert-report");
  const std::string format = ledger::cli::format_flag(args, formats(), "text");
  if (assert_report && format == "json") {
    throw UsageError(
        "--format: --assert-report checks the text table, not json; drop one of them");
  }
  const std::optional<std::string> plot_path = ledger::cli::plot_flag(args);
  if (assert_report) require_report_constants(params);

  ledger::cli::ProgramOutput outcome;
  try {
    outcome.text = format == "json" ? head_roofline::report_json(params).dump() + "\n"
                                    : head_roofline::render_report(params);
    if (plot_path)
      outcome.files.push_back({"--plot", *plot_path, head_roofline::cycles_svg(params)});
    if (assert_report) {
      auto mismatch = head_roofline::mismatch_with_report(head_roofline::render_table(params),
                                                          head_roofline::report_table_lines());
      if (mismatch) {
        outcome.diagnostics = std::move(*mismatch);
        outcome.status = 1;
      } else {
        outcome.text += head_roofline::kReportMatchLine;
      }
    }
  } catch (const ledger::OverflowError&) {
    // Every integer count is a product of d, h_q and topk.
    throw UsageError(
        "--d/--heads/--topk: h_q * topk * (d + d) or the byte counts do not fit in a 64-bit "
        "integer; "
        "choose smaller values");
  }
  return outcome;
}

}  // namespace head_roofline
