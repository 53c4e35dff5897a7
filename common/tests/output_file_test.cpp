#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "ledger/cli.hpp"
#include "ledger/output_file.hpp"
#include "scratch_files.hpp"

using namespace ledger::cli;
namespace fs = std::filesystem;

TEST_CASE("An output path must name a file with the extension", "[cli]") {
  CHECK(parse_output_path("--plot", "a.svg", ".svg") == "a.svg");
  CHECK(parse_output_path("--plot", "dir/Fig.SVG", ".svg") == "dir/Fig.SVG");
  CHECK_THROWS_AS(parse_output_path("--plot", "", ".svg"), UsageError);
  CHECK_THROWS_AS(parse_output_path("--plot", "a.png", ".svg"), UsageError);
  CHECK_THROWS_AS(parse_output_path("--plot", ".svg", ".svg"), UsageError);
  CHECK_THROWS_AS(parse_output_path("--plot", "dir/.svg", ".svg"), UsageError);
  CHECK_THROWS_AS(parse_output_path("--plot", "a.svg/", ".svg"), UsageError);
}

TEST_CASE("A file is written whole and replaces the old one, leaving no temporary", "[cli]") {
  const fs::path dir = ledger::test::fresh_dir("ledger-output-file-test");
  const fs::path target = dir / "fig.svg";
  ledger::test::stage_and_commit({"--plot", target.string(), "old"});
  ledger::test::stage_and_commit({"--plot", target.string(), "new content"});
  CHECK(ledger::test::read_bytes(target) == "new content");
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
  fs::remove_all(dir);
}

TEST_CASE("An unwritable path is a usage error naming the flag and the path, and leaves nothing", "[cli]") {
  const fs::path dir = ledger::test::fresh_dir("ledger-output-file-test");
  try {
    ledger::test::stage_and_commit({"--plot", (dir / "missing" / "fig.svg").string(), "x"});
    FAIL("expected a UsageError");
  } catch (const UsageError& e) {
    const std::string what = e.what();
    CHECK(what.starts_with("--plot: cannot write '"));
    CHECK(what.find("No such file or directory") != std::string::npos);
  }
  fs::create_directories(dir / "taken.svg");  // a folder where the file should go
  CHECK_THROWS_AS(ledger::test::stage_and_commit({"--plot", (dir / "taken.svg").string(), "x"}), UsageError);
  CHECK(std::distance(fs::directory_iterator(dir), fs::directory_iterator()) == 1);
  fs::remove_all(dir);
}

TEST_CASE("An output that is one of the run's inputs is refused and kept, only when it is given", "[cli]") {
  const fs::path dir = ledger::test::fresh_dir("ledger-output-file-test");
  const fs::path profile = dir / "p.svg";  // a profile the run read, named like an output
  ledger::test::stage_and_commit({"--plot", profile.string(), "roofs"});
  struct stat info {};
  REQUIRE(::stat(profile.c_str(), &info) == 0);
  const std::vector<ledger::FileRead> inputs{{info.st_dev, info.st_ino, "p.yaml"}};
  CHECK_THROWS_WITH(ledger::test::stage_and_commit({"--plot", profile.string(), "x"}, inputs),
                    Catch::Contains("is the file --profile 'p.yaml' reads; an output never replaces an input"));
  CHECK(ledger::test::read_bytes(profile) == "roofs");
  ledger::test::stage_and_commit({"--plot", profile.string(), "x"});  // no inputs given: nothing to protect
  CHECK(ledger::test::read_bytes(profile) == "x");
  fs::remove_all(dir);
}
