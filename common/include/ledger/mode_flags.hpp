// The flags every chapter program shares, read the same way everywhere:
// --format, --plot, --machine/--profile, and "only these flags with this mode".
// Each problem is a UsageError naming the flag and what it accepts.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "ledger/cli.hpp"
#include "ledger/profile_file.hpp"

namespace ledger::cli {

// --format: one of `choices` (the error lists them); `fallback` when not given.
std::string format_flag(const Args& args, const std::vector<std::string>& choices, std::string fallback);

// --plot FILE.svg when given (checked with parse_output_path), else nothing.
std::optional<std::string> plot_flag(const Args& args);

// Refuses the first given flag outside `allowed` (names without "--"):
// "--<flag>: not accepted <context> (accepted: <accepted>)". Every name of
// `allowed` must be in the flag table (std::logic_error otherwise).
void require_only(const Args& args, const std::set<std::string>& allowed, std::string_view context,
                  std::string_view accepted);

// --machine KEY or --profile FILE, never both: when both are given,
// "--machine/--profile: give one of them (<choices>)".
void require_machine_or_profile(const Args& args, std::string_view choices);

// --profile FILE, loaded by load_profile_file; its error becomes a UsageError
// naming --profile, the file, the line and the field.
ProfileFile profile_flag(const Args& args);

// What is wrong with the reader's profile file, as the command line's error:
// "--profile: <file>:<line>: <what>" (the one place that prefix is written).
UsageError profile_flag_error(const ProfileFileError& error);

}  // namespace ledger::cli
