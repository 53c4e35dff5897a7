#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ledger/profile.hpp"
#include "ledger/profile_file.hpp"
#include "profile_errors.hpp"
#include "source_paths.hpp"

using namespace ledger;

namespace {

std::string test_profile(const char* name) { return ledger_test::test_profiles_dir() + "/" + name; }

// The error of loading a test profile, with the folder cut off the path.
std::string load_error(const char* name) {
  try {
    load_profile_file(test_profile(name));
  } catch (const ProfileFileError& e) {
    const std::string message = e.what();
    const std::string dir = ledger_test::test_profiles_dir() + "/";
    return message.starts_with(dir) ? message.substr(dir.size()) : message;
  }
  return "(loaded without error)";
}

std::uint64_t bits(double x) { return std::bit_cast<std::uint64_t>(x); }

std::vector<std::string> split(const std::string& list) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = list.find(',', start);
    items.push_back(list.substr(start, comma == std::string::npos ? list.npos : comma - start));
    if (comma == std::string::npos) return items;
    start = comma + 1;
  }
}

}  // namespace

TEST_CASE("a reader's profile file loads with its roofs in file order", "[profile-file]") {
  const ProfileFile file = load_profile_file(test_profile("reader-gpu.yaml"));
  const MachineProfile& p = file.profile;
  CHECK(p.key == "reader-gpu");
  CHECK(p.name == "Reader's GPU (test profile)");
  CHECK(file.roofs_line == 5);
  REQUIRE(p.roofs.size() == 3);
  CHECK(p.roofs[0].key == "hbm");
  CHECK(p.roofs[1].key == "tensor_core.fp16");
  CHECK(p.roofs[2].key == "cuda_core.fp32");
  CHECK(p.memory_roof().theoretical == 2.0e12);
  CHECK(p.memory_roof().calibration == 0.9);
  CHECK(p.find_roof("tensor_core.fp16")->effective() == 400e12 * 0.75);
  CHECK(p.find_roof("tensor_core.fp16")->label == "张量核 fp16 dense");
  CHECK_FALSE(p.find_roof("cuda_core.fp32")->calibrated());
}

TEST_CASE("each malformed profile file: one line naming the file, the line and the field", "[profile-file]") {
  // The file under tests/profiles, and the one line its loading is refused with.
  const auto [file, message] = GENERATE(table<const char*, const char*>({
      {"missing-source.yaml", "missing-source.yaml:9: roof 'tensor_core.fp16': missing field 'source'"},
      {"bad-calibration.yaml",
       "bad-calibration.yaml:11: roof 'tensor_core.fp16': calibration: expected a number from 0.01 to 1 "
       "(omit the field when not calibrated), got '1.5'"},
      {"duplicate-roof.yaml", "duplicate-roof.yaml:13: roof 'tensor_core.fp16': duplicate roof key (first at line 9)"},
      {"unknown-field.yaml",
       "unknown-field.yaml:11: roof 'tensor_core.fp16': unknown field 'calibation' "
       "(accepted: key, theoretical, calibration, label, source)"},
      {"no-hbm.yaml", "no-hbm.yaml:4: roofs: missing the 'hbm' roof (the memory roof, bytes/s)"},
      {"not-a-number.yaml",
       "not-a-number.yaml:6: roof 'hbm': theoretical: expected a number from 1e6 to 1e18 (bytes/s), got '2 TB/s'"},
      {"infinite.yaml",
       "infinite.yaml:10: roof 'tensor_core.fp16': theoretical: expected a number from 1e6 to 1e21 (FLOP/s), got "
       "'.inf'"},
      {"malformed-yaml.yaml", "malformed-yaml.yaml:6: malformed YAML: end of sequence flow not found"},
      {"empty.yaml", "empty.yaml:1: empty profile (expected the fields key, name, description, roofs)"},
      {"no-such-file.yaml", "no-such-file.yaml: cannot open: No such file or directory"},
  }));
  CHECK(load_error(file) == message);
}

