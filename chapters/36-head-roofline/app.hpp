// head_roofline as a function: what a command line prints and writes, or a
// ledger::cli::UsageError for bad input.
#pragma once

#include <string>
#include <vector>

#include "ledger/output_file.hpp"

namespace head_roofline {

struct Outcome {
  std::string stdout_text;
  std::vector<ledger::cli::OutputFile> files;  // written before stdout (--plot)
  std::string mismatch;                        // for stderr; non-empty means exit status 1
};

// argv[0] is the program name, as in main().
Outcome run(int argc, const char* const* argv);

}  // namespace head_roofline
