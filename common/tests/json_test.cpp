#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>

#include "ledger/json.hpp"

using ledger::Json;

TEST_CASE("JSON floats print in the shortest form that round-trips", "[json]") {
  CHECK(Json(0.938).dump() == "0.938");
  // Python: json.dumps(4800e9 * 0.938) == '4502400000000.0': an integral float keeps ".0".
  CHECK(Json(4800e9 * 0.938).dump() == "4502400000000.0");
  CHECK(Json(210206720.0 / 67764736.0).dump() == "3.1020075102188844");
  CHECK(Json(1e-5).dump() == "1e-05");
  CHECK(Json(1e16).dump() == "1e+16");
  CHECK_THROWS_AS(Json(1.0 / 0.0).dump(), std::domain_error);
}

TEST_CASE("JSON integral floats print as Python's json.dumps prints them", "[json]") {
  // Each right-hand side is json.dumps(x) in Python 3.11.
  CHECK(Json(5e12).dump() == "5000000000000.0");
  CHECK(Json(0.0).dump() == "0.0");
  CHECK(Json(-0.0).dump() == "-0.0");
  CHECK(Json(4096.0).dump() == "4096.0");
  CHECK(Json(1e15).dump() == "1000000000000000.0");
  CHECK(Json(9007199254740993.0).dump() == "9007199254740992.0");
  CHECK(Json(1.2345678901234568e17).dump() == "1.2345678901234568e+17");
  CHECK(Json(1e-7).dump() == "1e-07");
  CHECK(Json(0.0001).dump() == "0.0001");
  // An exact count is an integer and stays one.
  CHECK(Json(std::uint64_t{5000000000000}).dump() == "5000000000000");
}

TEST_CASE("JSON integers stay exact to 64 bits", "[json]") {
  CHECK(Json(UINT64_MAX).dump() == "18446744073709551615");
  CHECK(Json(std::int64_t{-3}).dump() == "-3");
  CHECK(Json(4096).dump() == "4096");
}

TEST_CASE("JSON strings escape quotes, backslashes and control characters, keep UTF-8", "[json]") {
  CHECK(Json("a\"b\\c\nd\x01").dump() == R"("a\"b\\c\nd\u0001")");
  CHECK(Json("读 γ_q ×").dump() == "\"读 γ_q ×\"");
}

TEST_CASE("JSON objects keep insertion order, pretty-printed", "[json]") {
  Json o;
  o.set("z", 1).set("a", Json::Array{true, nullptr}).set("e", Json::Object{}).set("n", Json::Array{});
  CHECK(o.dump() ==
        "{\n"
        "  \"z\": 1,\n"
        "  \"a\": [\n"
        "    true,\n"
        "    null\n"
        "  ],\n"
        "  \"e\": {},\n"
        "  \"n\": []\n"
        "}");
}
