// libFuzzer target: op_ledger's argument parsing and ledgers on arbitrary
// argument vectors. Build with the `fuzz` preset; run
//   scripts/fuzz op_ledger MINUTES   (seeds: common/cmake/fuzz-seeds.sh)
#include "app.hpp"
#include "ledger/fuzz_argv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ledger::fuzz::run_argv(data, size, "op_ledger", op_ledger::run);
}
