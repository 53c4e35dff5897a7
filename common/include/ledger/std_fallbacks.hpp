#pragma once
// std::from_chars for double and std::bit_cast where the standard library has
// them, stand-ins with the same rules where it does not: the wasm preset's
// libc++ 14 (Debian's Emscripten 3.1.6) lacks both. Native builds call the
// standard functions themselves (these are inline forwards there).
#include <bit>
#include <charconv>
#include <cstring>
#include <type_traits>
#include <version>

namespace ledger {

// std::from_chars(first, last, value) with chars_format::general, built on
// strtod: the same grammar (no leading '+', blanks or hex), result_out_of_range
// and `value` untouched on overflow or underflow to zero, subnormals kept
// (common/src/from_chars_fallback.cpp; its unit test compares it with
// std::from_chars where that exists).
std::from_chars_result strtod_from_chars(const char* first, const char* last, double& value);

inline std::from_chars_result from_chars_double(const char* first, const char* last, double& value) {
#if defined(__cpp_lib_to_chars)
  return std::from_chars(first, last, value);
#else
  return strtod_from_chars(first, last, value);
#endif
}

#if defined(__cpp_lib_bit_cast)
using std::bit_cast;
#else
template <class To, class From>
To bit_cast(const From& from) noexcept {
  // A static_assert, not a requires-clause: clang-format 14 cannot lay those out.
  static_assert(sizeof(To) == sizeof(From) && std::is_trivially_copyable_v<To> && std::is_trivially_copyable_v<From>);
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}
#endif

}  // namespace ledger
