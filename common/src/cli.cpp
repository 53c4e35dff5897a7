#include "ledger/cli.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <exception>

#include <boost/program_options/errors.hpp>
#include <boost/program_options/parsers.hpp>
#include <fmt/format.h>

#include "ledger/checked.hpp"

namespace po = boost::program_options;

namespace ledger::cli {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view trim(std::string_view s) {
  const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
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

// Python float() grammar for finite decimals: [sign] (d+[.d*] | .d+) [(e|E)[sign]d+].
// std::from_chars alone is laxer in some places (it accepts "nan(...)") and
// stricter in others (no "+", no "_"), so the shape is checked first.
bool looks_like_python_float(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  std::string_view rest = s.substr(i);
  std::string lower;
  for (char c : rest) lower.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
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

// The reader's text in quotes, with control characters escaped so the
// error stays on one line.
std::string quoted(std::string_view text) {
  std::string out = "'";
  for (unsigned char c : text) {
    if (c < 0x20 || c == 0x7f) {
      out += fmt::format("\\x{:02x}", c);
    } else {
      out.push_back(static_cast<char>(c));
    }
  }
  out.push_back('\'');
  return out;
}

// Boost 1.74's error_with_option_name::what() loops forever when the reader's
// token contains one of its own placeholders (`--%canonical_option%`: a hang
// the fuzzer found), so messages are built here from the error's parts and
// what() is never called.
std::string describe(const po::error& e) {
  if (const auto* unknown = dynamic_cast<const po::unknown_option*>(&e)) {
    return fmt::format("unknown flag {}", quoted(unknown->get_option_name()));
  }
  if (const auto* ambiguous = dynamic_cast<const po::ambiguous_option*>(&e)) {
    std::vector<std::string> names;
    for (const auto& name : ambiguous->alternatives()) names.push_back("--" + name);
    return fmt::format("{} is ambiguous: it could be {}", quoted(ambiguous->get_option_name()), join(names));
  }
  if (const auto* syntax = dynamic_cast<const po::invalid_command_line_syntax*>(&e)) {
    const std::string flag = quoted(syntax->get_option_name());
    switch (syntax->kind()) {
      case po::invalid_syntax::missing_parameter:
        return fmt::format("{} expects a value after it", flag);
      case po::invalid_syntax::extra_parameter:
        return fmt::format("{} is a switch and takes no value", flag);
      case po::invalid_syntax::empty_adjacent_parameter:
        return fmt::format("{} expects a value after '='", flag);
      default:
        return fmt::format("malformed flag {}", flag);
    }
  }
  if (const auto* named = dynamic_cast<const po::error_with_option_name*>(&e)) {
    return fmt::format("malformed flag {}", quoted(named->get_option_name()));
  }
  return "malformed command line";
}

}  // namespace

std::string Args::get(const std::string& name, std::string fallback) const {
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

std::vector<std::string> Args::given() const {
  std::vector<std::string> names;
  for (const auto& [name, value] : values_) names.push_back(name);
  for (const auto& name : switches_) names.push_back(name);
  return names;
}

Args parse(int argc, const char* const* argv, const po::options_description& options) {
  // Boost takes the token after a value flag as its value even when it starts
  // with '-' (`--seq-len -1`), as argparse does, but refuses `--op=` with an
  // empty value, which argparse accepts: pass that one as `--op ""`.
  std::vector<std::string> tokens;
  for (int i = 1; i < argc; ++i) {
    std::string token = argv[i];
    if (token.size() > 3 && token.starts_with("--") && token.find('=') == token.size() - 1) {
      token.pop_back();
      tokens.push_back(std::move(token));
      tokens.emplace_back();
      continue;
    }
    tokens.push_back(std::move(token));
  }

  Args args;
  try {
    const po::parsed_options parsed = po::command_line_parser(tokens).options(options).run();
    for (const auto& option : parsed.options) {
      if (option.position_key != -1 || option.string_key.empty()) {
        const std::string text = option.original_tokens.empty() ? "" : option.original_tokens.front();
        throw UsageError(fmt::format("unexpected argument {} (every value follows its --flag)", quoted(text)));
      }
      if (option.value.empty()) {
        args.switches_.insert(option.string_key);
      } else {
        args.values_[option.string_key] = option.value.back();
      }
    }
  } catch (const po::error& e) {
    throw UsageError(fmt::format("{} (see --help for the accepted flags)", describe(e)));
  }
  return args;
}

double parse_positive_number(std::string_view flag, std::string_view text) {
  const std::string_view trimmed = trim(text);
  std::string plain;
  if (!strip_digit_separators(trimmed, plain) || !looks_like_python_float(plain)) {
    throw UsageError(fmt::format("{}: expected a number > 0, got {}", flag, quoted(text)));
  }
  std::string_view digits = plain;
  if (digits.starts_with('+')) digits.remove_prefix(1);
  double value = 0.0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec == std::errc::result_out_of_range || (ec == std::errc() && !std::isfinite(value))) {
    throw UsageError(fmt::format("{}: expected a finite number > 0, got {}", flag, quoted(text)));
  }
  if (ec != std::errc() || end != digits.data() + digits.size() || !(value > 0.0)) {
    throw UsageError(fmt::format("{}: expected a number > 0, got {}", flag, quoted(text)));
  }
  return value;
}

std::uint64_t parse_positive_integer(std::string_view flag, std::string_view text) {
  const std::string_view trimmed = trim(text);
  std::string plain;
  const bool ok = strip_digit_separators(trimmed, plain);
  std::string_view digits = plain;
  if (digits.starts_with('+')) digits.remove_prefix(1);
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  const bool all_digits = !digits.empty() && digits.find_first_not_of("0123456789") == std::string_view::npos;
  if (!ok || !all_digits || ec != std::errc() || end != digits.data() + digits.size() || value <= 0) {
    const bool too_large = ok && all_digits && ec == std::errc::result_out_of_range;
    throw UsageError(fmt::format("{}: expected a whole number from 1 to {}, got {}{}", flag, INT64_MAX,
                                 quoted(text), too_large ? " (too large)" : ""));
  }
  return static_cast<std::uint64_t>(value);
}

std::vector<std::uint64_t> parse_positive_integer_list(std::string_view flag, std::string_view text) {
  std::vector<std::uint64_t> values;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = text.substr(start, comma == std::string_view::npos ? text.npos : comma - start);
    if (trim(item).empty()) {
      throw UsageError(fmt::format("{}: expected a comma-separated list of whole numbers >= 1, got {}", flag,
                                   quoted(text)));
    }
    values.push_back(parse_positive_integer(flag, item));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return values;
}

std::string parse_choice(std::string_view flag, std::string_view text, const std::vector<std::string>& choices) {
  for (const auto& choice : choices) {
    if (choice == text) return choice;
  }
  throw UsageError(fmt::format("{}: unknown value {} (accepted: {})", flag, quoted(text), join(choices)));
}

std::string join(const std::vector<std::string>& items, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += separator;
    out += items[i];
  }
  return out;
}

int run_program(std::string_view program, const std::function<std::string()>& body) {
  try {
    const std::string output = body();
    std::fwrite(output.data(), 1, output.size(), stdout);
    return std::fflush(stdout) == 0 ? 0 : 1;
  } catch (const UsageError& e) {
    std::fprintf(stderr, "%.*s: error: %s\n", static_cast<int>(program.size()), program.data(), e.what());
    return kUsageExit;
  } catch (const OverflowError& e) {
    std::fprintf(stderr, "%.*s: error: the shape is too large: %s\n", static_cast<int>(program.size()),
                 program.data(), e.what());
    return kUsageExit;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%.*s: internal error: %s\n", static_cast<int>(program.size()), program.data(), e.what());
    return 1;
  }
}

}  // namespace ledger::cli
