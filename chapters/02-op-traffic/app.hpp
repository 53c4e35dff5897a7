// op_traffic as a function: the whole stdout for a command line, or a
// ledger::cli::UsageError / ledger::OverflowError for bad input.
#pragma once

#include <string>

namespace op_traffic {

// argv[0] is the program name, as in main().
std::string run(int argc, const char* const* argv);

}  // namespace op_traffic
