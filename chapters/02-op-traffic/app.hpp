// op_traffic as a function: it writes nothing itself, so the fuzzer never touches the file
// system.
#pragma once

#include "ledger/cli.hpp"
#include "ledger/program.hpp"

namespace op_traffic {

// The two halves of ledger::cli::Program (ledger/program.hpp).
const ledger::cli::FlagTable& flag_table();
ledger::cli::ProgramOutput run(int argc, const char* const* argv);

}  // namespace op_traffic
