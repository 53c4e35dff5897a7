// The flag value types' validators and the table every program builds (ledger/flag_values.hpp).
#include "ledger/flag_values.hpp"

#include <cmath>
#include <memory>

#include "python_numbers.hpp"

namespace ledger::cli {
namespace {

// parse() hands each value over as one word (an empty value is one empty word).
std::string_view only_word(const std::vector<std::string>& words) {
  return words.empty() ? std::string_view() : std::string_view(words.front());
}

}  // namespace

void validate(boost::any& out, const std::vector<std::string>& words, IntegerValue*, int) {
  out = IntegerValue{positive_integer(only_word(words))};
}

void validate(boost::any& out, const std::vector<std::string>& words, IntegerListValue*, int) {
  out = IntegerListValue{positive_integer_list(only_word(words))};
}

void validate(boost::any& out, const std::vector<std::string>& words, RealValue*, int) {
  const std::string_view text = only_word(words);
  if (!python_float_syntax(text)) positive_number(text);  // throws its refusal
  RealValue real;
  try {
    real.value = positive_number(text);
  } catch (const ValueRefused& e) {
    real.refusal = e.what();
  }
  out = real;
}

FlagTable& new_flag_table(std::initializer_list<FlagDeclaration> flags, std::vector<std::string> reference) {
  auto options = std::make_shared<boost::program_options::options_description>();
  for (const FlagDeclaration& flag : flags) {
    if (flag.value == nullptr) {
      options->add_options()(flag.name, "");
    } else {
      options->add_options()(flag.name, flag.value, "");
    }
  }
  return *new FlagTable(options, std::move(reference));
}

}  // namespace ledger::cli
