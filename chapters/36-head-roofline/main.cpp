// head_roofline: chapter 36's example. How many q heads should one AI Core
// take? The FlashMLA report's answer, recomputed: Cube cycles against L2
// cycles for each head count and topk. A C++ port of head_roofline.py with
// the report's constants as flags; the default output is the script's.
#include "app.hpp"
#include "ledger/output_file.hpp"

// As the reference: with --assert-report, the table is on stdout, any
// differences on stderr with exit status 1 (ProgramOutput::diagnostics).
int main(int argc, char** argv) {
  return ledger::cli::run_program("head_roofline", [&] { return head_roofline::run(argc, argv); });
}