TEST_CASE("profile fields: required, typed, one line, no others", "[profile-file]") {
  const std::string head = "key: k\nname: n\ndescription: d\n";
  const std::string hbm = "  - key: hbm\n    theoretical: 1e12\n    label: l\n    source: s\n";
  const std::string fp16 = "  - key: tensor_core.fp16\n    theoretical: 1e14\n    label: l\n    source: s\n";
  CHECK_NOTHROW(parse_profile(head + "roofs:\n" + hbm + fp16, "t.yaml"));

  // Each malformed profile text and the one line it is refused with.
  const auto [yaml, message] = GENERATE_COPY(table<std::string, std::string>({
      {"- 1\n", "t.yaml:1: expected a mapping with the fields key, name, description, roofs, got a list"},
      {"key: k\nname: n\nroofs: []\n", "t.yaml:1: missing field 'description'"},
      {"key: k\nkey: j\n", "t.yaml:2: duplicate field 'key' (first at line 1)"},
      {"key: k\nname: n\nnmae: m\n", "t.yaml:3: unknown field 'nmae' (accepted: key, name, description, roofs)"},
      {"key: my gpu\n", "t.yaml:1: key: expected a word of letters, digits and . _ - (e.g. my-gpu), got 'my gpu'"},
      {"key: k\nname: ''\n", "t.yaml:2: name: expected one line of text, got ''"},
      {"key: k\nname: n\ndescription: |\n  two\n  lines\n",
       "t.yaml:3: description: expected one line of text (no line breaks or control characters), "
       "got 'two\\x0alines\\x0a'"},
      {head + "roofs: 3\n", "t.yaml:4: roofs: expected a list of roofs (hbm and at least one compute roof), got '3'"},
      {head + "roofs:\n" + hbm,
       "t.yaml:4: roofs: no compute roof (give at least one besides hbm, e.g. tensor_core.fp16)"},
      {head + "roofs:\n  - hbm\n",
       "t.yaml:5: roof #1: expected a mapping with the fields key, theoretical, calibration, label, source, "
       "got 'hbm'"},
      {head + "roofs:\n  - theoretical: 1e12\n    label: l\n", "t.yaml:5: roof #1: missing field 'key'"},
      {head + "roofs:\n" + hbm + "  - key: x\n    theoretical: 0x10\n",
       "t.yaml:10: roof 'x': theoretical: expected a number from 1e6 to 1e21 (FLOP/s), got '0x10'"},
      {head + "roofs:\n  - key: hbm\n    theoretical: 1e12\n    calibration:\n",
       "t.yaml:7: roof 'hbm': calibration: expected a number from 0.01 to 1 (omit the field when not calibrated), "
       "got nothing"},
      {head + "roofs:\n  - key: hbm\n    theoretical: -1e12\n",
       "t.yaml:6: roof 'hbm': theoretical: expected a number from 1e6 to 1e18 (bytes/s), got '-1e12'"},
      {"key: k\n---\nkey: j\n", "t.yaml:2: a second YAML document (---): a profile file holds one"},
  }));
  CHECK(parse_error(yaml) == message);
}

TEST_CASE("malformed YAML is one line and never hangs", "[profile-file]") {
  // yaml-cpp 0.7's LoadAll loops forever on a stray ',' (found by mutating the profiles).
  CHECK(parse_error(",") == "t.yaml:1: empty profile (expected the fields key, name, description, roofs)");
  CHECK(parse_error("key: k\n,\n") == "t.yaml:2: malformed YAML: end of map not found");
  // A NUL (yaml-cpp's own message would quote the line break after it) is named as such.
  std::string nul = "key: k\nname: \"n\"";
  nul += '\0';
  nul += "\ndescription: d\n";
  CHECK(parse_error(nul) ==
        "t.yaml:2: name: a NUL byte (byte 10 of the line): a profile is UTF-8 text, not binary or padded");
}

