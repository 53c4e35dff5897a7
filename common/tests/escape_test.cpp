// Values echoed in error messages: one line, no terminal escapes, no broken
// UTF-8, and a cap on their length.
#include <catch2/catch.hpp>

#include <string>

#include "ledger/cli.hpp"
#include "ledger/text.hpp"

using namespace ledger;

TEST_CASE("control characters, separators and bidi overrides are escaped, text is kept", "[text]") {
  CHECK(escape_for_message("GEMMx\nInjected line") == "GEMMx\\x0aInjected line");
  CHECK(escape_for_message("\x1b]0;pwned\x07") == "\\x1b]0;pwned\\x07");
  CHECK(escape_for_message("a\tb\rc\x7f") == "a\\x09b\\x0dc\\x7f");
  CHECK(escape_for_message("\xc2\x85") == "\\x85");  // U+0085, NEL (C1)
  CHECK(escape_for_message("a\xe2\x80\xa8"
                           "b") == "a\\u2028b");  // LINE SEPARATOR
  CHECK(escape_for_message("\xe2\x80\xae"
                           "cba") == "\\u202ecba");  // RIGHT-TO-LEFT OVERRIDE
  CHECK(escape_for_message("算子 ４０９６ γ") == "算子 ４０９６ γ");
}

TEST_CASE("invalid UTF-8 is escaped byte by byte", "[text]") {
  CHECK(escape_for_message("\xff\xfe") == "\\xff\\xfe");
  CHECK(escape_for_message("a\xe7\xae") == "a\\xe7\\xae");         // a cut-off 算
  CHECK(escape_for_message("\xc0\xaf") == "\\xc0\\xaf");           // overlong '/'
  CHECK(escape_for_message("\xed\xa0\x80") == "\\xed\\xa0\\x80");  // a surrogate
}

TEST_CASE("a long value is cut after 200 characters with its length stated", "[text]") {
  CHECK(quoted_value("abc") == "'abc'");
  CHECK(quoted_value(std::string(200, 'x')) == "'" + std::string(200, 'x') + "'");
  CHECK(quoted_value(std::string(100000, 'x')) ==
        "'" + std::string(200, 'x') + "…' (100000 bytes, first 200 characters shown)");
  // 300 CJK characters are 900 bytes; the cut never splits one.
  std::string cjk;
  for (int i = 0; i < 300; ++i) cjk += "算";
  std::string shown;
  for (int i = 0; i < 200; ++i) shown += "算";
  CHECK(quoted_value(cjk) == "'" + shown + "…' (900 bytes, first 200 characters shown)");
}

TEST_CASE("usage errors echo values escaped and capped", "[cli]") {
  CHECK_THROWS_WITH(cli::parse_choice("--machine", "x\ny", {"a", "b"}),
                    "--machine: unknown value 'x\\x0ay' (accepted: a, b)");
  const std::string huge(100000, '9');
  CHECK_THROWS_WITH(cli::parse_choice("--machine", huge, {"a"}),
                    "--machine: unknown value '" + std::string(200, '9') +
                        "…' (100000 bytes, first 200 characters shown) (accepted: a)");
}
