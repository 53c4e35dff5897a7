// Every chapter program's main(): the chapter's ledger::cli::chapter_program
// (chapters/<chapter>/program.cpp), run as ledger/program.hpp describes.
// `--version` alone, as GNU programs take it, prints which edition of the book
// the program reproduces (ledger/edition.hpp), through the same writer.
#include <string_view>

#include "ledger/edition.hpp"
#include "ledger/program.hpp"

namespace {

ledger::cli::ProgramOutput print_version(int, const char* const*) {
  return {ledger::edition::version_text(ledger::cli::chapter_program.name, ledger::edition::kThisBuild), {}};
}

}  // namespace

int main(int argc, char** argv) {
  using ledger::cli::chapter_program;
  if (argc == 2 && std::string_view(argv[1]) == "--version") {
    const ledger::cli::Program version{chapter_program.name, print_version, chapter_program.flag_table};
    return ledger::cli::run_program(version, argc, argv);
  }
  return ledger::cli::run_program(chapter_program, argc, argv);
}
