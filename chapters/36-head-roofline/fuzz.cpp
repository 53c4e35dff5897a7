// libFuzzer target: head_roofline's argument parsing and cycle model on
// arbitrary argument vectors. Build with the `fuzz` preset; run
//   scripts/fuzz head_roofline MINUTES   (seeds: common/cmake/fuzz-seeds.sh)
#include "app.hpp"
#include "ledger/fuzz_argv.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Only the text: the files --plot would write stay in memory, so the fuzzer writes nothing.
  return ledger::fuzz::run_argv(data, size, "head_roofline", [](int argc, const char* const* argv) {
    const ledger::cli::ProgramOutput outcome = head_roofline::run(argc, argv);
    // The defaults always match the report: a mismatch is a finding.
    if (outcome.status != 0) __builtin_trap();
    return outcome.text;
  });
}
