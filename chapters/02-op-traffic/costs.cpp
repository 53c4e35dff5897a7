#include "costs.hpp"

#include <initializer_list>
#include <map>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

namespace op_traffic {

double element_bytes(const std::string& dtype) {
  static const std::map<std::string, double> bytes{
      {"fp32", 4.0}, {"fp16", 2.0}, {"bf16", 2.0}, {"fp8", 1.0}, {"int8", 1.0}};
  auto it = bytes.find(dtype);
  if (it == bytes.end()) throw std::invalid_argument("unknown dtype " + dtype);
  return it->second;
}

//> elementwise-add
Cost elementwise_add(double n, const std::string& dtype) {
  const double elem = element_bytes(dtype);
  return Cost{fmt::format("逐元素加 y=x+b ({:.1f}M 元素, {})", n / 1e6, dtype), 1.0 * n,
              3.0 * n * elem,  // read x, read b, write y
              "读 x、读 b、写 y；每元素 1 FLOP"};
}
//< elementwise-add

//> pointwise-chain
Cost pointwise_chain(double n, int ops, bool fused, const std::string& dtype) {
  const double elem = element_bytes(dtype);
  if (fused) {
    return Cost{fmt::format("逐元素链 {} 个 op（融合成 1 个 kernel, {}）", ops, dtype),
                1.0 * ops * n,
                2.0 * n * elem,  // read x once, write y once
                "融合后：整条链只读一次输入、写一次输出"};
  }
  return Cost{fmt::format("逐元素链 {} 个 op（eager, 每个 op 一个 kernel, {}）", ops, dtype),
              1.0 * ops * n,
              2.0 * ops * n * elem,  // every op reads and writes its tensor
              "eager：每个 op 读一次中间张量、写一次中间张量"};
}
//< pointwise-chain

//> layernorm
Cost layernorm(double m, double h, bool fused, const std::string& dtype) {
  const double elem = element_bytes(dtype);
  const double per_elem_flops =
      8.0;  // mean 1 + centre 1 + square-accumulate 2 + rsqrt/scale 2 + affine 2
  const double tensor_elems = m * h;
  std::string name;
  double bytes = 0.0;
  std::string assumption;
  if (fused) {
    name = fmt::format("LayerNorm 融合（{:.0f}x{:.0f}, {}）", m, h, dtype);
    bytes = 2.0 * tensor_elems * elem;  // read x, write y
    assumption = "读 x、写 y；gamma/beta 与中间统计量忽略不计";
  } else {
    name = fmt::format("LayerNorm 拆成 3 趟（{:.0f}x{:.0f}, {}）", m, h, dtype);
    bytes = 4.0 * tensor_elems * elem;  // three reads of x, one write of y
    assumption = "均值一趟、方差一趟、归一化+仿射一趟：3 次读 x + 1 次写 y";
  }
  return Cost{name, per_elem_flops * tensor_elems, bytes,
              assumption + "；每元素约 8 FLOP（本书口径）"};
}
//< layernorm

//> gemm
Cost gemm(double m, double n, double k, const std::string& dtype) {
  const double elem = element_bytes(dtype);
  return Cost{fmt::format("GEMM {:.0f}x{:.0f}x{:.0f} ({})", m, n, k, dtype), 2.0 * m * n * k,
              (m * k + k * n + m * n) * elem, "A、B、C 各读/写一遍；一次乘加 2 FLOP"};
}
//< gemm

//> attention-prefill
Cost attention_prefill(double b, double heads, double s, double d, bool materialized,
                       const std::string& dtype) {
  const double elem = element_bytes(dtype);
  const double bh = b * heads;
  const double flops =
      bh * (4.0 * s * s * d + 5.0 * s * s);  // QK and PV 2*S^2*D each; softmax 5 per score
  const double qkvo_bytes = 4.0 * bh * s * d * elem;  // read Q, K, V once, write O once
  double scores_bytes = 0.0;
  std::string name;
  std::string assumption;
  if (materialized) {
    scores_bytes = 2.0 * bh * s * s * elem;   // write the scores
    scores_bytes += 2.0 * bh * s * s * elem;  // softmax reads and writes them
    scores_bytes += 2.0 * bh * s * s * elem;  // PV reads them again
    name = fmt::format("Attention prefill（先落 SxS 分数矩阵, S={:.0f}）", s);
    assumption = "scores 写一次、softmax 读+写一次、PV 再读一次（fp16）";
  } else {
    name = fmt::format("Attention prefill（flash 风格，不落 SxS, S={:.0f}）", s);
    assumption = "分数只在片上存活：Q/K/V/O 各一趟";
  }
  return Cost{name, flops, qkvo_bytes + scores_bytes,
              assumption + "；每分数 softmax 记 5 FLOP"};
}
//< attention-prefill

//> attention-decode
Cost attention_decode(double b, double heads, double s, double d, const std::string& dtype) {
  const double elem = element_bytes(dtype);
  const double bh = b * heads;
  return Cost{fmt::format("Attention decode（KV cache 长 {:.0f}, {}）", s, dtype),
              bh * (4.0 * s * d + 5.0 * s),
              2.0 * bh * s * d * elem,  // read the KV cache
              "每个 token 读完整 K/V；q、o 与 KV cache 相比忽略不计"};
}
//< attention-decode

//> adamw
Cost adamw(double params, const std::string& state_dtype, const std::string& grad_dtype) {
  const double elem_out = element_bytes(state_dtype);
  const double elem_grad = element_bytes(grad_dtype);
  const double bytes = (elem_grad            // read grad
                        + 3.0 * elem_out     // read param, m, v
                        + 3.0 * elem_out) *  // write param, m, v
                       params;
  return Cost{fmt::format("AdamW step（{:.2f}B 参数, state {}, grad {}）", params / 1e9,
                          state_dtype, grad_dtype),
              15.0 * params, bytes,
              fmt::format("每参数 {:.0f}B grad + {:.0f}B 读 + {:.0f}B 写；"
                          "每参数约 15 FLOP（本书口径，按 aclnnApplyAdamW 的公式数）",
                          elem_grad, 3 * elem_out, 3 * elem_out)};
}
//< adamw

Cost allreduce(double params, double world, const std::string& grad_dtype) {
  const double elem = element_bytes(grad_dtype);
  return Cost{fmt::format("梯度 all-reduce（ring, {:.0f} 卡, {}）", world, grad_dtype), 0.0,
              2.0 * params * elem / world * (world - 1.0),
              "ring all-reduce 搬 2(N-1)/N 倍梯度数据；没有算术"};
}

std::vector<Row> build_cases(const Workload& w) {
  using ledger::Json;
  const double n_elem = 4096.0 * 4096.0;
  const std::string prefill_flags = "--seq-len, --heads, --head-dim";
  const auto shape = [](std::initializer_list<std::pair<const char*, Json>> fields) {
    Json j = Json::Object{};
    for (const auto& [key, value] : fields) j.set(key, value);
    return j;
  };
  const auto prefill = [&](bool materialized) {
    return Row{attention_prefill(1.0, w.heads, w.seq_len, w.head_dim, materialized, "fp16"),
               prefill_flags, "attention_prefill",
               shape({{"batch", 1.0},
                      {"heads", w.heads},
                      {"seq_len", w.seq_len},
                      {"head_dim", w.head_dim},
                      {"materialized", materialized},
                      {"dtype", "fp16"}})};
  };
  return {
      {elementwise_add(n_elem, "fp16"), "", "elementwise_add",
       shape({{"n", n_elem}, {"dtype", "fp16"}})},
      {pointwise_chain(n_elem, 2, false, "fp16"), "", "pointwise_chain",
       shape({{"n", n_elem}, {"ops", 2}, {"fused", false}, {"dtype", "fp16"}})},
      {pointwise_chain(n_elem, 2, true, "fp16"), "", "pointwise_chain",
       shape({{"n", n_elem}, {"ops", 2}, {"fused", true}, {"dtype", "fp16"}})},
      {layernorm(8192.0, 4096.0, true, "fp16"), "", "layernorm",
       shape({{"rows", 8192.0}, {"hidden", 4096.0}, {"fused", true}, {"dtype", "fp16"}})},
      {layernorm(8192.0, 4096.0, false, "fp16"), "", "layernorm",
       shape({{"rows", 8192.0}, {"hidden", 4096.0}, {"fused", false}, {"dtype", "fp16"}})},
      {gemm(4096.0, 4096.0, 4096.0, "fp16"), "", "gemm",
       shape({{"m", 4096.0}, {"n", 4096.0}, {"k", 4096.0}, {"dtype", "fp16"}})},
      prefill(true),
      prefill(false),
      {attention_decode(w.batch, w.heads, w.kv_len, w.head_dim, "fp16"),
       "--batch, --heads, --kv-len, --head-dim", "attention_decode",
       shape({{"batch", w.batch},
              {"heads", w.heads},
              {"kv_len", w.kv_len},
              {"head_dim", w.head_dim},
              {"dtype", "fp16"}})},
      {adamw(w.params, "fp32", "bf16"), "--params", "adamw",
       shape({{"params", w.params}, {"state_dtype", "fp32"}, {"grad_dtype", "bf16"}})},
      {allreduce(w.params, w.world, "bf16"), "--params, --world", "allreduce",
       shape({{"params", w.params}, {"world", w.world}, {"grad_dtype", "bf16"}})},
  };
}

}  // namespace op_traffic
