// A plain driver for a libFuzzer entry point: runs LLVMFuzzerTestOneInput once
// on every file it is given (or every file in a folder it is given), without
// libFuzzer, so any compiler and the sanitize preset can replay the seeds.
//
// Usage: <chapter>_seed_replay [--timeout SECONDS] FILE_OR_FOLDER...
// A crash, a sanitizer report, an escaping exception or an input that runs
// longer than the timeout (default 10 s) names the seed on stderr and fails.
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

// The seed being run, for the signal handler (async-signal-safe access only).
char current_seed[4096] = "";

void write_stderr(const char* text) {
  if (::write(STDERR_FILENO, text, std::strlen(text)) < 0) {
  }
}

extern "C" void on_fatal_signal(int sig) {
  write_stderr("seed-replay: FAILED on seed ");
  write_stderr(current_seed);
  write_stderr(sig == SIGALRM ? " (ran past the timeout: a hang)\n" : " (crashed: see the report above)\n");
  std::signal(sig, SIG_DFL);
  std::raise(sig == SIGALRM ? SIGABRT : sig);
}

std::vector<std::filesystem::path> seeds_in(const std::vector<std::string>& args) {
  std::vector<std::filesystem::path> seeds;
  for (const std::string& arg : args) {
    if (std::filesystem::is_directory(arg)) {
      for (const auto& entry : std::filesystem::directory_iterator(arg)) {
        if (entry.is_regular_file()) seeds.push_back(entry.path());
      }
    } else {
      seeds.emplace_back(arg);
    }
  }
  std::sort(seeds.begin(), seeds.end());  // the same order on every run
  return seeds;
}

}  // namespace

int main(int argc, char** argv) {
  unsigned timeout = 10;
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() >= 2 && args[0] == "--timeout") {
    timeout = static_cast<unsigned>(std::strtoul(args[1].c_str(), nullptr, 10));
    args.erase(args.begin(), args.begin() + 2);
  }
  if (args.empty()) {
    std::fprintf(stderr, "usage: %s [--timeout SECONDS] FILE_OR_FOLDER...\n", argv[0]);
    return 2;
  }
  // Signals a sanitizer already handles stay with it: its report comes first, then its abort() lands here.
  for (const int sig : {SIGABRT, SIGILL, SIGSEGV, SIGBUS, SIGFPE, SIGTRAP, SIGALRM}) {
    struct sigaction current {};
    if (::sigaction(sig, nullptr, &current) == 0 && current.sa_handler == SIG_DFL) std::signal(sig, on_fatal_signal);
  }

  const std::vector<std::filesystem::path> seeds = seeds_in(args);
  for (const auto& seed : seeds) {
    std::ifstream in(seed, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "seed-replay: cannot read %s\n", seed.c_str());
      return 1;
    }
    const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::snprintf(current_seed, sizeof current_seed, "%s", seed.c_str());
    ::alarm(timeout);
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    ::alarm(0);
  }
  if (seeds.empty()) {
    std::fprintf(stderr, "seed-replay: no seeds in the given folders\n");
    return 1;
  }
  std::printf("seed-replay: %zu seeds replayed, no finding\n", seeds.size());
  return 0;
}
