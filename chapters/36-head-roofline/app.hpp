// head_roofline as a function: it writes nothing itself, so the fuzzer never touches the file
// system.
#pragma once

#include "ledger/cli.hpp"
#include "ledger/program.hpp"

namespace head_roofline {

// The two halves of ledger::cli::Program (ledger/program.hpp). --assert-report's differences
// from the report are run()'s diagnostics, with exit status 1.
const ledger::cli::FlagTable& flag_table();
ledger::cli::ProgramOutput run(int argc, const char* const* argv);

}  // namespace head_roofline
