// Command-line plumbing shared by the chapter programs.
//
// Parsing is Boost.Program_options; this layer adds what the programs need on
// top of it to behave like the Python references (argparse): `--flag value`
// and `--flag=value`, unambiguous prefixes, the last occurrence of a flag wins,
// numbers parsed with Python's float() syntax. Every problem becomes a
// UsageError whose text names the flag and what it accepts; run_program turns
// it into one line on stderr and exit status 2, with nothing on stdout.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/program_options/options_description.hpp>

namespace ledger::cli {

// Exit status for bad input (argparse uses 2 as well).
inline constexpr int kUsageExit = 2;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What the command line said, after Boost resolved prefixes: for each option
// that takes a value, its last value; for each switch, whether it was given.
class Args {
 public:
  bool has(const std::string& name) const { return values_.contains(name) || switches_.contains(name); }
  // The last value given for `name`, or `fallback` when it was not given.
  std::string get(const std::string& name, std::string fallback) const;
  bool flag(const std::string& name) const { return switches_.contains(name); }
  // Names of the options given, without "--".
  std::vector<std::string> given() const;

 private:
  friend Args parse(int argc, const char* const* argv, const boost::program_options::options_description& options);
  std::map<std::string, std::string> values_;
  std::set<std::string> switches_;
};

// Parses argv (argv[0] is the program) against `options`. Options declared
// with a value take exactly one; those declared without are switches.
// Positional arguments are refused. Throws UsageError.
Args parse(int argc, const char* const* argv, const boost::program_options::options_description& options);

// Python float() syntax (surrounding white space, a sign, `_` between digits,
// exponents); the value must be finite and > 0.
double parse_positive_number(std::string_view flag, std::string_view text);

// A decimal integer > 0 that fits in 63 bits (no fraction, no exponent).
std::uint64_t parse_positive_integer(std::string_view flag, std::string_view text);

// A comma-separated list of parse_positive_integer values; empty items refused.
std::vector<std::uint64_t> parse_positive_integer_list(std::string_view flag, std::string_view text);

// `text` must be one of `choices`; the error lists them.
std::string parse_choice(std::string_view flag, std::string_view text, const std::vector<std::string>& choices);

// "a, b, c"
std::string join(const std::vector<std::string>& items, std::string_view separator = ", ");

// Runs `body`, which computes the whole output as text before anything is
// printed, so an error can never leave a half-written table on stdout.
// UsageError -> "<program>: error: <message>" on stderr, exit 2. Any other
// exception -> "<program>: internal error: ..." on stderr, exit 1.
int run_program(std::string_view program, const std::function<std::string()>& body);

}  // namespace ledger::cli
