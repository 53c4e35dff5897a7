// Files a program writes besides its stdout (--plot FILE.svg). The program
// computes them with its text; each is written to a temporary file beside it
// (removed on failure and on SIGTERM, SIGINT, SIGHUP or SIGPIPE) before the
// text is printed, and renamed over the old file only once stdout is written,
// so a failure of either leaves the old file and no half-written one.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "ledger/file_identity.hpp"

namespace ledger::cli {

struct OutputFile {
  std::string flag;  // the flag that named it ("--plot"), for error messages
  std::string path;
  std::string content;
};

// The value of `flag` as an output path: not empty, not ending in '/', and
// ending in `extension` (".svg", any case). Throws UsageError.
std::string parse_output_path(std::string_view flag, std::string_view path, std::string_view extension);

// The disk failed a write the command was right to ask for (full, quota, I/O
// error): "<flag>: cannot write <path>: <the OS's reason>", exit status 1.
struct OutputWriteError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class StagedFile;  // output_file.cpp

// The files of one run (ProgramOutput::files, ledger/program.hpp), each written
// to a temporary beside its target by stage() and put in place, in order, by
// commit(); whatever is not committed is removed by the destructor (and on
// SIGTERM, SIGINT, SIGHUP or SIGPIPE), so a failure leaves the old files.
class StagedFiles {
 public:
  StagedFiles();
  StagedFiles(const StagedFiles&) = delete;
  StagedFiles& operator=(const StagedFiles&) = delete;
  ~StagedFiles();

  // An existing target must be a regular file the user may write (else it is left untouched),
  // and never one of `inputs`, the files the program read (--profile). Throws UsageError naming
  // the flag, the path and the reason, or OutputWriteError.
  void stage(OutputFile file, const std::vector<FileRead>& inputs = {});
  // Renames each temporary over its target. A symbolic link is written through: its target is
  // replaced, the link stays. A replaced file keeps its mode, and its owner where the user may
  // set it; a file with other hard links is overwritten in place once the temporary shows the
  // content fits, so every link keeps naming it (as editors do). Stops at the first failure: OutputWriteError.
  void commit();
  void discard();

 private:
  std::vector<std::unique_ptr<StagedFile>> files_;
};

}  // namespace ledger::cli
