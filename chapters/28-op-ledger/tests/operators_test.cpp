// Each case's totals against integers computed by hand (the arithmetic is in
// the comments), so a formula cannot drift without a test saying so.
#include <catch2/catch.hpp>

#include <string>

#include "ledger/checked.hpp"
#include "operators.hpp"

using namespace op_ledger;

namespace {
const ledger::Term& term(const OperatorLedger& l, const std::string& name) {
  for (const auto& t : l.terms.terms()) {
    if (t.name == name) return t;
  }
  FAIL("no term " << name);
  throw;
}
}  // namespace

TEST_CASE("fused-norm-rope-quant defaults: 210,206,720 FLOP and 67,764,736 bytes",
          "[operators]") {
  const OperatorLedger l = fused_norm_rope_quant_ledger({});
  // T=4096, Hq=32, Hkv=8, D=128; R = 4096*40 = 163,840 rows; N = R*128 = 20,971,520.
  // bytes: q 4096*32*128*2 = 33,554,432; k 4096*8*128*2 = 8,388,608; γ_q, γ_k 256 each;
  //        cos, sin 4096*128*4 = 2,097,152 each; q_fp8 16,777,216; k_fp8 4,194,304;
  //        scales 163,840*4 = 655,360                               -> 67,764,736
  // FLOPs: 4N 83,886,080 + 2R 327,680 + 3N 62,914,560 + 3N 62,914,560 + R 163,840 ->
  // 210,206,720
  CHECK(l.terms.total_flops() == 210206720);
  CHECK(l.terms.total_bytes() == 67764736);
  CHECK(term(l, "read q (bf16)").bytes == 33554432);
  CHECK(term(l, "read γ_k (bf16)").bytes == 256);
  CHECK(term(l, "read RoPE cos table (fp32)").bytes == 2097152);
  CHECK(term(l, "write k_fp8").bytes == 4194304);
  CHECK(term(l, "write scales (fp32)").bytes == 655360);
  CHECK(term(l, "RoPE: x·cos, rotate_half(x)·sin, add").flops == 62914560);
  CHECK(l.terms.terms().size() == 14);
  CHECK(l.declared_roof == "cuda_core.fp32");
}

TEST_CASE("fused-norm-rope-quant, 8192 tokens, 64+8 heads", "[operators]") {
  const OperatorLedger l = fused_norm_rope_quant_ledger({8192, 64, 8, 128});
  // R = 8192*72 = 589,824; N = 75,497,472; FLOPs = 10N + 3R = 754,974,720 + 1,769,472.
  // bytes: q 134,217,728 + k 16,777,216 + γ 512 + cos/sin 8,388,608 + q_fp8 67,108,864
  //        + k_fp8 8,388,608 + scales 2,359,296.
  CHECK(l.terms.total_flops() == 756744192);
  CHECK(l.terms.total_bytes() == 237240832);
}

TEST_CASE("gemm: 2*M*N*K FLOPs, (MK + KN + MN)*e bytes", "[operators]") {
  const OperatorLedger big = gemm_ledger({});
  CHECK(big.terms.total_flops() == 137438953472ULL);  // 2*4096^3
  CHECK(big.terms.total_bytes() == 100663296);        // 3*4096^2*2
  CHECK(big.declared_roof == "tensor_core.fp16");
  const OperatorLedger small = gemm_ledger({512, 512, 512, "fp16"});
  CHECK(small.terms.total_flops() == 268435456);  // 2*512^3
  CHECK(small.terms.total_bytes() == 1572864);    // 3*512^2*2
  const OperatorLedger tiny = gemm_ledger({128, 128, 128, "fp16"});
  CHECK(tiny.terms.total_flops() == 4194304);  // 2*128^3
  CHECK(tiny.terms.total_bytes() == 98304);    // 3*128^2*2
  const OperatorLedger odd = gemm_ledger({2048, 1024, 256, "bf16"});
  CHECK(odd.terms.total_flops() == 1073741824);  // 2*2048*1024*256
  CHECK(odd.terms.total_bytes() == 5767168);     // (524,288 + 262,144 + 2,097,152)*2
  CHECK(odd.declared_roof == "tensor_core.bf16");
  CHECK(gemm_ledger({8, 8, 8, "fp8"}).declared_roof == "tensor_core.fp8");
  CHECK(gemm_ledger({8, 8, 8, "fp32"}).declared_roof ==
        "cuda_core.fp32");  // fp32 has no tensor-core roof
  CHECK(gemm_ledger({8, 8, 8, "fp32"}).terms.total_bytes() == 3 * 64 * 4);
}

