// --profile reads regular files only: a FIFO, a device or a directory is
// refused at once (a FIFO without a writer used to block open() forever).
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "ledger/profile_file.hpp"
#include "scratch_files.hpp"
#include "source_paths.hpp"

using namespace ledger;
namespace fs = std::filesystem;

namespace {

std::string load_error(const std::string& path) {
  try {
    load_profile_file(path);
  } catch (const ProfileFileError& e) {
    return e.what();
  }
  return "no error";
}

}  // namespace

TEST_CASE("a named pipe is refused without waiting for a writer", "[profile-file]") {
  const fs::path dir = ledger::test::fresh_dir("ledger-profile-kind-test");
  const std::string fifo = (dir / "fifo.yaml").string();
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // No writer ever opens it: a blocking open() would never return.
  CHECK(load_error(fifo) == fifo + ": is a named pipe, not a profile file (accepted: a regular YAML file)");
  fs::remove_all(dir);
}

TEST_CASE("a device and a directory are refused, naming what they are", "[profile-file]") {
  CHECK(load_error("/dev/null") == "/dev/null: is a device, not a profile file (accepted: a regular YAML file)");
  CHECK(load_error("/dev/zero") == "/dev/zero: is a device, not a profile file (accepted: a regular YAML file)");
  CHECK(load_error("/") == "/: is a directory, not a profile file (accepted: a regular YAML file)");
}

TEST_CASE("a symbolic link to a regular profile file is read", "[profile-file]") {
  const fs::path dir = ledger::test::fresh_dir("ledger-profile-kind-test");
  fs::create_symlink(fs::path(ledger_test::test_profiles_dir()) / "reader-gpu.yaml", dir / "link.yaml");
  CHECK(load_profile_file((dir / "link.yaml").string()).profile.key == "reader-gpu");
  fs::remove_all(dir);
}
