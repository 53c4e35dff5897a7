// @PROGRAM@ as a function: what a command line prints and writes, or a
// ledger::cli::UsageError for bad input. main() and the fuzzer both call it.
#pragma once

#include "ledger/output_file.hpp"

namespace @PROGRAM@ {

// argv[0] is the program name, as in main().
ledger::cli::ProgramOutput run(int argc, const char* const* argv);

}  // namespace @PROGRAM@
