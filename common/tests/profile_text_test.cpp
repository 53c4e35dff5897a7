// A profile's text is trusted no more than argv (issue 23): not UTF-8, C1
// controls, bidi overrides, CR-only line breaks, NULs and deep nesting are
// each refused naming the real cause; YAML floats are numbers, quoted strings
// are not; the lists a profile makes are bounded.
#include <string>

#include <catch2/catch.hpp>

#include "ledger/profile_file.hpp"
#include "profile_errors.hpp"
#include "source_paths.hpp"

using namespace ledger;

namespace {

const std::string kHead = "key: k\nname: n\ndescription: d\n";
const std::string kRoofs =
    "roofs:\n  - key: hbm\n    theoretical: 1e12\n    label: l\n    source: s\n"
    "  - key: x\n    theoretical: 1e14\n    label: l\n    source: s\n";

std::string with_theoretical(const std::string& value) {
  return kHead + "roofs:\n  - key: hbm\n    theoretical: " + value +
         "\n    label: l\n    source: s\n  - key: x\n    theoretical: 1e14\n    label: l\n    source: s\n";
}

}  // namespace

TEST_CASE("a profile that is not UTF-8 is refused with the line and the field", "[profile-file]") {
  // Latin-1 é (0xE9) in name: byte 10 of line 2 ("name: Caf" is 9 bytes).
  CHECK(parse_error("key: k\nname: Caf\xe9\ndescription: d\n" + kRoofs) ==
        "t.yaml:2: name: byte 0xE9 (byte 10 of the line) is not UTF-8: save the file as UTF-8 text");
}

TEST_CASE("C1 controls and bidi overrides in a text are refused at load", "[profile-file]") {
  const std::string want_end = ": expected text without C1 controls or bidirectional overrides, got ";
  CHECK(parse_error("key: k\nname: a\xc2\x9b"
                    "31mb\ndescription: d\n" +
                    kRoofs) == "t.yaml:2: name" + want_end + "'a\\x9b31mb'");
  CHECK(parse_error("key: k\nname: n\ndescription: x\xc2\x85y\n" + kRoofs) ==
        "t.yaml:3: description" + want_end + "'x\\x85y'");
  CHECK(parse_error("key: k\nname: abc\xe2\x80\xae"
                    "def\ndescription: d\n" +
                    kRoofs) == "t.yaml:2: name" + want_end + "'abc\\u202edef'");
}

TEST_CASE("numbers are YAML floats, a quoted number is a string", "[profile-file]") {
  CHECK_NOTHROW(parse_profile(with_theoretical("+2.0e12"), "t.yaml"));
  CHECK(parse_profile(with_theoretical("+2.0e12"), "t.yaml").profile.roofs[0].theoretical == 2.0e12);
  CHECK(parse_profile(with_theoretical("2e12"), "t.yaml").profile.roofs[0].theoretical == 2.0e12);
  CHECK(parse_error(with_theoretical("\"2.0e12\"")) ==
        "t.yaml:6: roof 'hbm': theoretical: expected a number from 1e6 to 1e18 (bytes/s), got the string '2.0e12' "
        "(write the number without quotes)");
  CHECK(parse_error(with_theoretical("'2.0e12'")).find("got the string '2.0e12'") != std::string::npos);
  CHECK(parse_error(with_theoretical("+-2e12")).find("expected a number") != std::string::npos);
}

TEST_CASE("CR-only line endings, NULs and deep nesting each name the real cause", "[profile-file]") {
  CHECK(parse_error("key: k\rname: n\r") ==
        "t.yaml:1: key: a carriage return alone (CR, byte 7 of the line) ends a line: save the file with LF or "
        "CRLF line endings");
  // CRLF is fine.
  std::string crlf = kHead + kRoofs;
  for (std::size_t i = 0; (i = crlf.find('\n', i)) != std::string::npos; i += 2) crlf.insert(i, "\r");
  CHECK_NOTHROW(parse_profile(crlf, "t.yaml"));
  CHECK(parse_error(kHead + kRoofs + '\0') ==
        "t.yaml:13: a NUL byte (byte 1 of the line): a profile is UTF-8 text, not binary or padded");
  CHECK(parse_error("key: " + std::string(600, '[')) ==
        "t.yaml:1: key: nesting deeper than 32 levels (byte 38 of the line): a profile nests 3");
  std::string lines = "key:\n";  // [ on a line of its own, 3000 times: past yaml-cpp's own depth limit
  for (int i = 0; i < 3000; ++i) lines += " [\n";
  CHECK(parse_error(lines).find("nesting deeper than") != std::string::npos);
}

TEST_CASE("a profile has at most 32 roofs, keys of at most 64 characters", "[profile-file]") {
  std::string many = kHead + "roofs:\n";
  for (int i = 0; i < 40; ++i)
    many += "  - {key: r" + std::to_string(i) + ", theoretical: 1e12, label: l, source: s}\n";
  CHECK(parse_error(many) == "t.yaml:4: roofs: at most 32 roofs, got 40");
  const std::string long_key = std::string(65, 'a');
  CHECK(parse_error(kHead + "roofs:\n  - key: " + long_key + "\n") ==
        "t.yaml:5: roof #1: key: expected at most 64 characters, got '" + long_key.substr(0, 60) +
            "...' (65 characters)");
}

TEST_CASE("an empty --profile name is named as such", "[profile-file]") {
  try {
    load_profile_file("");
    FAIL("expected a ProfileFileError");
  } catch (const ProfileFileError& e) {
    CHECK(std::string(e.what()) == "expected the name of a YAML profile file, got ''");
  }
}

TEST_CASE("a profile file with a YAML 1.2 float (+2.0e12) loads", "[profile-file]") {
  const ProfileFile file = load_profile_file(ledger_test::test_profiles_dir() + "/plus-float.yaml");
  CHECK(file.profile.key == "plus-float");
  CHECK(file.profile.roofs[0].theoretical == 2.0e12);  // hbm, written +2.0e12
}
