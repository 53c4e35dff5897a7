// An operator's ledger, term by term: each term is one thing the operator
// reads, writes or computes ("read q", "write k_fp8", "RoPE"), with the
// formula it was counted by. Counts are exact 64-bit integers; a count that
// does not fit is refused with an OverflowError naming it, never wrapped.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace ledger {

struct Term {
  std::string name;     // "read RoPE cos table (fp32)"
  std::string formula;  // how it was counted, in the case's symbols: "T*D*4"
  std::uint64_t flops = 0;
  std::uint64_t bytes = 0;
};

// The product of `factors`, or OverflowError("<what> overflows 64 bits").
std::uint64_t count_of(std::string_view what, std::initializer_list<std::uint64_t> factors);

class TermLedger {
 public:
  // A term that moves data: bytes = the product of `factors`, no FLOPs.
  void add_traffic(std::string name, std::string formula, std::initializer_list<std::uint64_t> factors);
  // A term that computes: FLOPs = the product of `factors`, no bytes.
  void add_compute(std::string name, std::string formula, std::initializer_list<std::uint64_t> factors);

  const std::vector<Term>& terms() const { return terms_; }
  std::uint64_t total_flops() const { return total_flops_; }
  std::uint64_t total_bytes() const { return total_bytes_; }

 private:
  void add(Term term);

  std::vector<Term> terms_;
  std::uint64_t total_flops_ = 0;
  std::uint64_t total_bytes_ = 0;
};

}  // namespace ledger
