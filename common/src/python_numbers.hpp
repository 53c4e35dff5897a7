// Numbers read as Python's float() and int() read them (argparse's type=float,
// type=int): the flag values' converters (flag_values.cpp) and
// parse_positive_number and its siblings (ledger/cli.hpp) share them.
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

// The checks of parse_positive_number, parse_positive_integer and
// parse_positive_integer_list; they throw ValueRefused.
double positive_number(std::string_view text);
std::uint64_t positive_integer(std::string_view text);
std::vector<std::uint64_t> positive_integer_list(std::string_view text);

}  // namespace ledger::cli
