// op_traffic: chapter 02's example. For each operator and a machine, is it
// bandwidth or compute that saturates first, and what is the fastest it could
// possibly run? A C++ port of op_traffic.py: same flags, same stdout.
#include "app.hpp"
#include "ledger/output_file.hpp"

int main(int argc, char** argv) {
  return ledger::cli::run_program("op_traffic", [&] { return op_traffic::run(argc, argv); });
}
