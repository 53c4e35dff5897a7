// parse() (ledger/cli.hpp): argv read with argparse's rules, the flags handed
// to Boost.Program_options, each value converted by the table's value<T> in argv order.
#include <optional>
#include <string>
#include <vector>

#include <boost/any.hpp>
#include <boost/program_options/errors.hpp>
#include <boost/program_options/options_description.hpp>
#include <boost/program_options/parsers.hpp>
#include <fmt/format.h>

#include "argv_words.hpp"
#include "ledger/text.hpp"
#include "python_numbers.hpp"

namespace ledger::cli {
namespace {

// Boost 1.74's error text can hang (what() on '%canonical_option%'), so the
// message is built from the error's type and the flag's name only.
std::string describe(const boost::program_options::error& e) {
  namespace po = boost::program_options;
  if (const auto* named = dynamic_cast<const po::error_with_option_name*>(&e)) {
    return fmt::format("malformed flag {}", quoted_value(named->get_option_name()));
  }
  return "malformed command line";
}

// The "one line, exit 2" answer to a word argparse would not read.
struct Pending {
  std::string message;
};

// What argparse does as it reads a flag's value: its check_when_read check,
// then its type's conversion (flag_values.hpp), either refusing it.
void read_value(const FlagTable& table, const FlagTable::Entry& entry, const std::string& value,
                std::map<std::string, Args::Converted>& converted) {
  if (const auto* check = table.check(entry.name)) (*check)(value);
  boost::any read;
  try {
    table.options()
        .find(entry.name, false)
        .semantic()
        ->parse(read, {value}, false);  // false: the bytes as given, never re-encoded
  } catch (const ValueRefused& e) {
    throw UsageError(fmt::format("--{}: {}", entry.name, e.what()));
  }
  if (const auto* integer = boost::any_cast<IntegerValue>(&read)) converted[entry.name] = *integer;
  if (const auto* list = boost::any_cast<IntegerListValue>(&read)) converted[entry.name] = *list;
  if (const auto* real = boost::any_cast<RealValue>(&read)) converted[entry.name] = *real;
}

}  // namespace

Args parse(int argc, const char* const* argv, const FlagTable& table) {
  namespace po = boost::program_options;
  if (argc - 1 > kMaxWords) {
    throw UsageError(
        fmt::format("too many arguments: {} words, at most {} are read (the last occurrence of a "
                    "flag wins, so a command line never needs more)",
                    argc - 1, kMaxWords));
  }
  const std::vector<std::string_view> tokens(argv + 1, argv + argc);
  // argparse's first pass: every word before a bare `--` is classified on its
  // own, and an ambiguous abbreviation is refused there, before anything runs.
  std::vector<Word> words;
  for (const std::string_view token : tokens) {
    if (!words.empty() && words.back().kind == Word::terminator) break;
    words.push_back(classify(table, token));
  }

  // argparse's second pass, in order: which words are values of which flags.
  // The flags go to Boost's parser as `--name=value` / `--name`; what argparse
  // would refuse when it reaches it is kept as `pending`, and Boost sees only
  // the words before it.
  std::vector<std::string> canonical;
  std::optional<Pending> pending;
  std::vector<std::string_view> unknown;     // refused last, as argparse's "unrecognized arguments"
  std::vector<std::string_view> positional;  // idem
  for (std::size_t i = 0; i < tokens.size() && !pending; ++i) {
    const std::string_view token = tokens[i];
    const Word word = i < words.size() ? words[i] : Word{};
    if (i >= words.size() || word.kind == Word::value) {
      positional.push_back(token);
      continue;
    }
    if (word.kind == Word::terminator) {
      // Every word after `--` is positional, and so unexpected, as is `--` itself.
      for (std::size_t j = i; j < tokens.size(); ++j) positional.push_back(tokens[j]);
      break;
    }
    if (word.kind == Word::unknown_flag) {
      unknown.push_back(token);
      continue;
    }
    const FlagTable::Entry& entry = *word.entry;
    const std::string name = "--" + entry.name;
    if (entry.value.empty()) {
      if (word.attached && !(word.short_form && switches_chain(table, *word.attached))) {
        const std::string_view shown = word.short_form ? token.substr(0, 2) : token.substr(0, token.find('='));
        pending = Pending{fmt::format("{} is a switch and takes no value (got {})", quoted_value(shown),
                                      quoted_value(*word.attached))};
        break;
      }
      canonical.push_back(name);
      continue;
    }
    std::string_view value;
    if (word.attached) {
      value = *word.attached;
    } else if (i + 1 < words.size() && words[i + 1].kind == Word::value) {
      value = tokens[++i];
    } else {
      pending = Pending{fmt::format(
          "{} expects a value after it (a word starting with '-' is a value only when it is a negative number: "
          "write {}=VALUE for another)",
          quoted_value(token), name)};
      break;
    }
    if (value.empty()) {  // Boost refuses `--name=`; argparse accepts an empty value
      canonical.push_back(name);
      canonical.emplace_back();
    } else {
      canonical.push_back(fmt::format("{}={}", name, value));
    }
  }

  Args args;
  args.table_ = &table;
  po::parsed_options parsed(&table.options());
  try {
    parsed = po::command_line_parser(canonical)
                 .options(table.options())
                 .style(po::command_line_style::allow_long | po::command_line_style::long_allow_adjacent |
                        po::command_line_style::long_allow_next)
                 .run();
  } catch (const po::error& e) {  // never e.what() (see describe)
    throw flag_error(describe(e));
  }
  // argparse acts on each flag as it reads it: --help ends the reading (an
  // unknown word anywhere does not stop it), a bad value stops it first.
  for (const po::option& option : parsed.options) {
    const FlagTable::Entry* entry = table.find(option.string_key);
    if (entry == nullptr) throw flag_error(fmt::format("malformed flag {}", quoted_value(option.string_key)));
    if (entry->value.empty()) {
      args.switches_.insert(entry->name);
      if (entry->name == "help") return args;
      continue;
    }
    const std::string value = option.value.empty() ? std::string() : option.value.front();
    read_value(table, *entry, value, args.converted_);
    args.values_[entry->name] = value;
  }
  if (pending) throw flag_error(pending->message);
  if (!unknown.empty()) throw flag_error(fmt::format("unknown flag {}", quoted_value(unknown.front())));
  if (!positional.empty()) {
    throw UsageError(
        fmt::format("unexpected argument {} (every value follows its --flag)", quoted_value(positional.front())));
  }
  return args;
}

}  // namespace ledger::cli
