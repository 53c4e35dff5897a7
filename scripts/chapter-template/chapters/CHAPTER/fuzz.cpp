// libFuzzer target: @PROGRAM@'s argument parsing and model on arbitrary argument vectors.
// Build with the `fuzz` preset.
#include "app.hpp"
#include "ledger/fuzz_argv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Only the text: the files --plot would write stay in memory, so the fuzzer writes nothing.
  return ledger::fuzz::run_argv(data, size, "@PROGRAM@", [](int argc, const char* const* argv) {
    return @PROGRAM@::run(argc, argv).text;
  });
}
