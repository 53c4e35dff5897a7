#include "ledger/cli.hpp"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>

#include <boost/program_options/errors.hpp>
#include <boost/program_options/options_description.hpp>
#include <boost/program_options/parsers.hpp>
#include <fmt/format.h>

#include "ledger/checked.hpp"
#include "ledger/std_fallbacks.hpp"
#include "ledger/text.hpp"
#include "unicode_digits.hpp"

namespace ledger::cli {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Python's Py_ISSPACE: the ASCII white space float() and int() strip.
bool ascii_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && ascii_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && ascii_space(s.back())) s.remove_suffix(1);
  return s;
}

// What Python's float() and int() see of a str: every Unicode decimal digit
// as its ASCII digit, every Unicode white space as ' '. Returns false for
// any other non-ASCII character (Python makes it '?', which no number holds)
// and for bytes that are not UTF-8.
bool python_ascii(std::string_view text, std::string& out) {
  out.clear();
  std::size_t i = 0;
  while (i < text.size()) {
    char32_t cp = 0;
    const std::size_t length = utf8_sequence(text, i, cp);
    if (length == 0) return false;
    if (cp < 0x80) {
      out.push_back(static_cast<char>(cp));
    } else if (unicode_space(cp)) {
      out.push_back(' ');
    } else if (const int digit = unicode_decimal_value(cp); digit >= 0) {
      out.push_back(static_cast<char>('0' + digit));
    } else {
      return false;
    }
    i += length;
  }
  return true;
}

// Removes `_` separators the way Python's float()/int() allow them: only
// between two digits. Returns false when an underscore stands anywhere else.
bool strip_digit_separators(std::string_view s, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '_') {
      out.push_back(s[i]);
      continue;
    }
    if (i == 0 || i + 1 == s.size() || !is_digit(s[i - 1]) || !is_digit(s[i + 1])) return false;
  }
  return true;
}

// The reader's number text as Python parses it: Unicode digits and spaces
// made ASCII, white space trimmed, `_` separators removed. False when Python
// would refuse it before looking at its shape.
bool plain_number_text(std::string_view text, std::string& plain) {
  std::string ascii;
  return python_ascii(text, ascii) && strip_digit_separators(trim(ascii), plain);
}

// Python float() grammar for finite decimals: [sign] (d+[.d*] | .d+) [(e|E)[sign]d+].
// std::from_chars alone is laxer in some places (it accepts "nan(...)") and
// stricter in others (no "+", no "_"), so the shape is checked first.
bool looks_like_python_float(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  const std::string lower = ascii_lower(s.substr(i));
  if (lower == "inf" || lower == "infinity" || lower == "nan") return true;
  std::size_t digits = 0;
  while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && is_digit(s[i])) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    std::size_t exp_digits = 0;
    while (i < s.size() && is_digit(s[i])) ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  return i == s.size();
}

UsageError flag_error(std::string_view what) {
  return UsageError(fmt::format("{} (see --help for the accepted flags)", what));
}

// Python float() accepts the text (argparse's type=float: inf, nan, 0 and
// negative numbers pass; the range is checked when the value is used).
bool python_float_syntax(std::string_view text) {
  std::string plain;
  return plain_number_text(text, plain) && looks_like_python_float(plain);
}

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

// One word of argv as argparse's first pass classifies it (_parse_optional).
struct Word {
  enum Kind { value, flag, unknown_flag, terminator } kind = value;
  const FlagTable::Entry* entry = nullptr;   // the flag, for kind == flag
  std::optional<std::string_view> attached;  // after '=' (or after -h: "-hh")
  bool short_form = false;
};

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

// "-hh" is -h twice, as argparse reads it; "-hx" is refused.
bool switches_chain(const FlagTable& table, std::string_view rest) {
  if (rest.empty()) return false;
  for (const char c : rest) {
    const FlagTable::Entry* entry = find_alias(table, c);
    if (entry == nullptr || !entry->value.empty()) return false;
  }
  return true;
}

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

}  // namespace

FlagTable::FlagTable(std::shared_ptr<const boost::program_options::options_description> options,
                     std::vector<std::string> reference_flags)
    : options_(std::move(options)), reference_(std::make_shared<boost::program_options::options_description>()) {
  for (const auto& option : options_->options()) {
    Entry entry;
    entry.name = option->long_name();
    // "-h" for a flag declared "help,h"; the long name alone otherwise.
    const std::string display =
        option->canonical_display_name(boost::program_options::command_line_style::allow_dash_for_short);
    if (display.size() == 2 && display[0] == '-') entry.alias = display[1];
    if (option->semantic()->max_tokens() > 0) entry.value = option->semantic()->name();
    entry.reference = std::find(reference_flags.begin(), reference_flags.end(), entry.name) != reference_flags.end();
    if (entry.reference) reference_->add(option);
    entries_.push_back(std::move(entry));
  }
  for (const auto& name : reference_flags) {
    if (find(name) == nullptr) throw std::logic_error(fmt::format("reference flag --{} is not in the table", name));
  }
}

