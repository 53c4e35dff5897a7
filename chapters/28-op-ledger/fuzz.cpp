// libFuzzer target: op_ledger's argument parsing and ledgers on arbitrary
// argument vectors. Build with the `fuzz` preset; run
//   build-fuzz/chapters/28-op-ledger/fuzz_op_ledger -dict=chapters/28-op-ledger/fuzz.dict chapters/28-op-ledger/fuzz-corpus
#include "app.hpp"
#include "ledger/fuzz_argv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Only the text: the files --plot would write stay in memory, so the fuzzer writes nothing.
  return ledger::fuzz::run_argv(data, size, "op_ledger",
                                [](int argc, const char* const* argv) { return op_ledger::run(argc, argv).text; });
}
