// libFuzzer glue shared by the chapter programs' fuzz targets: the fuzzer's
// bytes become an argument vector and, optionally, a profile file, and the
// program's CLI function runs on them exactly as main() would.
//
//   <word> NUL <word> NUL ... [NUL NUL NUL <profile file bytes>]
//
// The profile bytes always go through the profile loader, and an argument
// `@profile` becomes the path of a regular file holding them (a memfd, so
// nothing touches the disk): `--profile @profile` drives the loader, its range
// checks and everything the program derives from a reader's machine.
// Refusing bad input with UsageError or OverflowError is the expected
// outcome; any other exception, a crash, a hang or a sanitizer report is a finding.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ledger/checked.hpp"
#include "ledger/cli.hpp"
#include "ledger/profile_file.hpp"
#include "ledger/program.hpp"

namespace ledger::fuzz {

inline constexpr std::string_view kProfileSeparator{"\0\0\0", 3};

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

// A regular file in memory holding `content`, open for as long as it lives.
class MemoryFile {
 public:
  explicit MemoryFile(std::string_view content) : fd_(::memfd_create("fuzz-profile", MFD_CLOEXEC)) {
    if (fd_ < 0) return;
    std::size_t done = 0;
    while (done < content.size()) {
      const ssize_t n = ::write(fd_, content.data() + done, content.size() - done);
      if (n <= 0) break;
      done += static_cast<std::size_t>(n);
    }
  }
  ~MemoryFile() {
    if (fd_ >= 0) ::close(fd_);
  }
  MemoryFile(const MemoryFile&) = delete;
  MemoryFile& operator=(const MemoryFile&) = delete;
  std::string path() const { return "/proc/self/fd/" + std::to_string(fd_); }

 private:
  int fd_;
};

// Runs a chapter's run(argc, argv) on the argument vector in `data`. Only its
// result is looked at: the files --plot would write stay in memory, so the
// fuzzer writes nothing. A finding: a crash, an exception other than a usage
// or overflow error, an accepted command line that prints nothing, or a
// non-zero status (head_roofline's report check: the report's defaults
// always match it).
template <class Run>
int run_argv(const std::uint8_t* data, std::size_t size, const char* program, Run run) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const std::size_t split = bytes.find(kProfileSeparator);
  const std::string_view arguments = bytes.substr(0, split);
  const std::string_view profile =
      split == std::string_view::npos ? std::string_view{} : bytes.substr(split + kProfileSeparator.size());

  try {  // the loader alone on the file's bytes: a ProfileFileError is its only allowed failure
    parse_profile(profile, "fuzz.yaml");
  } catch (const ProfileFileError&) {
  }

  const MemoryFile file(profile);
  std::vector<std::string> words = words_of(reinterpret_cast<const std::uint8_t*>(arguments.data()), arguments.size());
  for (auto& w : words) {
    if (w == "@profile") w = file.path();
  }
  std::vector<const char*> argv{program};
  for (const auto& w : words) argv.push_back(w.c_str());
  try {
    const cli::ProgramOutput out = run(static_cast<int>(argv.size()), argv.data());
    if (out.text.empty() || out.status != 0) __builtin_trap();
  } catch (const cli::UsageError&) {
  } catch (const OverflowError&) {
  }
  return 0;
}

}  // namespace ledger::fuzz
