#include "ledger/terms.hpp"

#include <fmt/format.h>

#include "ledger/checked.hpp"

namespace ledger {

std::uint64_t count_of(std::string_view what, std::initializer_list<std::uint64_t> factors) {
  try {
    return checked_product(factors);
  } catch (const OverflowError&) {
    throw OverflowError(fmt::format("{} overflows 64 bits", what));
  }
}

void TermLedger::add_traffic(std::string name, std::string formula, std::initializer_list<std::uint64_t> factors) {
  const std::uint64_t bytes = count_of(fmt::format("\"{}\" ({})", name, formula), factors);
  add(Term{std::move(name), std::move(formula), 0, bytes});
}

void TermLedger::add_compute(std::string name, std::string formula, std::initializer_list<std::uint64_t> factors) {
  const std::uint64_t flops = count_of(fmt::format("\"{}\" ({})", name, formula), factors);
  add(Term{std::move(name), std::move(formula), flops, 0});
}

void TermLedger::add(Term term) {
  // Totals are checked as they grow, so every term of a ledger that exists sums exactly.
  try {
    total_flops_ = checked_add(total_flops_, term.flops);
  } catch (const OverflowError&) {
    throw OverflowError("the total FLOP count overflows 64 bits");
  }
  try {
    total_bytes_ = checked_add(total_bytes_, term.bytes);
  } catch (const OverflowError&) {
    throw OverflowError("the total byte count overflows 64 bits");
  }
  terms_.push_back(std::move(term));
}

}  // namespace ledger
