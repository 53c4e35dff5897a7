// head_roofline as a function: what a command line prints and writes, or a
// ledger::cli::UsageError for bad input.
#pragma once

#include "ledger/cli.hpp"
#include "ledger/program.hpp"

namespace head_roofline {

// The program's flags, the one source of --help's flag lines, fuzz.dict and
// chapter.toml's [[numeric]] (common/tests/flag_table.py checks them).
const ledger::cli::FlagTable& flag_table();

// argv[0] is the program name, as in main(). --assert-report's differences
// from the report are the output's diagnostics, with exit status 1.
ledger::cli::ProgramOutput run(int argc, const char* const* argv);

}  // namespace head_roofline