TEST_CASE("calibration is from 0.01 to 1, or absent", "[profile-file]") {
  const auto with_calibration = [](const std::string& c) {
    return "key: k\nname: n\ndescription: d\nroofs:\n  - key: hbm\n    theoretical: 1e12\n    calibration: " + c +
           "\n    label: l\n    source: s\n  - key: x\n    theoretical: 1e14\n    label: l\n    source: s\n";
  };
  CHECK(parse_profile(with_calibration("1"), "t.yaml").profile.memory_roof().calibration == 1.0);
  CHECK(parse_profile(with_calibration("0.01"), "t.yaml").profile.memory_roof().calibration == 0.01);
  for (const char* bad : {"0", "-0.5", "1.0000001", "nan", "yes", "[0.9]", "0.0099", "1e-300", "5e-324"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(parse_profile(with_calibration(bad), "t.yaml"), ProfileFileError);
  }
}

TEST_CASE("roofs_error points at the roofs of a valid profile", "[profile-file]") {
  const ProfileFile file = load_profile_file(test_profile("no-fp16-matrix-roof.yaml"));
  CHECK(roofs_error(file.path, file.roofs_line, "no fp16 matrix roof").what() ==
        file.path + ":6: roofs: no fp16 matrix roof");
}

TEST_CASE("the built-in profiles are the YAML files, bit for bit", "[profile-file]") {
  // The generated literals must parse to exactly the doubles the YAML text
  // parses to: chapter 02's golden files depend on their last bits.
  const std::vector<std::string> keys = split(LEDGER_BUILTIN_PROFILES);
  REQUIRE(builtin_profile_keys() == keys);
  for (const std::string& key : keys) {
    CAPTURE(key);
    const MachineProfile from_file =
        load_profile_file(ledger_test::builtin_profiles_dir() + "/" + key + ".yaml").profile;
    const MachineProfile& built_in = *find_profile(key);
    CHECK(built_in.key == from_file.key);
    CHECK(built_in.name == from_file.name);
    CHECK(built_in.description == from_file.description);
    REQUIRE(built_in.roofs.size() == from_file.roofs.size());
    for (std::size_t i = 0; i < built_in.roofs.size(); ++i) {
      const Roof& a = built_in.roofs[i];
      const Roof& b = from_file.roofs[i];
      CAPTURE(a.key);
      CHECK(a.key == b.key);
      CHECK(bits(a.theoretical) == bits(b.theoretical));
      CHECK(a.calibration.has_value() == b.calibration.has_value());
      if (a.calibration && b.calibration) CHECK(bits(*a.calibration) == bits(*b.calibration));
      CHECK(a.label == b.label);
      CHECK(a.source == b.source);
    }
  }
}

TEST_CASE("the chapters' numbers come out of the YAML exactly", "[profile-file]") {
  const MachineProfile& h200 = *find_profile("h200");
  CHECK(bits(h200.find_roof("tensor_core.fp16")->theoretical) == bits(989.5e12));
  CHECK(bits(h200.find_roof("tensor_core.fp16")->effective()) == bits(989.5e12 * 0.737));
  CHECK(bits(h200.memory_roof().effective()) == bits(4800e9 * 0.938));
  CHECK(bits(find_profile("h100-spec")->memory_roof().theoretical) == bits(3.0e12));
}

TEST_CASE("profiles without some keys: not every machine has tensor cores", "[profile-file]") {
  CHECK(find_profile("a100-sxm-80gb")->find_roof("tensor_core.fp8") == nullptr);
  CHECK(find_profile("mi300x")->find_roof("tensor_core.fp16") == nullptr);
  CHECK(find_profile("mi300x")->find_roof("matrix_core.fp16") != nullptr);
  CHECK(find_profile("ascend-910b")->compute_roof_keys() == std::vector<std::string>{"cube.fp16"});
}

TEST_CASE("roof values outside what a real machine can have are refused where they are loaded", "[profile-file]") {
  const auto with_roofs = [](const std::string& hbm, const std::string& compute) {
    return "key: k\nname: n\ndescription: d\nroofs:\n  - key: hbm\n    theoretical: " + hbm +
           "\n    label: l\n    source: s\n  - key: x\n    theoretical: " + compute + "\n    label: l\n    source: s\n";
  };
  // The bounds themselves are accepted: 1e6..1e18 bytes/s, 1e6..1e21 FLOP/s.
  CHECK_NOTHROW(parse_profile(with_roofs("1e6", "1e6"), "t.yaml"));
  CHECK_NOTHROW(parse_profile(with_roofs("1e18", "1e21"), "t.yaml"));
  const auto error = [&](const std::string& hbm, const std::string& compute) {
    try {
      parse_profile(with_roofs(hbm, compute), "t.yaml");
    } catch (const ProfileFileError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error("5e-324", "1e14") ==
        "t.yaml:6: roof 'hbm': theoretical: expected a number from 1e6 to 1e18 (bytes/s), got '5e-324'");
  CHECK(error("1.7e308", "1e14") ==
        "t.yaml:6: roof 'hbm': theoretical: expected a number from 1e6 to 1e18 (bytes/s), got '1.7e308'");
  CHECK(error("1e12", "1.0001e21") ==
        "t.yaml:10: roof 'x': theoretical: expected a number from 1e6 to 1e21 (FLOP/s), got '1.0001e21'");
  CHECK(error("1e12", "999999") ==
        "t.yaml:10: roof 'x': theoretical: expected a number from 1e6 to 1e21 (FLOP/s), got '999999'");
  CHECK(error("1.0000001e18", "1e14").starts_with("t.yaml:6: roof 'hbm': theoretical"));
}

TEST_CASE("a file name in a profile error is escaped and cut", "[profile-file]") {
  try {
    parse_profile("", "a\nb\x1b.yaml");
    FAIL("expected an error");
  } catch (const ProfileFileError& e) {
    CHECK(std::string(e.what()) ==
          "a\\x0ab\\x1b.yaml:1: empty profile (expected the fields key, name, description, roofs)");
  }
}
