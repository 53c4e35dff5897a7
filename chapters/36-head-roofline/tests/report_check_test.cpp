#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ledger/cli.hpp"
#include "params.hpp"
#include "report_check.hpp"
#include "table.hpp"
#include "tie_params.hpp"

using namespace head_roofline;

TEST_CASE("the compiled-in report table has the report's eight lines", "[report]") {
  const std::vector<std::string> lines = report_table_lines();
  REQUIRE(lines.size() == 8);
  // The report's Markdown lost the first line's leading space.
  CHECK(lines.front() == "16, topk= 512, cube_cycles=  2048, mem_cycles=  5883");
  CHECK(lines.back() == "128, topk=1024, cube_cycles= 32768, mem_cycles= 13841");
}

TEST_CASE("the default table matches the report's line by line", "[report]") {
  const std::vector<std::string> table = render_table(kReportParams);
  CHECK(table.front() == " 16, topk= 512, cube_cycles=  2048, mem_cycles=  5883");
  CHECK_FALSE(mismatch_with_report(table, report_table_lines()).has_value());
}

TEST_CASE("a mismatch is reported as the reference does", "[report]") {
  const std::vector<std::string> want{"1, a", " 2, b"};
  CHECK_FALSE(mismatch_with_report({" 1, a ", "2, b"}, want).has_value());
  const auto text = mismatch_with_report({"1, a", "2, c"}, want);
  REQUIRE(text.has_value());
  CHECK(*text ==
        "\nMISMATCH with the report table:\n"
        "   got '1, a'\n want '1, a'\n"
        " ! got '2, c'\n want '2, b'\n");
  // A missing line is a mismatch even though zip() shows only the pairs.
  const auto shorter = mismatch_with_report({"1, a"}, want);
  REQUIRE(shorter.has_value());
  CHECK(*shorter == "\nMISMATCH with the report table:\n   got '1, a'\n want '1, a'\n");
}

TEST_CASE("python_repr quotes as Python does", "[report]") {
  CHECK(python_repr("abc") == "'abc'");
  CHECK(python_repr("it's") == "\"it's\"");
  CHECK(python_repr("'\"") == "'\\'\"'");
  CHECK(python_repr("a\\b\tc") == "'a\\\\b\\tc'");
}

TEST_CASE("an exact tie renders as balanced", "[report]") {
  Params p = tie_params();
  p.heads = {1};
  p.topks = {2};
  CHECK(render_report(p) ==
        "# L2 bandwidth per AI Core per cycle: 2.000 B/cycle\n"
        "  1, topk=   2, cube_cycles=     4, mem_cycles=     4\n"
        "\n"
        "# 判据（报告 :114）：cube_cycles vs mem_cycles\n"
        " h_q=  1, topk=   2: cube=     4, mem=     4.0 -> balanced\n");
}

TEST_CASE("constants leaving double's range are refused", "[report]") {
  Params p;
  p.l2_total_bw = 5e-324;  // bytes per cycle underflow to 0
  CHECK_THROWS_AS(render_report(p), ledger::cli::UsageError);
  p = Params{};
  p.l2_total_bw = 1e308;
  p.freq = 1e-300;  // bytes per cycle overflow to inf
  CHECK_THROWS_AS(render_report(p), ledger::cli::UsageError);
}

TEST_CASE("only the report's constants count as the report's", "[params]") {
  CHECK(flags_differing_from_report(kReportParams).empty());
  Params p;
  p.topks = {2048};
  p.heads = {64, 128};
  CHECK(flags_differing_from_report(p) == std::vector<std::string>{"--heads", "--topk"});
  p = Params{};
  p.heads = {32, 16, 64, 128};  // same heads, another order: another table
  CHECK(flags_differing_from_report(p) == std::vector<std::string>{"--heads"});
}
