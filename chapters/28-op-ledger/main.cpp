// op_ledger: chapter 28's example. An operator's ledger term by term, its
// roofline verdict under the compute roof the case declares, and what the
// verdict would be under every other roof of the machine ("the wrong roof").
// The published program is lost; spec/28-op-ledger.md is what it implements.
#include "app.hpp"
#include "ledger/output_file.hpp"

int main(int argc, char** argv) {
  return ledger::cli::run_program("op_ledger", [&] { return op_ledger::run(argc, argv); });
}
