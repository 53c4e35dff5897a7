// The bad-input battery's in-process judge (run by common/cmake/bad-input-test.sh).
//
// Under ASan+UBSan, starting a process costs tens of milliseconds and a
// battery has a thousand lines, so the lines are judged in one process: the
// chapter's program (ledger::cli::chapter_program, run as its main() runs it:
// ledger/program.hpp) is called once per line with stdin on /dev/null and
// stdout and stderr on files, exactly as the program would run. Each outcome is
// judged as the script judges a process: exit status 2, nothing on stdout, one
// or two lines on stderr containing the expected text. A line the script also
// ran as a real process (its sample) must give the same status, stdout and
// stderr, byte for byte, so the in-process run is shown to be the process run.
//
// Usage: <program>_bad_input_judge PROGRAM SCRATCH_DIR LINES RECORDS
//   PROGRAM      the program's path: argv[0], as the process gets it
//   SCRATCH_DIR  holds the captured stdout and stderr, and `current`, the line
//                being run (for the script's report if this process dies)
//   LINES        how many records the script wrote: any other count fails
//   RECORDS      a file: per line, NUL-terminated fields: the argument count N, where
//                (list:line), the expected stderr text, the sample's file
//                prefix (<prefix>.status/.out/.err) or "", the rerun command,
//                then the N arguments
// Exit status: 0 all passed, 3 a line failed (each is printed), anything else
// (a crash, a sanitizer report, 125 for a loop) stopped the judge mid-line.
#include <fcntl.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "ledger/program.hpp"

namespace {

constexpr int kLineFailedExit = 3;
constexpr int kLoopExit = 125;
constexpr int kCpuSecondsPerLine = 5;  // as `ulimit -t 5` for a process

int saved_stderr = STDERR_FILENO;  // the judge's own stderr while a line runs

void write_fd(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n <= 0) return;
    text.remove_prefix(static_cast<std::size_t>(n));
  }
}

extern "C" void on_cpu_limit(int) {
  write_fd(saved_stderr, "FAIL: still running after 5 s of CPU (a program that loops is stopped)\n");
  ::_exit(kLoopExit);
}

