#include "argv_words.hpp"

#include <string>
#include <vector>

#include <boost/program_options/errors.hpp>
#include <boost/program_options/options_description.hpp>
#include <fmt/format.h>

#include "ledger/text.hpp"
#include "python_numbers.hpp"
#include "unicode_digits.hpp"

namespace ledger::cli {
namespace {

// argparse's _negative_number_matcher, '^-\d+$|^-\d*\.\d+$' (\d: any Unicode
// decimal digit): a word that looks like a negative number is a value.
bool looks_like_negative_number(std::string_view word) {
  if (word.size() < 2 || word[0] != '-') return false;
  std::size_t before = 0, after = 0, i = 1;
  bool dot = false;
  while (i < word.size()) {
    char32_t cp = 0;
    const std::size_t length = utf8_sequence(word, i, cp);
    if (length == 0) return false;
    if (cp == '.' && !dot) {
      dot = true;
    } else if ((cp < 0x80 && is_digit(static_cast<char>(cp))) || unicode_decimal_value(cp) >= 0) {
      ++(dot ? after : before);
    } else {
      return false;
    }
    i += length;
  }
  return dot ? after > 0 : before > 0;
}

// The flag a `--name` prefix means. An abbreviation of exactly one of the
// reference's flags means that flag; otherwise it must fit one flag of the
// table. Boost's lookup (find_nothrow, approximate) does the matching.
const FlagTable::Entry* resolve_prefix(const FlagTable& table, std::string_view token, std::string_view name) {
  namespace po = boost::program_options;
  const std::string key(name);
  if (key.starts_with('-')) return nullptr;  // "---h" is no abbreviation of anything
  try {
    const po::option_description* found = table.reference_options().find_nothrow(key, true);
    if (found == nullptr) found = table.options().find_nothrow(key, true);
    return found == nullptr ? nullptr : table.find(found->long_name());
  } catch (const po::ambiguous_option& e) {  // never e.what(): Boost 1.74's loops on '%canonical_option%'
    std::vector<std::string> names;
    for (const auto& alternative : e.alternatives()) names.push_back("--" + alternative);
    throw flag_error(fmt::format("{} is ambiguous: it could be {}", quoted_value(token), join(names)));
  }
}

const FlagTable::Entry* find_alias(const FlagTable& table, char alias) {
  for (const auto& entry : table.entries()) {
    if (entry.alias != 0 && entry.alias == alias) return &entry;
  }
  return nullptr;
}

}  // namespace

Word classify(const FlagTable& table, std::string_view token) {
  Word word;
  if (token.size() < 2 || token[0] != '-') return word;
  if (token == "--") {
    word.kind = Word::terminator;
    return word;
  }
  if (token[1] == '-') {
    const std::size_t eq = token.find('=');
    const std::string_view head = token.substr(0, eq);
    if (eq != std::string_view::npos) word.attached = token.substr(eq + 1);
    word.entry = table.find(head.substr(2));
    if (word.entry == nullptr) word.entry = resolve_prefix(table, token, head.substr(2));
    if (word.entry != nullptr) {
      word.kind = Word::flag;
      return word;
    }
  } else if (const FlagTable::Entry* entry = find_alias(table, token[1]); entry != nullptr) {
    word.kind = Word::flag;
    word.entry = entry;
    word.short_form = true;
    if (token.size() > 2) word.attached = token[2] == '=' ? token.substr(3) : token.substr(2);
    return word;
  }
  word.attached.reset();
  if (looks_like_negative_number(token) || token.find(' ') != std::string_view::npos) return word;
  word.kind = Word::unknown_flag;
  return word;
}

bool switches_chain(const FlagTable& table, std::string_view rest) {
  if (rest.empty()) return false;
  for (const char c : rest) {
    const FlagTable::Entry* entry = find_alias(table, c);
    if (entry == nullptr || !entry->value.empty()) return false;
  }
  return true;
}

UsageError flag_error(std::string_view what) {
  return UsageError(fmt::format("{} (see --help for the accepted flags)", what));
}

}  // namespace ledger::cli
