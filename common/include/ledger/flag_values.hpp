// The values of a program's flag table (ledger/cli.hpp's FlagTable), declared
// with Boost.Program_options: every value is kept as the reader's text and
// named by what it means, so parse() checks it in argv order and the tests
// can compare --help, fuzz.dict and chapter.toml with the table.
//
//   auto options = std::make_shared<boost::program_options::options_description>();
//   options->add_options()
//       ("help,h", "")                                   // a switch, with its -h alias
//       ("seq-len", ledger::cli::real_value(), "")       // Python float(), > 0
//       ("machine", ledger::cli::text_value("KEY"), "");
#pragma once

#include <string>

#include <boost/program_options/options_description.hpp>
#include <boost/program_options/value_semantic.hpp>

#include "ledger/cli.hpp"

namespace ledger::cli {

// A value named `meaning` (a value_kind, or a metavariable such as "KEY").
inline boost::program_options::typed_value<std::string>* text_value(const char* meaning) {
  return boost::program_options::value<std::string>()->value_name(meaning);
}
inline boost::program_options::typed_value<std::string>* real_value() { return text_value(value_kind::kReal); }
inline boost::program_options::typed_value<std::string>* integer_value() { return text_value(value_kind::kInt); }
inline boost::program_options::typed_value<std::string>* integer_list_value() {
  return text_value(value_kind::kIntList);
}

}  // namespace ledger::cli
