// Numbers read as Python's float() and int() read them (argparse's type=float,
// type=int), for the flag values' converters (flag_values.cpp) and argv's reading.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace ledger::cli {

// What is wrong with a value, without the flag's name ("expected a number > 0,
// got 'x'"): the caller knows the flag and puts "--name: " in front.
struct ValueRefused : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// '0'..'9' (Python's \d beyond ASCII is unicode_decimal_value's).
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Python float() accepts the text (inf, nan, 0 and negative numbers pass).
bool python_float_syntax(std::string_view text);

// Python float() syntax: surrounding white space, a sign, `_` between digits,
// exponents, and, as Python reads them, any Unicode decimal digit (４０９６)
// and Unicode white space (U+3000). The value must be finite and > 0.
// Each of these throws ValueRefused.
double positive_number(std::string_view text);

// Python int() syntax for a decimal integer > 0 that fits in 63 bits (no
// fraction, no exponent; `_` between digits, Unicode digits and white space as above).
std::uint64_t positive_integer(std::string_view text);

// A comma-separated list of positive_integer values; empty items refused.
std::vector<std::uint64_t> positive_integer_list(std::string_view text);

}  // namespace ledger::cli
