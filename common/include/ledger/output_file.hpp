// Files a program writes besides its stdout (--plot FILE.svg). The program
// computes them with its text; they are written before the text is printed,
// each to a temporary file beside it that is then renamed over it, so a
// failure leaves neither a half-written file nor anything on stdout.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace ledger::cli {

struct OutputFile {
  std::string flag;  // the flag that named it ("--plot"), for error messages
  std::string path;
  std::string content;
};

// The value of `flag` as an output path: not empty, not ending in '/', and
// ending in `extension` (".svg", any case). Throws UsageError.
std::string parse_output_path(std::string_view flag, std::string_view path, std::string_view extension);

// Writes `file.content` to `file.path` through a temporary file and a rename.
// A symbolic link is written through: its target is replaced, the link stays.
// An existing target must be a regular file the user may write (else it is
// left untouched). Throws UsageError naming the flag, the path and the reason.
void write_atomically(const OutputFile& file);

// What a program produces, computed whole before anything is written.
struct ProgramOutput {
  std::string text;               // stdout
  std::vector<OutputFile> files;  // written first (--plot)
  std::string diagnostics{};      // stderr, after stdout (e.g. --assert-report's differences)
  int status = 0;                 // the exit status when everything was written
};

// Every chapter's main(): runs `body` as run_program(program, ...) does, then
// writes its files, its stdout text and its diagnostics, and returns its status:
//   return ledger::cli::run_program("op_ledger", [&] { return op_ledger::run(argc, argv); });
int run_program(std::string_view program, const std::function<ProgramOutput()>& body);

}  // namespace ledger::cli
