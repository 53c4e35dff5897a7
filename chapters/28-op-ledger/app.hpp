// op_ledger as a function: the whole stdout and the files --plot writes for a
// command line, or a ledger::cli::UsageError / ledger::OverflowError for bad input.
#pragma once

#include "ledger/output_file.hpp"

namespace op_ledger {

// argv[0] is the program name, as in main().
ledger::cli::ProgramOutput run(int argc, const char* const* argv);

}  // namespace op_ledger
