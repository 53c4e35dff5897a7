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

TEST_CASE("20,000 repeated flags parse, the last one winning", "[cli]") {
  // The parser is one pass over argv (Boost's was quadratic: 2.5 s for these).
  constexpr Flag kFlags[] = {{"heads"}, {"help", Flag::is_switch, 'h'}};
  std::vector<std::string> words{"prog"};
  for (int i = 0; i < 20000; ++i) {
    words.push_back("--heads");
    words.push_back(std::to_string(i));
  }
  std::vector<const char*> argv;
  for (const auto& w : words) argv.push_back(w.c_str());
  const Args args = parse(static_cast<int>(argv.size()), argv.data(), kFlags);
  CHECK(args.get("heads", "") == "19999");
  CHECK(args.given() == std::vector<std::string>{"heads"});
}

TEST_CASE("flag syntax: aliases, prefixes, switches, empty names", "[cli]") {
  constexpr Flag kFlags[] = {{"head-dim"}, {"heads"}, {"help", Flag::is_switch, 'h'}};
  const auto parse_words = [&](std::vector<const char*> words) {
    words.insert(words.begin(), "prog");
    return parse(static_cast<int>(words.size()), words.data(), kFlags);
  };
  CHECK(parse_words({"-h"}).flag("help"));
  CHECK(parse_words({"--hel"}).flag("help"));
  CHECK(parse_words({"--head-", "8"}).get("head-dim", "") == "8");
  CHECK(parse_words({"--heads", "--help"}).get("heads", "") == "--help");  // a value flag takes the next word
  CHECK_THROWS_WITH(parse_words({"--h"}),
                    "'--h' is ambiguous: it could be --head-dim, --heads, --help (see --help for the accepted flags)");
  CHECK_THROWS_WITH(parse_words({"--help=3"}),
                    "'--help' is a switch and takes no value (see --help for the accepted flags)");
  CHECK_THROWS_WITH(parse_words({"--=3"}), "unknown flag '--' (see --help for the accepted flags)");
  CHECK_THROWS_WITH(parse_words({"-x"}), "unknown flag '-x' (see --help for the accepted flags)");
  CHECK_THROWS_WITH(parse_words({"--"}), "unexpected argument '--' (every value follows its --flag)");
  CHECK_THROWS_WITH(parse_words({"-"}), "unexpected argument '-' (every value follows its --flag)");
}
