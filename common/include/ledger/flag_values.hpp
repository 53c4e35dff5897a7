// The values of a program's flag table, Boost.Program_options typed values that parse()
// converts once, as it reads the flag (CONTRIBUTING.md, "Adding a flag"). Each is named by what
// it means, so the tests can compare --help, fuzz.dict and chapter.toml with the table.
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include <boost/any.hpp>
#include <boost/program_options/options_description.hpp>
#include <boost/program_options/value_semantic.hpp>

#include "ledger/cli.hpp"

namespace ledger::cli {

// Boost's validators for the value types (found by argument-dependent lookup
// from value<T>); a refused value throws, and parse() names the flag.
void validate(boost::any& out, const std::vector<std::string>& words, IntegerValue*, int);
void validate(boost::any& out, const std::vector<std::string>& words, IntegerListValue*, int);
void validate(boost::any& out, const std::vector<std::string>& words, RealValue*, int);

// A value named `meaning` (a metavariable such as "KEY"), kept as the reader's text.
inline boost::program_options::typed_value<std::string>* text_value(const char* meaning) {
  return boost::program_options::value<std::string>()->value_name(meaning);
}
inline boost::program_options::typed_value<RealValue>* real_value() {
  return boost::program_options::value<RealValue>()->value_name(value_kind::kReal);
}
inline boost::program_options::typed_value<IntegerValue>* integer_value() {
  return boost::program_options::value<IntegerValue>()->value_name(value_kind::kInt);
}
inline boost::program_options::typed_value<IntegerListValue>* integer_list_value() {
  return boost::program_options::value<IntegerListValue>()->value_name(value_kind::kIntList);
}

// One flag of a table: its name ("help,h" for -h too) and its value; a switch has none.
struct FlagDeclaration {
  const char* name;
  const boost::program_options::value_semantic* value = nullptr;
};

// A program's table, in `flags`' order, with `reference` as FlagTable's second
// argument. Built for a function-local static and never destroyed: nothing at
// exit depends on it.
FlagTable& new_flag_table(std::initializer_list<FlagDeclaration> flags, std::vector<std::string> reference = {});

}  // namespace ledger::cli
