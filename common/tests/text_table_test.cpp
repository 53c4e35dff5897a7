#include <catch2/catch.hpp>

#include "ledger/text_table.hpp"

using namespace ledger;

TEST_CASE("a text table aligns by code points and drops trailing spaces", "[text]") {
  TextTable t({{Align::left}, {Align::right, 3}, {Align::left, 1}});
  t.add_row({"read γ_q", "256"});
  t.add_row({"read q", "33.554", "M"});
  t.add_row({"TOTAL"});
  CHECK(t.render() ==
        "read γ_q      256\n"  // γ is one code point: "read γ_q" is 8 wide, as "read q" + 2
        "read q     33.554 M\n"
        "TOTAL\n");
}
