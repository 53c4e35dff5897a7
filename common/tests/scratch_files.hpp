// Files for the tests that write or read real ones: a fresh folder per call
// (ctest runs tests in parallel, and other build folders may run them at the
// same time, so a fixed name would be shared), a whole file read as bytes, and
// one output file written.
#pragma once

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "ledger/output_file.hpp"

namespace ledger::test {

inline std::filesystem::path fresh_dir(const std::string& name) {
  std::string pattern = (std::filesystem::temp_directory_path() / (name + "-XXXXXX")).string();
  if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed for " + pattern);
  return pattern;
}

inline std::string read_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// One file written as run_program writes its outputs: staged, then committed.
inline void stage_and_commit(const ledger::cli::OutputFile& file, const std::vector<ledger::FileRead>& inputs = {}) {
  ledger::cli::StagedFiles files;
  files.stage(file, inputs);
  files.commit();
}

}  // namespace ledger::test
