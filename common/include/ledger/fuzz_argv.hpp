// libFuzzer glue shared by the chapter programs' fuzz targets: the fuzzer's
// bytes become an argument vector (words separated by NUL bytes), and the
// program's CLI function runs on it exactly as main() would. Refusing bad
// input with UsageError or OverflowError is the expected outcome; any other
// exception, a crash, a hang or a sanitizer report is a finding.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "ledger/checked.hpp"
#include "ledger/cli.hpp"

namespace ledger::fuzz {

// Splits `data` at NUL bytes into at most 32 words, each cut to 256 bytes.
inline std::vector<std::string> words_of(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> words(1);
  for (std::size_t i = 0; i < size && words.size() <= 32; ++i) {
    if (data[i] == 0) {
      words.emplace_back();
    } else if (words.back().size() < 256) {
      words.back().push_back(static_cast<char>(data[i]));
    }
  }
  return words;
}

template <class Run>
int run_argv(const std::uint8_t* data, std::size_t size, const char* program, Run run) {
  const std::vector<std::string> words = words_of(data, size);
  std::vector<const char*> argv{program};
  for (const auto& w : words) argv.push_back(w.c_str());
  try {
    const std::string out = run(static_cast<int>(argv.size()), argv.data());
    if (out.empty()) __builtin_trap();  // every accepted command line prints something
  } catch (const cli::UsageError&) {
  } catch (const OverflowError&) {
  }
  return 0;
}

}  // namespace ledger::fuzz
