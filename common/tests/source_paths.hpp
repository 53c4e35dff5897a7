#pragma once
// The tree's profile folders, for the tests that read its YAML files. The root comes
// from the environment (ctest sets LEDGER_SOURCE_DIR, common/cmake/UnitTests.cmake)
// rather than an absolute path compiled in: the test sources then compile to the
// same bytes in every clone, and ccache shares them (CMakeLists.txt).

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace ledger_test {

inline std::string source_root() {
  const char* root = std::getenv("LEDGER_SOURCE_DIR");
  if (root == nullptr || *root == '\0') {
    throw std::runtime_error(
        "LEDGER_SOURCE_DIR is not set: run the tests through ctest, "
        "or set it to the repository's root");
  }
  return root;
}

// common/profiles: the built-in machines' YAML files.
inline std::string builtin_profiles_dir() { return source_root() + "/common/profiles"; }

// common/tests/profiles: the test profiles, good and broken.
inline std::string test_profiles_dir() { return source_root() + "/common/tests/profiles"; }

}  // namespace ledger_test
