// op_traffic as a function: the whole stdout for a command line and the
// files it writes besides (--plot), or a ledger::cli::UsageError /
// ledger::OverflowError for bad input. It writes nothing itself: main() does,
// so the fuzzer never touches the file system.
#pragma once

#include "ledger/cli.hpp"
#include "ledger/program.hpp"

namespace op_traffic {

// The program's flags, the one source of --help's flag lines, fuzz.dict and
// chapter.toml's [[numeric]] (common/tests/flag_table.py checks them).
const ledger::cli::FlagTable& flag_table();

// argv[0] is the program name, as in main().
ledger::cli::ProgramOutput run(int argc, const char* const* argv);

}  // namespace op_traffic
