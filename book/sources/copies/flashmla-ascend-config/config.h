# Stored copy (excerpt) of a source the book cites. book/tests/check_passages.py compares
# every passage of book/sources/passages/flashmla-ascend-config.txt with the body below.
# source: github:deepseek-ai/FlashMLA@9a7d253aba9afe75ebbcda14d2ffe020951663b4:csrc/ascend_kernels/prefill/sparse/config.h:21-28,40-42,52-55,74
# retrieved: 2026-12-07, the file at that commit in the public GitHub index (read_file; the index
#   holds this file at 9a7d253 only, not at the report's commit a123d0b)
# the body: the source's lines verbatim; `@@ lines A-B` starts each run of them
# sha256: e4278ccac8c3c71b08e993064a00ab17aa5ed5b22df9f2d0361427abdbc19130
---
@@ lines 21-28
template<Config CONFIG>
struct Kernel {
    
static constexpr SparseAttnFwdMode FWD_MODE = CONFIG.FWD_MODE;
static constexpr ModelType MODEL_TYPE = CONFIG.MODEL_TYPE;
static constexpr ModelType EXTRA_MODEL_TYPE = CONFIG.EXTRA_MODEL_TYPE;
static constexpr uint32_t H_Q = CONFIG.H_Q;
static constexpr uint32_t MMA_M = ku::ceil(H_Q, 32u);   // Pad MMA_M to multiples of 32 because 1) MMA_M = 32 is already memory-bound (L2 bw bound) 2) MMA_M = 32 corresponds to MMA_M_PER_V = 16 which is the height of one L0C fractal. MMA_M smaller than 32 will cause strange problems when copying from FixPipe to UB
@@ lines 40-42
// Model parameters
static constexpr uint32_t D_QK = 512;
static constexpr uint32_t D_VO = 512;
@@ lines 52-55
// Tile size selection
static constexpr uint32_t NUM_VEC_CORE_PER_AI_CORE = 2;
static constexpr uint32_t MMA_M_PER_V = MMA_M / NUM_VEC_CORE_PER_AI_CORE;
static constexpr uint32_t B_TOPK = 64;
@@ lines 74-74
static constexpr uint32_t GRID_SHAPE = 32;