FlagTable& FlagTable::check_when_read(const std::string& name, std::function<void(const std::string&)> check) {
  const Entry* entry = find(name);
  if (entry == nullptr || entry->value.empty()) {
    throw std::logic_error(fmt::format("--{} is not a flag with a value in the table", name));
  }
  checks_[name] = std::move(check);
  return *this;
}

const FlagTable::Entry* FlagTable::find(std::string_view name) const {
  for (const auto& entry : entries_) {
    if (entry.name == name) return &entry;
  }
  return nullptr;
}

void FlagTable::check_value(const std::string& name, const std::string& value) const {
  if (const auto it = checks_.find(name); it != checks_.end()) return it->second(value);
  const Entry* entry = find(name);
  const std::string flag = "--" + name;
  if (entry->value == value_kind::kReal) {
    if (!python_float_syntax(value)) parse_positive_number(flag, value);  // throws its message
  } else if (entry->value == value_kind::kInt) {
    parse_positive_integer(flag, value);
  } else if (entry->value == value_kind::kIntList) {
    parse_positive_integer_list(flag, value);
  }
}

void Args::require_declared(const std::string& name) const {
  if (table_ == nullptr || table_->find(name) == nullptr) {
    throw std::logic_error(fmt::format("--{} is not in the program's flag table", name));
  }
}

bool Args::has(const std::string& name) const {
  require_declared(name);
  return values_.contains(name) || switches_.contains(name);
}

bool Args::flag(const std::string& name) const {
  require_declared(name);
  return switches_.contains(name);
}

std::string Args::get(const std::string& name, std::string fallback) const {
  require_declared(name);
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

std::vector<std::string> Args::given() const {
  std::vector<std::string> names;
  for (const auto& [name, value] : values_) names.push_back(name);
  for (const auto& name : switches_) names.push_back(name);
  return names;
}

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
    table.check_value(entry->name, value);
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

int print_flag_table(const FlagTable& table) {
  std::string out;
  for (const auto& entry : table.entries()) {
    out += fmt::format("--{}\t{}\t{}\t{}\n", entry.name, entry.alias != 0 ? std::string{'-', entry.alias} : "",
                       entry.value, entry.reference ? "reference" : "");
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
}

double parse_positive_number(std::string_view flag, std::string_view text) {
  std::string plain;
  if (!plain_number_text(text, plain) || !looks_like_python_float(plain)) {
    throw UsageError(fmt::format("{}: expected a number > 0, got {}", flag, quoted_value(text)));
  }
  std::string_view digits = plain;
  if (digits.starts_with('+')) digits.remove_prefix(1);
  double value = 0.0;
  const auto [end, ec] = ledger::from_chars_double(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && !std::isfinite(value))) {
    // Out of range both ways: 1e-400 is too small for a double and rounds to 0 (strtod says which).
    if (ec == std::errc::result_out_of_range && std::strtod(std::string(digits).c_str(), nullptr) < 1.0) {
      throw UsageError(
          fmt::format("{}: expected a number > 0, got {}, which underflows to 0 as a double (the "
                      "smallest is about 4.9e-324)",
                      flag, quoted_value(text)));
    }
    throw UsageError(fmt::format("{}: expected a finite number > 0, got {}", flag, quoted_value(text)));
  }
  if (ec != std::errc() || end != digits.data() + digits.size() || !(value > 0.0)) {
    throw UsageError(fmt::format("{}: expected a number > 0, got {}", flag, quoted_value(text)));
  }
  return value;
}

std::uint64_t parse_positive_integer(std::string_view flag, std::string_view text) {
  std::string plain;
  const bool ok = plain_number_text(text, plain);
  std::string_view digits = plain;
  if (digits.starts_with('+')) digits.remove_prefix(1);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  const bool all_digits = !digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos;
  if (!ok || !all_digits || ec != std::errc() || end != digits.data() + digits.size() || value <= 0) {
    const bool too_large = ok && all_digits && ec == std::errc::result_out_of_range;
    throw UsageError(fmt::format("{}: expected a whole number from 1 to {}, got {}{}", flag, INT64_MAX,
                                 quoted_value(text), too_large ? " (too large)" : ""));
  }
  return static_cast<std::uint64_t>(value);
}

std::vector<std::uint64_t> parse_positive_integer_list(std::string_view flag, std::string_view text) {
  std::vector<std::uint64_t> values;
  for (const std::string_view item : split(text, ',')) {
    std::string plain;
    if (!plain_number_text(item, plain) || plain.empty()) {
      throw UsageError(
          fmt::format("{}: expected a comma-separated list of whole numbers >= 1, got {}", flag, quoted_value(text)));
    }
    values.push_back(parse_positive_integer(flag, item));
  }
  return values;
}

std::string parse_choice(std::string_view flag, std::string_view text, const std::vector<std::string>& choices) {
  for (const auto& choice : choices) {
    if (choice == text) return choice;
  }
  throw UsageError(fmt::format("{}: unknown value {} (accepted: {})", flag, quoted_value(text), join(choices)));
}

}  // namespace ledger::cli
