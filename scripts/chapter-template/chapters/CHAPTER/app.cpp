// @PROGRAM@'s command line: flags -> the model's inputs -> the text, JSON or figure.
#include "app.hpp"

#include <optional>
#include <string>

#include "ledger/checked.hpp"
#include "ledger/cli.hpp"
#include "model.hpp"
#include "plot.hpp"
#include "report.hpp"

using ledger::cli::UsageError;

namespace {

constexpr const char* kHelp = R"(用法: @PROGRAM@ [-h] [--n N] [--bandwidth B/s] [--peak FLOP/s]
       @PROGRAM_PAD@ [--format {text,json}] [--plot FILE.svg]

第 @NUMBER@ 章示例：AXPY（y = a·x + y）在一台机器上的 roofline 判据。
对 fp32、fp16、fp8 三种元素类型，算出 n 个元素的 FLOP（每元素一次乘一次加）、字节
（读 x、读 y、写 y）、算术强度 AI = FLOP / 字节、时间下界 max(字节 / 带宽, FLOP / 峰值算力)
与瓶颈。只做算术，不测量任何性能。

选项:
  -h, --help          显示本帮助并退出
  --n N               元素个数（默认 16777216）
  --bandwidth B/s     内存带宽，字节/秒（默认 4.8e12）
  --peak FLOP/s       峰值算力（默认 6e13）
  --format FORMAT     text（默认）：表格；json：每种元素类型一个对象，数值全精度
  --plot FILE.svg     另外把 roofline 与三个点画成 SVG 写进 FILE.svg；stdout 不受影响，
                      写不了时退出码 2，不留下写了一半的文件

--n 是正整数；--bandwidth 与 --peak 接受 Python float() 的写法，必须是大于 0 的有限数。
参数错误时在 stderr 打印一行说明、退出码 2、stdout 不输出任何内容。

示例:
  @PROGRAM@
  @PROGRAM@ --n 1024 --format json
  @PROGRAM@ --plot roofline.svg
)";

constexpr ledger::cli::Flag kFlags[] = {
    {"help", ledger::cli::Flag::is_switch, 'h'}, {"n"}, {"bandwidth"}, {"peak"}, {"format"}, {"plot"},
};

@PROGRAM@::Machine machine_from(const ledger::cli::Args& args) {
  @PROGRAM@::Machine m;
  if (args.has("bandwidth")) m.bandwidth = ledger::cli::parse_positive_number("--bandwidth", args.get("bandwidth", ""));
  if (args.has("peak")) m.peak = ledger::cli::parse_positive_number("--peak", args.get("peak", ""));
  return m;
}

}  // namespace

namespace @PROGRAM@ {

ledger::cli::ProgramOutput run(int argc, const char* const* argv) {
  const ledger::cli::Args args = ledger::cli::parse(argc, argv, kFlags);
  if (args.flag("help")) return {kHelp, {}};
  std::uint64_t n = kDefaultN;
  if (args.has("n")) n = ledger::cli::parse_positive_integer("--n", args.get("n", ""));
  const Machine machine = machine_from(args);
  const std::string format = ledger::cli::parse_choice("--format", args.get("format", "text"), {"text", "json"});
  std::optional<std::string> plot_path;
  if (args.has("plot")) plot_path = ledger::cli::parse_output_path("--plot", args.get("plot", ""), ".svg");

  std::vector<Row> rows;
  try {
    rows = rows_of(n, machine);
  } catch (const ledger::OverflowError&) {
    throw UsageError("--n: 3 * n * 4 bytes do not fit in a 64-bit integer; choose a smaller --n");
  }
  ledger::cli::ProgramOutput out;
  out.text = format == "json" ? report_json(n, machine, rows) : report_text(n, machine, rows);
  if (plot_path) out.files.push_back({"--plot", *plot_path, roofline_svg(machine, rows)});
  return out;
}

}  // namespace @PROGRAM@
