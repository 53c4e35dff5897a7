// Numbers as Python's float() and int() read them, Unicode included: a
// Chinese input method types full-width digits (４０９６) and ideographic
// spaces (U+3000). Each expected value is what Python 3.11 returns;
// common/tests/python_float.py compares the programs with python3 itself.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ledger/cli.hpp"

using namespace ledger::cli;

TEST_CASE("Unicode decimal digits and white space read as Python's float() reads them", "[cli]") {
  CHECK(parse_positive_number("--x", "４０９６") == 4096.0);            // float('４０９６') == 4096.0
  CHECK(parse_positive_number("--x", "4096\u3000") == 4096.0);          // ideographic space
  CHECK(parse_positive_number("--x", "\u00a0\u20037e9\u2028") == 7e9);  // NBSP, EM SPACE, LINE SEPARATOR
  CHECK(parse_positive_number("--x", "١٢") == 12.0);                    // Arabic-Indic digits
  CHECK(parse_positive_number("--x", "१२३") == 123.0);                  // Devanagari digits
  CHECK(parse_positive_number("--x", "1.５") == 1.5);
  CHECK(parse_positive_number("--x", "1e５") == 1e5);
  CHECK(parse_positive_number("--x", "１_０００") == 1000.0);
  CHECK(parse_positive_number("--x", "\u00855") == 5.0);  // U+0085 is white space to Python
  // float() refuses these: a non-digit letter, the Arabic decimal separator, ASCII 0x1c, broken UTF-8.
  for (const char* bad : {"٤٫٥", "４０９６x",
                          "\x1c"
                          "5",
                          "5\xff", "Ⅳ", "²", "4096\u3000\u3000x"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(parse_positive_number("--x", bad), UsageError);
  }
}

TEST_CASE("Unicode digits in whole numbers and lists, as Python's int() reads them", "[cli]") {
  CHECK(parse_positive_integer("--m", "５１２") == 512);
  CHECK(parse_positive_integer("--m", "\u3000512\u3000") == 512);
  CHECK(parse_positive_integer_list("--heads", "１６,３２") == std::vector<std::uint64_t>{16, 32});
  CHECK_THROWS_AS(parse_positive_integer("--m", "５１２.５"), UsageError);
  CHECK_THROWS_AS(parse_positive_integer_list("--heads", "１６,\u3000"), UsageError);
}
