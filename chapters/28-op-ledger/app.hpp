// op_ledger as a function: the whole stdout and the files --plot writes for a
// command line, or a ledger::cli::UsageError / ledger::OverflowError for bad input.
#pragma once

#include "ledger/cli.hpp"
#include "ledger/program.hpp"

namespace op_ledger {

// The program's flags, the one source of --help's flag lines, fuzz.dict and
// chapter.toml's [[numeric]] (common/tests/flag_table.py checks them).
const ledger::cli::FlagTable& flag_table();

// argv[0] is the program name, as in main().
ledger::cli::ProgramOutput run(int argc, const char* const* argv);

}  // namespace op_ledger
