#include <catch2/catch.hpp>

#include <vector>

#include "ledger/svg.hpp"

using namespace ledger::svg;

TEST_CASE("SVG numbers have two decimals and no negative zero", "[svg]") {
  CHECK(number(1.0) == "1.00");
  CHECK(number(2.675) == "2.67");  // the exact binary value rounds down, as fmt does everywhere
  CHECK(number(-0.001) == "0.00");
  CHECK(number(-1.5) == "-1.50");
}

TEST_CASE("SVG text escapes markup, replaces what XML cannot hold, keeps Chinese", "[svg]") {
  CHECK(escape("a<b & \"c\" 'd'") == "a&lt;b &amp; &quot;c&quot; 'd'");
  CHECK(escape("算力 γ ×") == "算力 γ ×");
  CHECK(escape("x\x01y") == "x\xEF\xBF\xBDy");              // control character
  CHECK(escape("x\xFFy") == "x\xEF\xBF\xBDy");              // not UTF-8
  CHECK(escape("\xC0\xAF") == "\xEF\xBF\xBD\xEF\xBF\xBD");  // overlong '/'
  CHECK(escape("\xE4\xB8") == "\xEF\xBF\xBD\xEF\xBF\xBD");  // cut short
  CHECK(escape("tab\tnl\n") == "tab\tnl\n");
}

TEST_CASE("SVG text width counts CJK as one em and the rest as 0.6 em", "[svg]") {
  CHECK(text_width("ab", 10.0) == Approx(12.0));
  CHECK(text_width("算力", 10.0) == Approx(20.0));
  CHECK(text_width("（", 10.0) == Approx(10.0));
}

TEST_CASE("An SVG document is the declaration, the shapes in order, one per line", "[svg]") {
  Document doc(100, 50, "图 <1>");
  doc.line({0, 0}, {10, 10}, Stroke{"#000", 1.5, "4 2"});
  const std::vector<Point> points{{1, 2}, {3, 4}};
  doc.polyline(points, Stroke{"red", 2.0, ""});
  doc.circle({5, 5}, 3, "blue");
  doc.text({10, 20}, "峰值 & more", TextStyle{14.0, Anchor::middle, "#111", true, -90.0});
  const std::string s = doc.str();
  CHECK(
      s.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
                    "width=\"100.00\" height=\"50.00\" viewBox=\"0 0 100.00 50.00\""));
  CHECK(s.find("<title>图 &lt;1&gt;</title>\n") != std::string::npos);
  CHECK(s.find("<line x1=\"0.00\" y1=\"0.00\" x2=\"10.00\" y2=\"10.00\" stroke=\"#000\" stroke-width=\"1.50\" "
               "stroke-dasharray=\"4 2\"/>\n") != std::string::npos);
  CHECK(s.find("<polyline points=\"1.00,2.00 3.00,4.00\" fill=\"none\" stroke=\"red\" stroke-width=\"2.00\"/>\n") !=
        std::string::npos);
  CHECK(s.find("<circle cx=\"5.00\" cy=\"5.00\" r=\"3.00\" fill=\"blue\"/>\n") != std::string::npos);
  CHECK(s.find("<text x=\"10.00\" y=\"20.00\" font-size=\"14.00\" text-anchor=\"middle\" fill=\"#111\" "
               "font-weight=\"bold\" transform=\"rotate(-90.00 10.00 20.00)\">峰值 &amp; more</text>\n") !=
        std::string::npos);
  CHECK(s.ends_with("</svg>\n"));
}
