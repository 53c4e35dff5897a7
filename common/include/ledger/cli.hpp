// Command-line plumbing shared by the chapter programs: each declares its flags once, in a
// FlagTable, and parse() reads argv against it with the rules of the reference's argparse
// (unambiguous prefixes, a negative number as a value, the last occurrence winning, problems
// refused in argv order, --help winning over unknown words) and Python's number syntax. Every
// problem is a UsageError naming the flag and what it accepts (exit 2, ledger/program.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

#include "ledger/limits.hpp"

namespace boost::program_options {
class options_description;
}

namespace ledger::cli {

// Exit status for bad input (argparse uses 2 as well).
inline constexpr int kUsageExit = 2;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// What a flag's value means, written in the table as the value's name
// (boost::program_options::typed_value::value_name) and read from there by
// --help's test, by fuzz.dict's test and by the bad-value matrix's test
// (chapter.toml [[numeric]] kinds). The value's type (below) does the reading.
namespace value_kind {
inline constexpr const char* kReal = "real";     // RealValue
inline constexpr const char* kInt = "int";       // IntegerValue
inline constexpr const char* kIntList = "list";  // IntegerListValue
}  // namespace value_kind

// A flag's value as parse() converted it, once, with the table's
// boost::program_options::value<T> (ledger/flag_values.hpp) as it read the
// flag, in argv order: a bad value is refused there, as argparse's type= is.
struct IntegerValue {  // Python int(), 1 to 2^63-1
  std::uint64_t value = 0;
};
struct IntegerListValue {  // comma-separated IntegerValue, no empty item
  std::vector<std::uint64_t> values;
};
// Python float() syntax, refused when read (argparse's type=float); whether it
// is finite and > 0 is the program's check, so `refusal` (empty when it is)
// is thrown when the program uses it (Args::real), in the program's order.
struct RealValue {
  double value = 0.0;
  std::string refusal;
};

// A program's flags: the options_description (common/include/ledger/flag_values.hpp
// has the value declarations) and the names its reference script's argparse
// declares, whose abbreviations keep the reference's meaning (`--p` is
// --params in op_traffic although --plot and --profile were added).
class FlagTable {
 public:
  struct Entry {
    std::string name;   // without "--"
    char alias = 0;     // the one-letter form ('h' for -h), or 0
    std::string value;  // the value's kind or name; empty for a switch
    bool reference = false;
  };

  FlagTable(std::shared_ptr<const boost::program_options::options_description> options,
            std::vector<std::string> reference_flags = {});

  // A check of `name`'s value run when parse() reads it, in argv order, as
  // argparse's type= and choices= are (`--machine nope --help` exits 2).
  // The numeric kinds have theirs already.
  FlagTable& check_when_read(const std::string& name, std::function<void(const std::string&)> check);
  // The values a shell completes for `name` (a choice flag: --machine, --case, ...), taken
  // from the program's own lists; the package's completions are generated from them
  // (common/packaging/). A name the table lacks: std::logic_error.
  FlagTable& complete_with(const std::string& name, std::function<std::vector<std::string>()> values);
  // Those values, or none.
  std::vector<std::string> completions(const std::string& name) const;

  const boost::program_options::options_description& options() const { return *options_; }
  const boost::program_options::options_description& reference_options() const { return *reference_; }
  // Every flag, in the table's order.
  const std::vector<Entry>& entries() const { return entries_; }
  const Entry* find(std::string_view name) const;
  // The check_when_read check of `name`, or none.
  const std::function<void(const std::string&)>* check(const std::string& name) const;

 private:
  std::shared_ptr<const boost::program_options::options_description> options_;
  std::shared_ptr<boost::program_options::options_description> reference_;
  std::vector<Entry> entries_;
  std::map<std::string, std::function<void(const std::string&)>, std::less<>> checks_;
  std::map<std::string, std::function<std::vector<std::string>()>, std::less<>> completions_;
};

// What the command line said: for each flag that takes a value, its last
// value; for each switch, whether it was given. Asking about a name the table
// does not declare is a programming error: std::logic_error, which
// run_program reports as an internal error (exit 1), so a golden or fuzz test
// catches the typo instead of a silent fallback.
class Args {
 public:
  using Converted = std::variant<IntegerValue, IntegerListValue, RealValue>;

