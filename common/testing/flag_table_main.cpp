// <program>_flag_table: prints the chapter program's flag table, one flag per
// line, for common/tests/flag_table.py (the <chapter>/flag-table test), which
// checks --help's flag lines, fuzz.dict and chapter.toml's [[numeric]] against it.
#include "ledger/program.hpp"

int main() { return ledger::cli::print_flag_table(ledger::cli::chapter_program.flag_table()); }
