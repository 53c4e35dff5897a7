#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "ledger/text.hpp"

using namespace ledger;

TEST_CASE("code points count CJK characters once each", "[text]") {
  CHECK(code_points("算子") == 2);           // 6 bytes of UTF-8
  CHECK(code_points("GEMM（fp16）") == 10);  // fullwidth parentheses are one code point each
  CHECK(code_points("") == 0);
}

TEST_CASE("pad_right pads by code points like Python's f\"{s:<50}\"", "[text]") {
  const std::string padded = pad_right("算子", 50);
  CHECK(padded == "算子" + std::string(48, ' '));  // 2 code points + 48 spaces
  CHECK(padded.size() == 6 + 48);
  CHECK(pad_right("toolong", 3) == "toolong");  // never truncates
}

TEST_CASE("pad_left right-aligns by code points like Python's f\"{s:>10}\"", "[text]") {
  CHECK(pad_left("运算量", 10) == std::string(7, ' ') + "运算量");
  CHECK(pad_left("1.2 GB", 10) == "    1.2 GB");
}

TEST_CASE("fmt would pad CJK by display width, which is why pad_* exist", "[text]") {
  // fmt counts 算子 as 4 columns: 46 spaces, not Python's 48.
  CHECK(fmt::format("{:<50}", "算子") != pad_right("算子", 50));
}

TEST_CASE("repeat and ascii_lower", "[text]") {
  CHECK(repeat("=", 3) == "===");
  CHECK(repeat("=", 100).size() == 100);
  CHECK(ascii_lower("AdamW 逐元素") == "adamw 逐元素");
}

TEST_CASE("split keeps empty pieces, as Python's str.split(',') does", "[text]") {
  // Python: "GEMM,Attention".split(",") == ['GEMM', 'Attention']; "16,,32".split(",") == ['16', '', '32'];
  // ",".split(",") == ['', '']; "".split(",") == [''].
  CHECK(ledger::split("GEMM,Attention", ',') == std::vector<std::string_view>{"GEMM", "Attention"});
  CHECK(ledger::split("16,,32", ',') == std::vector<std::string_view>{"16", "", "32"});
  CHECK(ledger::split(",", ',') == std::vector<std::string_view>{"", ""});
  CHECK(ledger::split("", ',') == std::vector<std::string_view>{""});
}

TEST_CASE("join puts the separator between items only", "[text]") {
  CHECK(ledger::join({"h200", "h200-spec", "h100-spec"}) == "h200, h200-spec, h100-spec");
  CHECK(ledger::join({"a", "b"}, "、") == "a、b");
  CHECK(ledger::join({}).empty());
}

TEST_CASE("replace_all replaces every occurrence, left to right", "[text]") {
  CHECK(ledger::replace_all("默认 @M@，例如 @M@ 的", "@M@", "h200") == "默认 h200，例如 h200 的");
  CHECK(ledger::replace_all("aaa", "aa", "b") == "ba");  // Python: "aaa".replace("aa", "b") == "ba"
  CHECK(ledger::replace_all("none", "@X@", "y") == "none");
}

TEST_CASE("utf8_cut keeps at most the bytes asked for without splitting a character", "[text]") {
  const std::string text = "ab算c";  // 算 is 3 bytes: E7 AE 97, at bytes 2..4
  CHECK(ledger::utf8_cut(text, 2) == 2);
  CHECK(ledger::utf8_cut(text, 3) == 2);  // inside 算: back to its start
  CHECK(ledger::utf8_cut(text, 4) == 2);
  CHECK(ledger::utf8_cut(text, 5) == 5);
  CHECK(ledger::utf8_cut(text, 6) == 6);  // past the end: the whole text
  CHECK(ledger::utf8_cut(text, 99) == 6);
  CHECK(ledger::utf8_cut("算", 1) == 0);
}
