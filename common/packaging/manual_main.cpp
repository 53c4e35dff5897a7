// <program>_manual: what the package's man page and shell completions are
// generated from (common/packaging/shell_docs.py), as JSON: the program's name,
// its --help text (the book's Chinese, from the program itself), and its flag table
// with each choice flag's values (FlagTable::complete_with). Nothing is copied.
#include <iostream>

#include "ledger/json.hpp"
#include "ledger/program.hpp"

int main() {
  const ledger::cli::Program& program = ledger::cli::chapter_program;
  const std::string name(program.name);
  const char* const argv[] = {name.c_str(), "--help", nullptr};
  const ledger::cli::ProgramOutput help = program.run(2, argv);
  ledger::Json flags = ledger::Json::Array{};
  const ledger::cli::FlagTable& table = program.flag_table();
  for (const ledger::cli::FlagTable::Entry& entry : table.entries()) {
    ledger::Json values = ledger::Json::Array{};
    for (const std::string& value : table.completions(entry.name)) values.push(value);
    ledger::Json flag;
    flag.set("name", entry.name);
    flag.set("alias", entry.alias == 0 ? std::string() : std::string(1, entry.alias));
    flag.set("value", entry.value);
    flag.set("completions", std::move(values));
    flags.push(std::move(flag));
  }
  ledger::Json manual;
  manual.set("program", name);
  manual.set("help", help.text);
  manual.set("flags", std::move(flags));
  std::cout << manual.dump() << "\n";
  return std::cout.good() ? 0 : 1;
}
