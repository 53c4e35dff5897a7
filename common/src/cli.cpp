// parse() (ledger/cli.hpp): argv read in one pass with argparse's rules; Boost.Program_options
// finds each flag (argv_words.cpp: its approximate lookup, as allow_guessing) and converts
// each value with the table's value<T>, in argv order.
#include <optional>
#include <string>
#include <vector>

#include <boost/any.hpp>
#include <boost/program_options/options_description.hpp>
#include <fmt/format.h>

#include "argv_words.hpp"
#include "ledger/text.hpp"
#include "python_numbers.hpp"

namespace ledger::cli {
namespace {

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

  // argparse's second pass, in order: which words are values of which flags,
  // each flag acted on as it is read. --help ends the reading (an unknown word
  // anywhere does not stop it), a bad value stops it first; what argparse would
  // refuse when it reaches it ends the reading as `pending`.
  Args args;
  args.table_ = &table;
  std::optional<Pending> pending;
  std::vector<std::string_view> unknown;     // refused last, as argparse's "unrecognized arguments"
  std::vector<std::string_view> positional;  // idem
  for (std::size_t i = 0; i < tokens.size(); ++i) {
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
    if (entry.value.empty()) {
      if (word.attached && !(word.short_form && switches_chain(table, *word.attached))) {
        const std::string_view shown = word.short_form ? token.substr(0, 2) : token.substr(0, token.find('='));
        pending = Pending{fmt::format("{} is a switch and takes no value (got {})", quoted_value(shown),
                                      quoted_value(*word.attached))};
        break;
      }
      args.switches_.insert(entry.name);
      if (entry.name == "help") return args;
      continue;
    }
    std::string_view value;
    if (word.attached) {
      value = *word.attached;  // argparse accepts an empty value (`--name=`)
    } else if (i + 1 < words.size() && words[i + 1].kind == Word::value) {
      value = tokens[++i];
    } else {
      pending = Pending{fmt::format(
          "{} expects a value after it (a word starting with '-' is a value only when it is a negative number: "
          "write --{}=VALUE for another)",
          quoted_value(token), entry.name)};
      break;
    }
    read_value(table, entry, std::string(value), args.converted_);
    args.values_[entry.name] = std::string(value);
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
