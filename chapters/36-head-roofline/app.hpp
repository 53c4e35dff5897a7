// head_roofline as a function: what a command line prints and writes, or a
// ledger::cli::UsageError for bad input.
#pragma once

#include "ledger/output_file.hpp"

namespace head_roofline {

// argv[0] is the program name, as in main(). --assert-report's differences
// from the report are the output's diagnostics, with exit status 1.
ledger::cli::ProgramOutput run(int argc, const char* const* argv);

}  // namespace head_roofline
