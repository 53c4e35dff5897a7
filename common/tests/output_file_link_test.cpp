// --plot through symbolic links, onto devices and onto files the user may not
// write: the target is replaced through the link or the write is refused, the
// old file untouched and no temporary left behind.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "ledger/cli.hpp"
#include "ledger/output_file.hpp"
#include "scratch_files.hpp"

using namespace ledger::cli;
namespace fs = std::filesystem;

namespace {

std::size_t entries(const fs::path& dir) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

std::string write_error(const fs::path& path) {
  try {
    ledger::test::stage_and_commit({"--plot", path.string(), "new"});
  } catch (const UsageError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("a symbolic link is written through: the target changes, the link stays a link", "[cli]") {
  const fs::path dir = ledger::test::fresh_dir("ledger-output-link-test");
  fs::create_directories(dir / "figures");
  { std::ofstream(dir / "figures" / "real.svg") << "old"; }
  fs::create_symlink("figures/real.svg", dir / "link.svg");
  ledger::test::stage_and_commit({"--plot", (dir / "link.svg").string(), "new"});
  CHECK(fs::is_symlink(dir / "link.svg"));
  CHECK(ledger::test::read_bytes(dir / "figures" / "real.svg") == "new");
  CHECK(entries(dir / "figures") == 1);  // no temporary left beside the target
  CHECK(entries(dir) == 2);
  fs::remove_all(dir);
}

TEST_CASE("a link to a device or to nothing is refused", "[cli]") {
  const fs::path dir = ledger::test::fresh_dir("ledger-output-link-test");
  fs::create_symlink("/dev/full", dir / "full.svg");
  CHECK(write_error(dir / "full.svg") ==
        "--plot: cannot write '" + (dir / "full.svg").string() +
            "': not a regular file (a device, a pipe or a socket) (accepted: a new or writable regular file in a "
            "writable folder)");
  fs::create_symlink("missing/x.svg", dir / "dangling.svg");
  CHECK(write_error(dir / "dangling.svg").find("a symbolic link to a file that does not exist") != std::string::npos);
  CHECK(entries(dir) == 2);
  fs::remove_all(dir);
}

TEST_CASE("a file the user may not write is refused and left as it was", "[cli]") {
  if (::geteuid() == 0) {
    WARN("running as root, who may write any file: the permission case cannot be tested here");
    return;
  }
  const fs::path dir = ledger::test::fresh_dir("ledger-output-link-test");
  { std::ofstream(dir / "locked.svg") << "old"; }
  fs::permissions(dir / "locked.svg", fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  CHECK(write_error(dir / "locked.svg").find("Permission denied") != std::string::npos);
  CHECK(ledger::test::read_bytes(dir / "locked.svg") == "old");
  CHECK(entries(dir) == 1);
  fs::remove_all(dir);
}

TEST_CASE("a write that fails midway leaves no temporary file", "[cli]") {
  const fs::path dir = ledger::test::fresh_dir("ledger-output-link-test");
  fs::create_directories(dir / "taken.svg" / "inside");  // a non-empty folder where the file should go
  CHECK(write_error(dir / "taken.svg").find("Is a directory") != std::string::npos);
  CHECK(entries(dir) == 1);
  fs::remove_all(dir);
}
