// Numbers as Python's float() and int() read them, Unicode included: a
// Chinese input method types full-width digits (４０９６) and ideographic
// spaces (U+3000). Each expected value is what Python 3.11 returns;
// common/tests/python_float.py compares the programs with python3 itself.
// The values go through a flag table's converters, as the programs read them.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ledger/cli.hpp"
#include "ledger/flag_values.hpp"

using namespace ledger::cli;

namespace {

Args parse_one(const std::string& word) {
  static const FlagTable& table =
      new_flag_table({{"x", real_value()}, {"m", integer_value()}, {"heads", integer_list_value()}});
  const char* argv[] = {"prog", word.c_str()};
  return parse(2, argv, table);
}

double x(const std::string& text) { return parse_one("--x=" + text).real("x", 1.0); }
std::uint64_t m(const std::string& text) { return parse_one("--m=" + text).integer("m", 1); }
std::vector<std::uint64_t> heads(const std::string& text) {
  return parse_one("--heads=" + text).integer_list("heads", {1});
}

}  // namespace

TEST_CASE("Unicode decimal digits and white space read as Python's float() reads them", "[cli]") {
  CHECK(x("４０９６") == 4096.0);            // float('４０９６') == 4096.0
  CHECK(x("4096\u3000") == 4096.0);          // ideographic space
  CHECK(x("\u00a0\u20037e9\u2028") == 7e9);  // NBSP, EM SPACE, LINE SEPARATOR
  CHECK(x("١٢") == 12.0);                    // Arabic-Indic digits
  CHECK(x("१२३") == 123.0);                  // Devanagari digits
  CHECK(x("1.５") == 1.5);
  CHECK(x("1e５") == 1e5);
  CHECK(x("１_０００") == 1000.0);
  CHECK(x("\u00855") == 5.0);  // U+0085 is white space to Python
  // float() refuses these: a non-digit letter, the Arabic decimal separator, ASCII 0x1c, broken UTF-8.
  for (const char* bad : {"٤٫٥", "４０９６x",
                          "\x1c"
                          "5",
                          "5\xff", "Ⅳ", "²", "4096\u3000\u3000x"}) {
    CAPTURE(bad);
    CHECK_THROWS_WITH(x(bad), Catch::StartsWith("--x: expected a number > 0"));
  }
}

TEST_CASE("Unicode digits in whole numbers and lists, as Python's int() reads them", "[cli]") {
  CHECK(m("５１２") == 512);
  CHECK(m("\u3000512\u3000") == 512);
  CHECK(heads("１６,３２") == std::vector<std::uint64_t>{16, 32});
  CHECK_THROWS_WITH(m("５１２.５"), Catch::StartsWith("--m: expected a whole number"));
  CHECK_THROWS_WITH(heads("１６,\u3000"), Catch::StartsWith("--heads: expected a comma-separated list"));
}
