#include "ledger/cli.hpp"

#include <poll.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <optional>

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

// The flag a `--name` token means: itself, or the one flag it is a prefix of.
const Flag& resolve_long(std::string_view name, std::string_view token, std::span<const Flag> flags) {
  if (name.empty()) throw flag_error(fmt::format("unknown flag {}", quoted_value(token)));
  std::vector<const Flag*> matches;
  for (const Flag& f : flags) {
    if (f.name == name) return f;
    if (f.name.starts_with(name)) matches.push_back(&f);
  }
  if (matches.size() == 1) return *matches.front();
  if (matches.empty()) throw flag_error(fmt::format("unknown flag {}", quoted_value(token)));
  std::vector<std::string> names;
  for (const Flag* f : matches) names.push_back(fmt::format("--{}", f->name));
  throw flag_error(fmt::format("{} is ambiguous: it could be {}", quoted_value(token), join(names)));
}

const Flag& resolve_alias(std::string_view token, std::span<const Flag> flags) {
  for (const Flag& f : flags) {
    if (f.alias != 0 && token.size() == 2 && token[1] == f.alias) return f;
  }
  throw flag_error(fmt::format("unknown flag {}", quoted_value(token)));
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

Args parse(int argc, const char* const* argv, std::span<const Flag> flags) {
  Args args;
  for (int i = 1; i < argc; ++i) {
    const std::string_view token = argv[i];
    const bool long_form = token.size() > 2 && token.starts_with("--");
    const bool short_form = !long_form && token.size() >= 2 && token[0] == '-' && token != "--";
    if (!long_form && !short_form) {
      throw UsageError(fmt::format("unexpected argument {} (every value follows its --flag)", quoted_value(token)));
    }
    std::string_view name_token = token;
    std::optional<std::string_view> attached;  // the value after '=' in --flag=value
    if (long_form) {
      if (const std::size_t eq = token.find('='); eq != std::string_view::npos) {
        name_token = token.substr(0, eq);
        attached = token.substr(eq + 1);
      }
    }
    const Flag& flag = long_form ? resolve_long(name_token.substr(2), name_token, flags) : resolve_alias(token, flags);
    const std::string name(flag.name);
    if (flag.kind == Flag::is_switch) {
      if (attached) throw flag_error(fmt::format("{} is a switch and takes no value", quoted_value(name_token)));
      args.switches_.insert(name);
      continue;
    }
    if (attached) {
      args.values_[name] = std::string(*attached);  // argparse accepts an empty one (--op=)
    } else if (i + 1 < argc) {
      args.values_[name] = argv[++i];
    } else {
      throw flag_error(fmt::format("{} expects a value after it", quoted_value(name_token)));
    }
  }
  return args;
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

namespace {

// Failing to write standard output: EPIPE (the reader stopped reading,
// `| head -1`) is a quiet end, anything else is reported.
struct OutputError : std::runtime_error {
  OutputError(const std::string& what, int error_number) : std::runtime_error(what), error(error_number) {}
  int error;
};

// Writes all of `text` to standard output, retrying short writes.
void write_stdout(std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(STDOUT_FILENO, text.data(), text.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN || errno == EWOULDBLOCK) {  // a non-blocking stdout the caller handed us: wait for room
        pollfd out{STDOUT_FILENO, POLLOUT, 0};
        if (::poll(&out, 1, -1) >= 0 || errno == EINTR) continue;
      }
      const int error = errno;
      throw OutputError(fmt::format("cannot write standard output: {}", std::strerror(error)), error);
    }
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

void report(std::string_view program, std::string_view kind, std::string_view message) {
  const std::string line = fmt::format("{}: {}: {}\n", program, kind, escape_for_message(message));
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

}  // namespace

int run_program(std::string_view program, const std::function<std::string()>& body) {
  // 128 + SIGPIPE: how a shell reports a program a closed pipe stopped.
  constexpr int kClosedPipeExit = 141;
  try {
    const std::string output = body();
    write_stdout(output);
    return 0;
  } catch (const OutputError& e) {
    if (e.error == EPIPE) return kClosedPipeExit;  // the reader stopped reading: not an error to report
    report(program, "error", e.what());
    return 1;
  } catch (const UsageError& e) {
    report(program, "error", e.what());
    return kUsageExit;
  } catch (const OverflowError& e) {
    report(program, "error", fmt::format("the shape is too large: {}", e.what()));
    return kUsageExit;
  } catch (const std::exception& e) {
    report(program, "internal error", e.what());
    return 1;
  }
}

}  // namespace ledger::cli