  bool has(const std::string& name) const;
  // The last value given for `name`, as the reader wrote it, or `fallback` when it was not given.
  std::string get(const std::string& name, std::string fallback) const;
  bool flag(const std::string& name) const;
  // Names of the flags given, without "--".
  std::vector<std::string> given() const;

  // The typed values, converted when parse() read them; `fallback` when the
  // flag was not given. Asking for a type the table does not declare for
  // `name`: std::logic_error.
  std::uint64_t integer(const std::string& name, std::uint64_t fallback) const;
  // Refuses a value that is not finite and > 0 (RealValue::refusal).
  double real(const std::string& name, double fallback) const;
  // Refuses more than `limit` values (ledger/limits.hpp).
  std::vector<std::uint64_t> integer_list(const std::string& name, std::vector<std::uint64_t> fallback,
                                          std::size_t limit = kMaxListItems) const;
  // One of `choices` (the error lists them), or `fallback` checked the same way.
  std::string choice(const std::string& name, const std::vector<std::string>& choices, std::string fallback) const;

 private:
  friend Args parse(int argc, const char* const* argv, const FlagTable& table);
  void require_declared(const std::string& name) const;
  template <class Value>
  const Value* converted(const std::string& name) const;
  const FlagTable* table_ = nullptr;
  std::map<std::string, std::string> values_;
  std::map<std::string, Converted> converted_;
  std::set<std::string> switches_;
};

// A struct's field read from a flag: the flag's name (without "--") and the field, a whole
// number, a real or a list of whole numbers (a list's most values: `limit`, ledger/limits.hpp).
// A chapter lists its struct's flags once and reads them with read_fields.
template <class T>
struct FieldFlag {
  const char* name;
  std::variant<std::uint64_t T::*, double T::*, std::vector<std::uint64_t> T::*> field;
  std::size_t limit = kMaxListItems;
};

// Each listed field of `into` from its flag, in the list's order (the first value refused is the
// first listed one's), as its type asks: Args::integer, Args::real or Args::integer_list; a flag
// not given keeps the field's value.
template <class T>
void read_fields(const Args& args, T& into, const std::vector<FieldFlag<T>>& fields) {
  for (const FieldFlag<T>& f : fields) {
    std::visit(
        [&](auto member) {
          auto& value = into.*member;
          if constexpr (std::is_same_v<std::remove_cvref_t<decltype(value)>, double>) {
            value = args.real(f.name, value);
          } else if constexpr (std::is_same_v<std::remove_cvref_t<decltype(value)>, std::uint64_t>) {
            value = args.integer(f.name, value);
          } else {
            value = args.integer_list(f.name, value, f.limit);
          }
        },
        f.field);
  }
}

// "--name" of each listed field whose value differs between `a` and `b`, in the list's order.
template <class T>
std::vector<std::string> differing_flags(const T& a, const T& b, const std::vector<FieldFlag<T>>& fields) {
  std::vector<std::string> out;
  for (const FieldFlag<T>& f : fields) {
    if (std::visit([&](auto member) { return a.*member != b.*member; }, f.field))
      out.push_back(std::string("--") + f.name);
  }
  return out;
}

// argv (argv[0] is the program) read as the top of this file says; more than kMaxWords words
// and positional arguments are refused. Throws UsageError.
Args parse(int argc, const char* const* argv, const FlagTable& table);

// Prints `table` on stdout, one flag a line: `--name<TAB>-alias<TAB>value kind or name<TAB>reference`
// (empty fields when absent), for common/tests/flag_table.py (each chapter's <program>_flag_table).
int print_flag_table(const FlagTable& table);

// `text` must be one of `choices`; the error lists them (Args::choice reads a flag so).
std::string parse_choice(std::string_view flag, std::string_view text, const std::vector<std::string>& choices);

}  // namespace ledger::cli
