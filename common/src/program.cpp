#include "ledger/program.hpp"
#include "fd_io.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <new>
#include <optional>
#include <stdexcept>

#include <fmt/format.h>

#include "ledger/checked.hpp"
#include "ledger/profile_file.hpp"
#include "ledger/text.hpp"

namespace ledger::cli {
namespace {

// Failing to write standard output: EPIPE (the reader stopped reading,
// `| head -1`) is a quiet end, anything else is reported.
struct OutputError : std::runtime_error {
  OutputError(const std::string& what, int error_number) : std::runtime_error(what), error(error_number) {}
  int error;
};

// Writes all of `text` to standard output, retrying short writes.
// A non-blocking stdout the caller handed us is waited on for room.
void write_stdout(std::string_view text) {
  if (const int error = write_all(STDOUT_FILENO, text, true); error != 0) {
    throw OutputError(fmt::format("cannot write standard output: {}", std::strerror(error)), error);
  }
}

void report(std::string_view program, std::string_view kind, std::string_view message) {
  const std::string line = fmt::format("{}: {}: {}\n", program, kind, escape_for_message(message));
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

// Runs `body`, which computes the whole stdout before anything is printed, and
// maps what it throws to a message and an exit status (run_program's contract).
int run_and_print(std::string_view program, const std::function<std::string()>& body) {
  // 128 + SIGPIPE: how a shell reports a program a closed pipe stopped.
  constexpr int kClosedPipeExit = 141;
  try {
    const std::string output = body();
    write_stdout(output);
    return 0;
  } catch (const OutputError& e) {
    if (e.error == EPIPE) return kClosedPipeExit;  // the reader stopped reading: not an error to report
    report(program, "error", e.what());
    return 1;
  } catch (const UsageError& e) {
    report(program, "error", e.what());
    return kUsageExit;
  } catch (const OverflowError& e) {
    report(program, "error", fmt::format("the shape is too large: {}", e.what()));
    return kUsageExit;
  } catch (const std::exception& e) {
    report(program, "internal error", e.what());
    return 1;
  }
}

}  // namespace

int run_program(const Program& program, int argc, const char* const* argv) {
  const auto report_failure = [&](std::string_view message) { report(program.name, "error", message); };
  StagedFiles staged;
  std::optional<std::string> failure;  // a write the disk refused, or memory running out: exit 1
  std::string diagnostics;
  int status = 0;
  const int failed = run_and_print(program.name, [&]() -> std::string {
    try {
      ProgramOutput out = program.run(argc, argv);
      // Every file is written to its temporary before stdout; each is put in
      // place only once stdout is written too, so both happen or neither.
      for (OutputFile& f : out.files) staged.stage(std::move(f), out.inputs);
      diagnostics = std::move(out.diagnostics);
      status = out.status;
      return std::move(out.text);
    } catch (const OutputWriteError& e) {
      failure = e.what();
    } catch (const std::bad_alloc&) {
      failure = "out of memory (the limits in --help keep every accepted input far below it)";
    }
    staged.discard();
    return std::string();
  });
  if (failed != 0) return failed;  // ~StagedFiles removes the temporaries
  if (failure) {
    report_failure(*failure);
    return 1;
  }
  try {
    staged.commit();  // in order, stopping at the first failure
  } catch (const OutputWriteError& e) {
    report_failure(e.what());
    return 1;
  }
  if (!diagnostics.empty()) std::fwrite(diagnostics.data(), 1, diagnostics.size(), stderr);
  return status;
}

}  // namespace ledger::cli
