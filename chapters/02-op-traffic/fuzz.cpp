// libFuzzer target: op_traffic's argument parsing and ledger on arbitrary
// argument vectors. Build with the `fuzz` preset; run
//   scripts/fuzz op_traffic MINUTES   (seeds: common/cmake/fuzz-seeds.sh)
#include "app.hpp"
#include "ledger/fuzz_argv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ledger::fuzz::run_argv(data, size, "op_traffic", op_traffic::run);
}
