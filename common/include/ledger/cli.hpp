// Command-line plumbing shared by the chapter programs.
//
// Each program declares its flags in a table (name, whether it takes a value,
// an optional one-letter alias); parse() reads argv against it the way the
// Python references' argparse does: `--flag value` and `--flag=value`,
// unambiguous prefixes, the last occurrence of a flag wins. Parsing is one
// pass over argv, linear in its length. Numbers are read with Python's
// float()/int() syntax. Every problem becomes a UsageError whose text names
// the flag and what it accepts; run_program turns it into one line on stderr
// and exit status 2, with nothing on stdout.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace ledger::cli {

// Exit status for bad input (argparse uses 2 as well).
inline constexpr int kUsageExit = 2;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One row of a program's flag table.
struct Flag {
  enum Kind { takes_value, is_switch };
  std::string_view name;  // without "--"
  Kind kind = takes_value;
  char alias = 0;  // a one-letter form ("-h"), or 0
};

// What the command line said: for each flag that takes a value, its last
// value; for each switch, whether it was given.
class Args {
 public:
  bool has(const std::string& name) const { return values_.contains(name) || switches_.contains(name); }
  // The last value given for `name`, or `fallback` when it was not given.
  std::string get(const std::string& name, std::string fallback) const;
  bool flag(const std::string& name) const { return switches_.contains(name); }
  // Names of the flags given, without "--".
  std::vector<std::string> given() const;

 private:
  friend Args parse(int argc, const char* const* argv, std::span<const Flag> flags);
  std::map<std::string, std::string> values_;
  std::set<std::string> switches_;
};

// Parses argv (argv[0] is the program) against `flags`. A flag that takes a
// value takes exactly one: after '=' or the next word, even one starting with
// '-' (`--seq-len -1`, as argparse reads it). Positional arguments are
// refused. Throws UsageError.
Args parse(int argc, const char* const* argv, std::span<const Flag> flags);

// Python float() syntax: surrounding white space, a sign, `_` between digits,
// exponents, and, as Python reads them, any Unicode decimal digit (４０９６)
// and Unicode white space (U+3000). The value must be finite and > 0.
double parse_positive_number(std::string_view flag, std::string_view text);

// Python int() syntax for a decimal integer > 0 that fits in 63 bits (no
// fraction, no exponent; `_` between digits, Unicode digits and white space as above).
std::uint64_t parse_positive_integer(std::string_view flag, std::string_view text);

// A comma-separated list of parse_positive_integer values; empty items refused.
std::vector<std::uint64_t> parse_positive_integer_list(std::string_view flag, std::string_view text);

// `text` must be one of `choices`; the error lists them.
std::string parse_choice(std::string_view flag, std::string_view text, const std::vector<std::string>& choices);

// Runs `body`, which computes the whole output as text before anything is
// printed, so an error can never leave a half-written table on stdout.
// UsageError -> "<program>: error: <message>" on stderr, exit 2. A failed
// write to stdout -> "<program>: error: cannot write standard output: <why>",
// exit 1 (a closed pipe: no message, exit 141 as a SIGPIPE death). Any other
// exception -> "<program>: internal error: ..." on stderr, exit 1. Every
// message is escaped to one line.
int run_program(std::string_view program, const std::function<std::string()>& body);

}  // namespace ledger::cli
