// Chapter 02's ledger functions: the theoretical minimum traffic and FLOPs of
// each operator, in the chapter's convention (each input read once, each
// output written once; 1 FLOP per elementwise op or transcendental; 2 FLOP
// per multiply-add). The arithmetic follows op_traffic.py operation by
// operation, in double, so the printed digits are the same.
#pragma once

#include <string>
#include <vector>

#include "ledger/json.hpp"

namespace op_traffic {

// A cost: the theoretical minimum FLOPs and bytes of one call of an operator,
// with the assumption that produced them (printed in the book's text).
struct Cost {
  std::string name;
  double flops = 0.0;
  double bytes = 0.0;
  std::string assumption;

  // Arithmetic intensity, FLOP/Byte.
  double intensity() const { return flops / bytes; }
};

// Bytes per element of a dtype name ("fp32", "fp16", "bf16", "fp8", "int8").
double element_bytes(const std::string& dtype);

Cost elementwise_add(double n, const std::string& dtype = "fp16");
Cost pointwise_chain(double n, int ops, bool fused, const std::string& dtype = "fp16");
Cost layernorm(double m, double h, bool fused, const std::string& dtype = "fp16");
Cost gemm(double m, double n, double k, const std::string& dtype = "fp16");
Cost attention_prefill(double b, double heads, double s, double d, bool materialized,
                       const std::string& dtype = "fp16");
Cost attention_decode(double b, double heads, double s, double d,
                      const std::string& dtype = "fp16");
Cost adamw(double params, const std::string& state_dtype = "fp32",
           const std::string& grad_dtype = "bf16");
Cost allreduce(double params, double world, const std::string& grad_dtype = "bf16");

// The reader's knobs (the script's flags), with the script's defaults.
struct Workload {
  double seq_len = 4096.0;  // prefill sequence length
  double kv_len = 32768.0;  // decode KV length
  double heads = 32.0;
  double head_dim = 128.0;
  double batch = 1.0;
  double params = 7e9;  // optimizer parameter count
  double world = 8.0;   // data-parallel cards
};

// One printed row: its cost, the flags its numbers depend on (named in the
// error when a reader's values push the row out of double's range), and the
// inputs of its ledger function for --format json (so a script can recompute it).
struct Row {
  Cost cost;
  std::string flags;
  std::string kind;    // the ledger function: "gemm", "attention_prefill", ...
  ledger::Json shape;  // its arguments by name: {"m": 4096, ..., "dtype": "fp16"}
};

// The chapter's eleven rows, in print order.
std::vector<Row> build_cases(const Workload& w);

}  // namespace op_traffic
