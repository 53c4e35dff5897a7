// head_roofline: chapter 36's example. How many q heads should one AI Core
// take? The FlashMLA report's answer, recomputed: Cube cycles against L2
// cycles for each head count and topk. A C++ port of head_roofline.py with
// the report's constants as flags; the default output is the script's.
#include <cstdio>
#include <string>

#include "app.hpp"
#include "ledger/cli.hpp"

int main(int argc, char** argv) {
  std::string mismatch;
  const int status = ledger::cli::run_program("head_roofline", [&] {
    head_roofline::Outcome outcome = head_roofline::run(argc, argv);
    ledger::cli::write_all(outcome.files);
    mismatch = std::move(outcome.mismatch);
    return std::move(outcome.stdout_text);
  });
  if (status != 0 || mismatch.empty()) return status;
  // As the reference: the table is on stdout, the differences on stderr.
  std::fwrite(mismatch.data(), 1, mismatch.size(), stderr);
  return 1;
}
