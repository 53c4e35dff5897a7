// argparse's first pass over argv (_parse_optional): what each word is on its
// own — a value, a flag of the table (by its name, an unambiguous prefix or its
// one-letter alias), an unknown flag, or the `--` that ends the flags. Boost's
// parser has no notion of these (a negative number as a value, the reference's
// abbreviations first), so parse() (cli.cpp) asks here before Boost reads.
#pragma once

#include <optional>
#include <string_view>

#include "ledger/cli.hpp"

namespace ledger::cli {

// "<what> (see --help for the accepted flags)": a word argparse would not read.
UsageError flag_error(std::string_view what);

struct Word {
  enum Kind { value, flag, unknown_flag, terminator } kind = value;
  const FlagTable::Entry* entry = nullptr;   // the flag, for kind == flag
  std::optional<std::string_view> attached;  // after '=' (or after -h: "-hh")
  bool short_form = false;
};

// One word of argv; an ambiguous abbreviation throws flag_error, naming the flags it could be.
Word classify(const FlagTable& table, std::string_view token);

// "-hh" is -h twice, as argparse reads it; "-hx" is refused.
bool switches_chain(const FlagTable& table, std::string_view rest);

}  // namespace ledger::cli
