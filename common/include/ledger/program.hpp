// A chapter's program as data: its name, its run() and its flag table, defined once in its
// program.cpp. Common's entry points (the program, the bad-input judge, the flag-table dump, the
// fuzz target) turn it into every executable the chapter needs: a chapter writes no main().
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ledger/cli.hpp"
#include "ledger/output_file.hpp"

namespace ledger::cli {

// What a program produces, computed whole before anything is written.
struct ProgramOutput {
  std::string text;                // stdout
  std::vector<OutputFile> files;   // written first (--plot)
  std::string diagnostics{};       // stderr, after stdout (e.g. --assert-report's differences)
  int status = 0;                  // the exit status when everything was written
  std::vector<FileRead> inputs{};  // files the run read (--profile): no output may replace one
};

struct Program {
  std::string_view name;  // "op_ledger": the prefix of its error lines
  // The whole output for a command line (argv[0] is the program name), or a
  // UsageError / OverflowError for bad input.
  ProgramOutput (*run)(int argc, const char* const* argv);
  const FlagTable& (*flag_table)();  // --help's flag lines, fuzz.dict and [[numeric]] are checked against it
};

// The chapter's program, defined in chapters/<chapter>/program.cpp.
extern const Program chapter_program;

// Runs `program` as its main() does: computes the output, writes its files to
// temporaries, then stdout, puts the files in place, then the diagnostics, and
// returns the output's status. UsageError (and OverflowError) -> one line
// "<name>: error: <message>" on stderr, exit 2, nothing on stdout or on disk.
// A failed write (stdout or a file) or running out of memory -> one line, exit
// 1 (a closed pipe on stdout: no message, 141 as a SIGPIPE death). Any other
// exception -> "<name>: internal error: ...", exit 1. Every message is escaped
// to one line.
int run_program(const Program& program, int argc, const char* const* argv);

}  // namespace ledger::cli