void set_cpu_alarm(int seconds) {
  itimerval limit{};
  limit.it_value.tv_sec = seconds;
  ::setitimer(ITIMER_PROF, &limit, nullptr);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A file the program's stdout or stderr goes to, emptied before each line.
class Capture {
 public:
  explicit Capture(std::string path)
      : path_(std::move(path)), fd_(::open(path_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0600)) {
    if (fd_ < 0) {
      std::perror(path_.c_str());
      std::exit(1);
    }
  }
  int fd() const { return fd_; }
  void clear() const {
    if (::ftruncate(fd_, 0) != 0 || ::lseek(fd_, 0, SEEK_SET) != 0) std::perror(path_.c_str());
  }
  std::string text() const { return read_file(path_); }

 private:
  std::string path_;
  int fd_;
};

struct Line {
  std::string where, expected, sample, rerun;
  std::vector<std::string> args;
};

std::optional<std::string> next_field(std::istream& in) {
  std::string field;
  if (!std::getline(in, field, '\0')) return std::nullopt;
  return field;
}

std::optional<Line> next_line(std::istream& in) {
  const auto count = next_field(in);
  if (!count) return std::nullopt;
  Line line;
  for (std::string* field : {&line.where, &line.expected, &line.sample, &line.rerun}) {
    const auto value = next_field(in);
    if (!value) return std::nullopt;
    *field = *value;
  }
  for (long i = std::strtol(count->c_str(), nullptr, 10); i > 0; --i) {
    const auto value = next_field(in);
    if (!value) return std::nullopt;
    line.args.push_back(*value);
  }
  return line;
}

struct Outcome {
  int status;
  std::string out, err;
};

// Runs the program's main() on `line` with fds 0, 1 and 2 redirected, as a process would run.
Outcome run_in_process(const std::string& program, const Line& line, const Capture& out, const Capture& err,
                       int dev_null) {
  std::vector<std::string> words{program};
  words.insert(words.end(), line.args.begin(), line.args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);

  out.clear();
  err.clear();
  std::fflush(stdout);  // the judge's own reports stay out of the capture
  const int saved[3] = {::dup(STDIN_FILENO), ::dup(STDOUT_FILENO), ::dup(STDERR_FILENO)};
  saved_stderr = saved[2];
  ::dup2(dev_null, STDIN_FILENO);
  ::dup2(out.fd(), STDOUT_FILENO);
  ::dup2(err.fd(), STDERR_FILENO);
  set_cpu_alarm(kCpuSecondsPerLine);
  const int status =
      ledger::cli::run_program(ledger::cli::chapter_program, static_cast<int>(words.size()), argv.data());
  set_cpu_alarm(0);
  std::cout.flush();  // whatever a program left buffered is part of its output, as at a process's exit
  std::clog.flush();
  std::fflush(stdout);
  std::fflush(stderr);
  for (int fd = 0; fd < 3; ++fd) {
    ::dup2(saved[fd], fd);
    ::close(saved[fd]);
  }
  saved_stderr = STDERR_FILENO;
  std::clearerr(stdin);
  return {status, out.text(), err.text()};
}

// The battery's rule for a bad command line (as bad-input-test.sh applies it to a process); "" when it holds.
std::string problem_with(const Outcome& o, const std::string& expected) {
  const auto newlines = std::count(o.err.begin(), o.err.end(), '\n');
  if (o.status != ledger::cli::kUsageExit) return "exit status " + std::to_string(o.status) + ", expected 2";
  if (!o.out.empty()) return "printed " + std::to_string(o.out.size()) + " bytes on stdout, expected none";
  if (o.err.find(expected) == std::string::npos) return "stderr does not name '" + expected + "'";
  if (newlines < 1 || newlines > 2) return std::to_string(newlines) + " lines on stderr, expected 1 or 2";
  return "";
}

// The sample's process run and the in-process run must agree byte for byte.
std::string difference_from_process(const Outcome& o, const std::string& sample) {
  const std::string status = read_file(sample + ".status");
  if (std::to_string(o.status) + "\n" != status) {
    return "exit status " + std::to_string(o.status) + " in-process, " + status.substr(0, status.find('\n')) +
           " as a process";
  }
  if (o.out != read_file(sample + ".out")) return "stdout differs between the process and the in-process run";
  if (o.err != read_file(sample + ".err")) {
    return "stderr differs between the process and the in-process run; as a process: " + read_file(sample + ".err");
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s PROGRAM SCRATCH_DIR LINES RECORDS\n", argv[0]);
    return ledger::cli::kUsageExit;
  }
  const std::string program = argv[1], scratch = argv[2];
  const long announced = std::strtol(argv[3], nullptr, 10);
  const Capture out(scratch + "/stdout"), err(scratch + "/stderr"), current(scratch + "/current");
  std::ifstream records(argv[4], std::ios::binary);  // not stdin: a program reading stdin must not eat it
  const std::string root = std::filesystem::current_path().string();
  const int dev_null = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  std::signal(SIGPROF, on_cpu_limit);

  long judged = 0, failed = 0;
  while (const auto line = next_line(records)) {
    current.clear();  // named for the script's report should the program crash this process
    write_fd(current.fd(), line->where + ": " + line->rerun + "\n");
    const Outcome outcome = run_in_process(program, *line, out, err, dev_null);
    ++judged;
    std::string problem = problem_with(outcome, line->expected);
    if (problem.empty() && !line->sample.empty()) problem = difference_from_process(outcome, line->sample);
    if (!problem.empty()) {
      ++failed;
      const std::string err = outcome.err.substr(0, std::min(outcome.err.find('\n'), std::size_t{300}));
      std::printf("FAIL (in-process): %s: %s\n  stderr: %s\n  rerun: cd %s && %s\n", line->where.c_str(),
                  problem.c_str(), err.c_str(), root.c_str(), line->rerun.c_str());
    }
  }
  if (judged != announced || judged == 0) {
    std::printf("FAIL: judged %ld lines in-process, the script wrote %ld\n", judged, announced);
    return kLineFailedExit;
  }
  std::printf("in-process: %ld lines judged, %ld failed\n", judged, failed);
  return failed == 0 ? 0 : kLineFailedExit;
}
