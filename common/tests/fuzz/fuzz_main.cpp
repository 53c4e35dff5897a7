// Every chapter's libFuzzer entry point: the chapter program's run() on
// arbitrary argument vectors (fuzz_argv.hpp, beside it). Build with the `fuzz`
// preset; run `scripts/fuzz <program> MINUTES` (seeds: common/tests/fuzz-seeds.sh).
#include "fuzz_argv.hpp"
#include "ledger/program.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const ledger::cli::Program& program = ledger::cli::chapter_program;
  return ledger::fuzz::run_argv(data, size, std::string(program.name).c_str(), program.run);
}
