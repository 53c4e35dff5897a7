#include "help.hpp"

#include <fmt/format.h>

#include "ledger/profile.hpp"
#include "ledger/text.hpp"

namespace op_ledger {
namespace {

// The machine table and the default come from the built-in profiles
// (common/profiles/*.yaml, in common/CMakeLists.txt's order), never from a copy.

constexpr const char* kHelpTemplate =
    R"(用法: op_ledger --case CASE [形状参数] [--machine KEY | --profile FILE] [--roof ROOF] [--format text|json]
                [--plot FILE.svg]
      op_ledger --sweep [--machine KEY | --profile FILE] [--format markdown|json]
      op_ledger --list-machines [--profile FILE]

第 28 章示例：算子性能账本（按 term 逐项记账）。
给定一个算子（--case）、它的形状和一台机器的 profile，逐项打印账本：每个 term 读写多少字节、
算多少 FLOP（拆到「read q」「write k_fp8」「read RoPE cos table」这一级，并写明按什么公式数的），
然后是总计、算术强度 AI = flops / bytes、算子声明的 compute roof、平衡点 = roof / 带宽、
memory time = bytes / 带宽、compute time = flops / roof、SOL time = max(两者) 与 bound 类型
（两者相等时记 memory-bound）。最后把同一本账放到该机器其余每条 compute roof 下再判一次：
这是已发表 README 里「用错 roof」那一节的可复算版本。本程序不测量任何性能，所有时间都是下界。

记账口径（与第 02 章相同）：
  字节  每个输入读一次、每个输出写一次，中间量一律不计；
  FLOP  一个基本运算、一次比较选择或一个超越函数记 1，矩阵乘的一次乘加记 2；
  e     每元素字节数：fp32 为 4，fp16/bf16 为 2，fp8 为 1。
所有计数都是精确的 64 位整数；任何一项乘积超出 64 位的形状会被拒绝，而不是回绕。

--case 的取值（形状参数与默认值；算子声明的 roof）：
  gemm          C = A·B：读 A M*K*e、读 B K*N*e、写 C M*N*e；matmul 2*M*N*K FLOP。
                --m 4096 --n 4096 --k 4096 --dtype fp16；roof tensor_core.<dtype>
                （fp32 没有张量核 roof，声明 cuda_core.fp32；tf32 要用 --roof 自己选）。
  attention     flash 风格（Sq×Skv 分数矩阵只在片上），Q 与 KV 的头数相同：
                读 Q B*H*Sq*D*e、读 K 与 V 各 B*H*Skv*D*e、写 O B*H*Sq*D*e；
                每个 (batch, head)：QKᵀ 2*Sq*Skv*D、softmax 5*Sq*Skv、PV 2*Sq*Skv*D、
                用行和归一化 O Sq*D FLOP。
                --heads 32 --sq 4096 --skv 4096 --head-dim 128 --batch 1 --dtype fp16；roof 同 gemm。
  rmsnorm       读 x R*H*e、写 y R*H*e；γ 不计（同第 02 章 LayerNorm 的口径，输出里有说明）；
                每元素 4 FLOP（平方、累加、乘 rstd、乘 γ），每行 2 FLOP（除以 H、rsqrt；ε 并入累加初值）。
                --rows 8192 --hidden 4096 --dtype fp16；roof cuda_core.fp32。
  elementwise   ops 个逐元素运算串成的链，每个 op 每元素 1 FLOP，共 ops*n FLOP；
                融合（默认）：读 x、写 y 各一次，2*n*e 字节；
                --eager：每个 op 一个 kernel，各自读写一遍，2*ops*n*e 字节。
                --n 16777216 --ops 2 --dtype fp16；roof cuda_core.fp32。
  fused-norm-rope-quant
                QK-Norm + RoPE + fp8 量化；输入 bf16、输出 fp8、每行一个 fp32 scale。
                行数 R = T*(Hq+Hkv)，元素数 N = R*D。
                读 q T*Hq*D*2、读 k T*Hkv*D*2、读 γ_q 与 γ_k 各 D*2、读 RoPE cos 表与 sin 表各 T*D*4，
                写 q_fp8 T*Hq*D、写 k_fp8 T*Hkv*D、写 scales R*4；
                RMSNorm 4*N + 2*R、RoPE 3*N（x·cos、rotate_half(x)·sin、相加）、
                fp8 量化 3*N + R FLOP（|x|、running max、除以 scale；每行 scale = amax/448）。
                --tokens 4096 --q-heads 32 --kv-heads 8 --head-dim 128（dtype 固定）；roof cuda_core.fp32。

选项:
  -h, --help          显示本帮助并退出
  --version           显示本程序复算的是本书第几版（日期、提交，输出是否就是该版的），
                      然后退出；单独使用
  --case CASE         要记账的算子：gemm, attention, rmsnorm, elementwise, fused-norm-rope-quant
  --machine KEY       内置的机器 profile（默认 @DEFAULT_MACHINE@），数据来自 common/profiles/<KEY>.yaml
                      （每条 roof 的数值与出处见 --list-machines）：
@MACHINE_TABLE@
  --profile FILE      用自己的机器 profile（YAML 文件）代替 --machine，格式同 common/profiles/*.yaml：
                        key、name、description 三个字段，加一个 roofs 列表，每条 roof 有 key、
                        theoretical（compute roof 为 FLOP/s，1e6 到 1e21；hbm 为 bytes/s，1e6 到 1e18）、
                        calibration（0.01 到 1 之间；没标定就不写）、label、source；必须有 hbm 和至少一条
                        compute roof。FILE 必须是普通文件（不读管道、设备、目录）。
                      文件有错（缺字段、不认识的字段、数值不在上述范围、roof 重名、YAML 语法错）时在
                      stderr 打印一行，写明文件、行号和出错的字段，退出码 2。
                      安装后的程序在当前目录下找不到相对路径 FILE 时，到安装目录的 share/op-perf-book/ 下找，
                      所以书里印的路径（common/tests/profiles/reader-gpu.yaml 等）在任何目录下都能用。
  --roof ROOF         覆盖算子声明的 compute roof，必须是该 profile 的一条 compute roof，例如 @DEFAULT_MACHINE@ 的
                      @DEFAULT_ROOFS@
                      （hbm 是访存 roof，不能当 compute roof）。程序从不替你判断该用哪条 roof，
                      只把你选的那条和其它每一条一起打印出来作对比。profile 没有算子声明的 roof 时
                      （mi300x 没有 tensor_core.fp16、a100-sxm-80gb 没有 tensor_core.fp8）程序报错并列出
                      它的 compute roof，由你用 --roof 选一条；--sweep 不接受 --roof，这样的 profile 上
                      请逐个用 --case。
  --format FORMAT     与 --case 一起：text（默认）或 json；与 --sweep 一起：markdown（默认）或 json。
                      json 里计数是精确整数，浮点数取能往返的最短写法。
  --plot FILE.svg     与 --case 一起：另外把这本账画成 SVG 写进 FILE.svg（log-log：横轴算术强度
                      FLOP/Byte，纵轴 FLOP/s）：内存屋顶一条斜线，profile 的每条 compute roof 各一条水平线，
                      算子的算术强度是一条竖线，它与每条 roof 的交点标出该 roof 下的判据（粗线是所选
                      的 roof）。stdout 照常输出、不受影响；文件先写到同目录的临时文件再改名（FILE 是
                      符号链接时写到它指向的文件，链接本身不变），写不了（目录不存在、没有权限、不是
                      普通文件）时退出码 2，原文件不动，不留下写了一半的文件。
  --sweep             打印一张 Markdown 表（| 算子 | AI | bound | SOL |）：一组固定形状的算子，
                      在 --machine（或 --profile）的机器上各用自己声明的 roof；不接受形状参数与 --roof。
  --list-machines     列出每个内置 profile 的每条 roof：theoretical、calibration（或 not calibrated）、
                      effective 与出处；加 --profile FILE 时把该文件也列在最后（可用来检查自己的文件）；
                      不接受其它参数。
  形状参数            见上面各算子；只接受所选算子自己的形状参数。--head-dim 属于 attention 与
                      fused-norm-rope-quant，--n 属于 gemm（N）与 elementwise（元素数）。
  --dtype DTYPE       fp32, fp16, bf16, fp8（gemm、attention、rmsnorm、elementwise）

形状参数是 1 到 9223372036854775807 的整数（不接受小数、0、负数、nan、1e3 这样的写法），
按 Python int() 的读法：可写 1_024，全角数字（４０９６）与前后的全角空格也照读。
参数写作 --flag value 或 --flag=value，可以用不引起歧义的前缀，重复时以最后一次为准。
参数错误时在 stderr 打印一行说明（点名参数与可接受的值）、退出码 2、stdout 不输出任何内容。

示例:
  op_ledger --case fused-norm-rope-quant
  op_ledger --case gemm --m 512 --n 512 --k 512
  op_ledger --case gemm --m 512 --n 512 --k 512 --plot roofs.svg
  op_ledger --sweep
  op_ledger --machine h100-spec --case gemm --m 4096 --n 4096 --k 4096
  op_ledger --case rmsnorm --rows 8192 --hidden 4096 --roof cuda_core.fp32
  op_ledger --case attention --sq 1 --skv 8192 --format json
  op_ledger --list-machines
  op_ledger --machine mi300x --case gemm --roof matrix_core.fp16
  op_ledger --profile my-gpu.yaml --case attention --sq 1 --skv 8192
)";

// One line per built-in profile: its key, name and whether it is calibrated.
std::string machine_table() {
  std::vector<std::string> lines;
  for (const ledger::MachineProfile& p : ledger::builtin_profiles()) {
    bool calibrated = false;
    for (const ledger::Roof& r : p.roofs) calibrated = calibrated || r.calibrated();
    lines.push_back(
        fmt::format("                        {} {}，{}", ledger::pad_right(p.key, 14), p.name,
                    calibrated ? "已标定（effective = theoretical × calibration）" : "未标定"));
  }
  return ledger::join(lines, "\n");
}

}  // namespace

std::string help_text() {
  const ledger::MachineProfile& fallback = ledger::default_profile();
  std::string text = kHelpTemplate;
  text = ledger::replace_all(text, "@MACHINE_TABLE@", machine_table());
  text =
      ledger::replace_all(text, "@DEFAULT_ROOFS@", ledger::join(fallback.compute_roof_keys()));
  return ledger::replace_all(text, "@DEFAULT_MACHINE@", fallback.key);
}

}  // namespace op_ledger