TEST_CASE("attention: QK and PV 2*Sq*Skv*D each, softmax 5*Sq*Skv, normalisation Sq*D",
          "[operators]") {
  const OperatorLedger prefill = attention_ledger({});
  // per head: 4*4096*4096*128 = 8,589,934,592 + 5*4096*4096 = 83,886,080 + 4096*128 = 524,288
  //         = 8,674,344,960; x32 heads = 277,579,038,720. bytes: 4 tensors * 32*4096*128*2.
  CHECK(prefill.terms.total_flops() == 277579038720ULL);
  CHECK(prefill.terms.total_bytes() == 134217728);
  const OperatorLedger decode = attention_ledger({1, 32, 1, 8192, 128, "fp16"});
  // per head: 4*8192*128 = 4,194,304 + 5*8192 = 40,960 + 128 = 4,235,392; x32 = 135,532,544.
  // bytes: Q and O 32*128*2 = 8,192 each; K and V 32*8192*128*2 = 67,108,864 each.
  CHECK(decode.terms.total_flops() == 135532544);
  CHECK(decode.terms.total_bytes() == 134234112);
  const OperatorLedger batched = attention_ledger({8, 32, 1, 32768, 128, "fp16"});
  // per (b, h): 4*32768*128 = 16,777,216 + 163,840 + 128 = 16,941,184; x256 = 4,336,943,104.
  // bytes: Q, O 8*32*128*2 = 65,536 each; K, V 8*32*32768*128*2 = 2,147,483,648 each.
  CHECK(batched.terms.total_flops() == 4336943104ULL);
  CHECK(batched.terms.total_bytes() == 4295098368ULL);
}

TEST_CASE("rmsnorm: 4 FLOPs per element and 2 per row, x read and y written, γ not counted",
          "[operators]") {
  const OperatorLedger l = rmsnorm_ledger({});
  CHECK(l.terms.total_flops() == 134234112);  // 4*8192*4096 = 134,217,728 + 2*8192 = 16,384
  CHECK(l.terms.total_bytes() == 134217728);  // 2*8192*4096*2
  const OperatorLedger wide = rmsnorm_ledger({4096, 8192, "bf16"});
  CHECK(wide.terms.total_flops() == 134225920);  // 134,217,728 + 2*4096
  CHECK(wide.terms.total_bytes() == 134217728);
  CHECK(l.notes.at(0).find("γ (4096 values) is not counted") == 0);
}

TEST_CASE("elementwise chain: fused reads and writes once, eager once per op", "[operators]") {
  const OperatorLedger fused = elementwise_ledger({});
  CHECK(fused.terms.total_flops() == 33554432);  // 2 ops * 16,777,216
  CHECK(fused.terms.total_bytes() == 67108864);  // 2*16,777,216*2
  const OperatorLedger eager = elementwise_ledger({16777216, 2, true, "fp16"});
  CHECK(eager.terms.total_flops() == 33554432);
  CHECK(eager.terms.total_bytes() == 134217728);  // 2*2*16,777,216*2
  const OperatorLedger four = elementwise_ledger({1048576, 4, true, "fp32"});
  CHECK(four.terms.total_flops() == 4194304);   // 4*1,048,576
  CHECK(four.terms.total_bytes() == 33554432);  // 2*4*1,048,576*4
}

TEST_CASE("shapes whose counts overflow 64 bits are refused, naming the term",
          "[operators][overflow]") {
  // 2*M*N*K = 2^64 with M = N = K = 2^21; every byte term still fits.
  CHECK_THROWS_WITH(gemm_ledger({1ULL << 21, 1ULL << 21, 1ULL << 21, "fp16"}),
                    "\"matmul: multiply-add = 2\" (2*M*N*K) overflows 64 bits");
  CHECK_NOTHROW(gemm_ledger({1ULL << 20, 1ULL << 21, 1ULL << 21, "fp16"}));  // 2^63 FLOPs fits
  CHECK_THROWS_AS(gemm_ledger({INT64_MAX, INT64_MAX, 1, "fp16"}), ledger::OverflowError);
  CHECK_THROWS_AS(attention_ledger({1ULL << 40, 1ULL << 30, 1, 1, 1, "fp16"}),
                  ledger::OverflowError);
  CHECK_THROWS_AS(rmsnorm_ledger({1ULL << 62, 2, "fp16"}), ledger::OverflowError);
  CHECK_THROWS_AS(elementwise_ledger({1ULL << 62, 8, false, "fp32"}), ledger::OverflowError);
  CHECK_THROWS_WITH(fused_norm_rope_quant_ledger({1ULL << 62, 3, 1, 1}),
                    "R = T*(Hq+Hkv) overflows 64 bits");
  // Every term fits, their sum does not: read x 2^63 bytes + write y 2^63 bytes.
  CHECK_THROWS_WITH(elementwise_ledger({1ULL << 62, 1, false, "fp16"}),
                    "the total byte count overflows 64 bits");
}
