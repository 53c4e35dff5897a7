// op_traffic's command line: flags -> workload -> rows -> the report text.
// Separate from main() so the fuzzer drives exactly what a reader runs.
#include "app.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "costs.hpp"
#include "json_report.hpp"
#include "ledger/cli.hpp"
#include "ledger/flag_values.hpp"
#include "ledger/limits.hpp"
#include "ledger/machine_flag.hpp"
#include "ledger/mode_flags.hpp"
#include "ledger/profile_file.hpp"
#include "ledger/text.hpp"
#include "machine_list.hpp"
#include "machines.hpp"
#include "plot.hpp"
#include "report.hpp"

using ledger::cli::UsageError;

namespace {

constexpr const char* kHelpTemplate =
    R"(用法: op_traffic [-h] [--machine {@MACHINE_CHOICES@} | --profile FILE]
                  [--seq-len N] [--kv-len N] [--heads N] [--head-dim N]
                  [--batch N] [--params N] [--world N] [--op 子串[,子串...]]
                  [--format {text,json}] [--plot FILE.svg]
      op_traffic --list-machines [--profile FILE]

第 02 章 示例 1：单个算子的访存/计算账本与 roofline 判据。
给定一个算子和一台机器，它是先撞带宽，还是先撞算力？理论上最快能有多快？
它不测量任何性能，所有输出都是公式推导：
  算术强度 AI = flops / bytes
  时间下界 sol_time = max(bytes / bandwidth, flops / peak_flops)
  判据 = 哪一项决定 sol_time，就是 memory-bound / compute-bound（相等时记 memory-bound）
记账口径（与 TileOPs 的 roofline 模型一致）：只数理论最少的访存（每个输入读一遍、
每个输出写一遍，不数中间结果）；逐元素的一个基本运算或一个超越函数记 1 FLOP；
矩阵乘的一次乘加记 2 FLOP。真实 kernel 一定比这里的下界慢。

选项:
  -h, --help        显示本帮助并退出
  --version         显示本程序复算的是本书第几版（日期、提交，输出是否就是该版的），
                    然后退出；单独使用
  --machine KEY     机器 profile（默认 @DEFAULT_MACHINE@）：
@MACHINE_TABLE@
  --profile FILE    用一份机器 profile 文件（YAML）代替 --machine：峰值算力取 fp16 矩阵单元的 roof
                    （tensor_core.fp16、matrix_core.fp16 或 cube.fp16），带宽取 hbm，各为
                    theoretical × calibration。common/profiles/ 里有现成的：
                    @OTHER_PROFILES@；
                    格式见那里的文件或 op_ledger --help。文件有错、
                    或缺这两条 roof 时在 stderr 打印一行（文件、行号与出错的字段），退出码 2
                    安装后的程序在当前目录下找不到相对路径 FILE 时，到安装目录的 share/op-perf-book/ 下找，
                    所以书里印的路径（common/profiles/h100-sxm.yaml 等）在任何目录下都能用
  --list-machines   列出 --machine 的每台机器：峰值算力与带宽各取自哪个 profile 的哪条 roof、
                    theoretical 与 calibration、平衡点与出处；加 --profile FILE 时也列出那台机器
  --seq-len N       prefill 序列长度 S（默认 4096）
  --kv-len N        decode 的 KV cache 长度（默认 32768）
  --heads N         注意力头数（默认 32）
  --head-dim N      每个头的维度 D（默认 128）
  --batch N         decode 的 batch（默认 1）
  --params N        优化器参数个数，AdamW 与 all-reduce 两行用（默认 7e9）
  --world N         数据并行的卡数，ring all-reduce 用，至少 2（默认 8）
  --op 子串[,...]   只打印名字里含这些子串的行（逗号分隔，不区分大小写，最多 256 项；默认 all）
  --format FORMAT   text（默认）：上面的表格；json：每个打印的行一个对象（名字、形状参数、
                    flops、bytes、算术强度、时间、判据），数值是能往返的最短写法（全精度），
                    单位是 FLOP、字节、秒，另附所用机器与各参数的取值
  --plot FILE.svg   另外把所选机器的 roofline 画成 SVG 写进 FILE.svg（log-log：横轴算术强度
                    FLOP/Byte，纵轴 FLOP/s；内存屋顶（斜线）、算力屋顶、平衡点，每个打印的算子是
                    一个编号的点）。stdout 照常输出、不受影响；文件先写到同目录的临时文件再改名，
                    FILE 是符号链接时写到它指向的文件；写不了（目录不存在、没有权限、不是普通文件）
                    时退出码 2，原文件不动，不留下写了一半的文件

数值参数接受 Python float() 的写法（4096、7e9、1_000；全角数字４０９６与前后的全角空格也照读），
必须是大于 0 的有限数。
参数错误时在 stderr 打印一行说明、退出码 2、stdout 不输出任何内容。

示例:
  op_traffic
  op_traffic --machine h100-spec
  op_traffic --seq-len 8192 --heads 32 --head-dim 128
  op_traffic --params 7e9 --op adamw
  op_traffic --op GEMM,Attention
  op_traffic --op GEMM --format json
  op_traffic --machine h100-spec --plot roofline.svg
  op_traffic --list-machines
  op_traffic --profile common/profiles/mi300x.yaml --op GEMM
)";

