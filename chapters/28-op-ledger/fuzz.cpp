// libFuzzer target: op_ledger's argument parsing and ledgers on arbitrary
// argument vectors. Build with the `fuzz` preset; run
//   scripts/fuzz op_ledger MINUTES   (seeds: common/cmake/fuzz-seeds.sh)
#include "app.hpp"
#include "ledger/fuzz_argv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Only the text: the files --plot would write stay in memory, so the fuzzer writes nothing.
  return ledger::fuzz::run_argv(data, size, "op_ledger",
                                [](int argc, const char* const* argv) { return op_ledger::run(argc, argv).text; });
}
