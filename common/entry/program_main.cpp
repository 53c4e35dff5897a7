// Every chapter program's main(): the chapter's ledger::cli::chapter_program
// (chapters/<chapter>/program.cpp), run as ledger/program.hpp describes.
#include "ledger/program.hpp"

int main(int argc, char** argv) { return ledger::cli::run_program(ledger::cli::chapter_program, argc, argv); }