// --help: the machine choices, table and default come from machines(), the
// other profiles from the built-in ones (common/profiles/), never from a copy.
std::string help_text() {
  std::vector<std::string> table{fmt::format(
      "                      {} {}", ledger::pad_right(op_traffic::kDefaultMachine, 14),
      op_traffic::find_machine(op_traffic::kDefaultMachine)->label)};
  for (const op_traffic::Machine& m : op_traffic::machines()) {
    if (m.key != op_traffic::kDefaultMachine) {
      table.push_back(
          fmt::format("                      {} {}", ledger::pad_right(m.key, 14), m.label));
    }
  }
  std::string text = kHelpTemplate;
  text = ledger::replace_all(
      text, "@MACHINE_CHOICES@",
      ledger::join(ledger::cli::machine_keys(op_traffic::machine_choices()), ","));
  text = ledger::replace_all(text, "@MACHINE_TABLE@", ledger::join(table, "\n"));
  text = ledger::replace_all(text, "@OTHER_PROFILES@",
                             ledger::join(op_traffic::other_profiles(), "、"));
  return ledger::replace_all(text, "@DEFAULT_MACHINE@", op_traffic::kDefaultMachine);
}

// --machine KEY (default kDefaultMachine) or --profile FILE, not both.
op_traffic::Machine machine_from_flags(const ledger::cli::Args& args) {
  const ledger::Machine chosen = ledger::cli::machine_flag(args, op_traffic::machine_choices());
  return chosen.from_file() ? op_traffic::reader_machine(chosen)
                            : *op_traffic::find_machine(chosen.key);
}

std::string list_machines(const ledger::cli::Args& args) {
  ledger::cli::require_only(args, {"list-machines", "profile"}, "with --list-machines",
                            "--list-machines [--profile FILE]");
  if (!args.has("profile")) return op_traffic::render_machine_list(nullptr);
  const op_traffic::Machine machine =
      op_traffic::reader_machine(ledger::file_machine(ledger::cli::profile_flag(args)));
  return op_traffic::render_machine_list(&machine);
}

// --format's choices: what run() accepts and the shell completes.
const std::vector<std::string>& formats() {
  static const std::vector<std::string> choices{"text", "json"};
  return choices;
}

// --op's completions: "all" and the first word of each row's name (GEMM, Attention, ...).
std::vector<std::string> op_words() {
  std::vector<std::string> words{"all"};
  for (const op_traffic::Row& row : op_traffic::build_cases(op_traffic::Workload{})) {
    const std::string& name = row.cost.name;
    std::string word = name.substr(0, std::min(name.find(' '), name.find("（")));
    if (std::find(words.begin(), words.end(), word) == words.end()) words.push_back(word);
  }
  return words;
}

}  // namespace

namespace op_traffic {

// The flags: the reference's (op_traffic.py's argparse, whose abbreviations
// keep their meaning) and the program's own (--format, --plot, --profile,
// --list-machines). --machine's choices are checked when read, as argparse does.
const ledger::cli::FlagTable& flag_table() {
  using namespace ledger::cli;
  static const FlagTable& table =
      new_flag_table({{"help,h"},
                      {"machine", text_value("KEY")},
                      {"seq-len", real_value()},
                      {"kv-len", real_value()},
                      {"heads", real_value()},
                      {"head-dim", real_value()},
                      {"batch", real_value()},
                      {"params", real_value()},
                      {"world", real_value()},
                      {"op", text_value("OP")},
                      {"format", text_value("FORMAT")},
                      {"plot", text_value("FILE.svg")},
                      {"profile", text_value("FILE")},
                      {"list-machines"}},
                     {"help", "machine", "seq-len", "kv-len", "heads", "head-dim", "batch",
                      "params", "world", "op"})
          .check_when_read("machine",
                           [](const std::string& key) {
                             parse_choice("--machine", key, machine_keys(machine_choices()));
                           })
          .complete_with("machine", [] { return machine_keys(machine_choices()); })
          .complete_with("format", formats)
          .complete_with("op", op_words);
  return table;
}

ledger::cli::ProgramOutput run(int argc, const char* const* argv) {
  const ledger::cli::Args args = ledger::cli::parse(argc, argv, flag_table());
  if (args.flag("help")) return {help_text(), {}};
  if (args.flag("list-machines")) return {list_machines(args), {}};

  const Machine machine = machine_from_flags(args);
  const std::string format = ledger::cli::format_flag(args, formats(), "text");
  const std::optional<std::string> plot_path = ledger::cli::plot_flag(args);
  Workload w;  // in this order: the first value not > 0 is the one refused
  ledger::cli::read_fields<Workload>(args, w,
                                     {{"seq-len", &Workload::seq_len},
                                      {"kv-len", &Workload::kv_len},
                                      {"heads", &Workload::heads},
                                      {"head-dim", &Workload::head_dim},
                                      {"batch", &Workload::batch},
                                      {"params", &Workload::params},
                                      {"world", &Workload::world}});
  if (w.world < 2.0) {
    throw UsageError(
        fmt::format("--world: expected a number >= 2 (ring all-reduce needs two cards), got {}",
                    ledger::quoted_value(args.get("world", ""))));
  }
  const std::string op = args.get("op", "all");
  ledger::cli::require_short_list("--op", op);
  const auto rows = select_rows(build_cases(w), op);
  if (rows.empty()) {
    throw UsageError(fmt::format(
        "--op: {} matches no operator (accepted: 'all' or comma-separated pieces of "
        "row names, e.g. GEMM,Attention,LayerNorm,AdamW,all-reduce,逐元素){}",
        ledger::quoted_value(op),
        ledger::ascii_lower(op) == "all"
            ? "; the keyword is lower-case 'all', as in op_traffic.py"
            : ""));
  }
  ledger::cli::ProgramOutput out;
  out.inputs = machine.files_read();  // --plot never replaces the --profile file
  out.text = format == "json" ? report_json(machine, w, op, rows).dump() + "\n"
                              : render_report(machine, rows);
  if (plot_path) out.files.push_back({"--plot", *plot_path, roofline_svg(machine, rows)});
  return out;
}

}  // namespace op_traffic
