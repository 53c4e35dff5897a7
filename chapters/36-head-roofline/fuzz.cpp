// libFuzzer target: head_roofline's argument parsing and cycle model on
// arbitrary argument vectors. Build with the `fuzz` preset; run
//   scripts/fuzz head_roofline MINUTES   (seeds: common/cmake/fuzz-seeds.sh)
#include "app.hpp"
#include "ledger/fuzz_argv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return ledger::fuzz::run_argv(data, size, "head_roofline", head_roofline::run);
}
