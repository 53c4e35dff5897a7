// Exact 64-bit counts: ledgers count FLOPs and bytes as integers, and a shape
// whose products do not fit must be refused, not wrapped.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <stdexcept>

namespace ledger {

struct OverflowError : std::overflow_error {
  using std::overflow_error::overflow_error;
};

// a * b, or OverflowError when the product does not fit in 64 bits.
inline std::uint64_t checked_mul(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) throw OverflowError("64-bit product overflows");
  return r;
}

// a + b, or OverflowError.
inline std::uint64_t checked_add(std::uint64_t a, std::uint64_t b) {
  std::uint64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) throw OverflowError("64-bit sum overflows");
  return r;
}

// The product of all factors, or OverflowError.
inline std::uint64_t checked_product(std::initializer_list<std::uint64_t> factors) {
  std::uint64_t r = 1;
  for (auto f : factors) r = checked_mul(r, f);
  return r;
}

}  // namespace ledger
