#include "ledger/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>

#include <fmt/format.h>

#include "ledger/cli.hpp"
#include "ledger/text.hpp"

namespace ledger::cli {
namespace {

UsageError write_error(const OutputFile& file, std::string_view why) {
  return UsageError(
      fmt::format("{}: cannot write {}: {} (accepted: a new or writable regular file in a writable folder)", file.flag,
                  quoted_value(file.path), why));
}

UsageError write_error(const OutputFile& file, int error) { return write_error(file, std::strerror(error)); }

// Writes all of `content` to `fd`; returns 0 or the errno of the failure.
int write_fully(int fd, std::string_view content) {
  while (!content.empty()) {
    const ssize_t n = ::write(fd, content.data(), content.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    content.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

// The file a write to `path` must replace: `path` itself, or the file a
// symbolic link at `path` points to (the link stays a link). An existing
// target must be a regular file the user may write; the check uses the
// effective ids (AT_EACCESS), so root, who may write anything, is not refused.
std::string replaceable_target(const OutputFile& file) {
  struct stat link_info {};
  std::string target = file.path;
  if (::lstat(file.path.c_str(), &link_info) != 0) {
    if (errno == ENOENT) return target;  // a new file
    throw write_error(file, errno);
  }
  if (S_ISLNK(link_info.st_mode)) {
    const std::unique_ptr<char, void (*)(void*)> resolved(::realpath(file.path.c_str(), nullptr), &std::free);
    if (!resolved) {
      if (errno == ENOENT) throw write_error(file, "a symbolic link to a file that does not exist");
      throw write_error(file, errno);
    }
    target = resolved.get();
  }
  struct stat info {};
  if (::stat(target.c_str(), &info) != 0) throw write_error(file, errno);
  if (S_ISDIR(info.st_mode)) throw write_error(file, std::strerror(EISDIR));
  if (!S_ISREG(info.st_mode)) throw write_error(file, "not a regular file (a device, a pipe or a socket)");
  if (::faccessat(AT_FDCWD, target.c_str(), W_OK, AT_EACCESS) != 0) throw write_error(file, errno);
  return target;
}

}  // namespace

std::string parse_output_path(std::string_view flag, std::string_view path, std::string_view extension) {
  const std::string lower = ascii_lower(path);
  // A name, not just the extension: "x.svg" and "dir/x.svg", never ".svg" or "dir/.svg".
  const bool named = lower.size() > extension.size() && lower.ends_with(extension) &&
                     lower[lower.size() - extension.size() - 1] != '/';
  if (!named) {
    throw UsageError(fmt::format("{}: expected a file name ending in {}, got {}", flag, extension, quoted_value(path)));
  }
  if (path.find('\0') != std::string_view::npos) {
    throw UsageError(fmt::format("{}: a file name cannot hold a NUL byte", flag));
  }
  return std::string(path);
}

void write_atomically(const OutputFile& file) {
  const std::string target = replaceable_target(file);
  // Beside the target, so the rename stays within one file system and is atomic.
  const std::string temporary = fmt::format("{}.tmp-{}", target, ::getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
  if (fd < 0) throw write_error(file, errno);
  int error = write_fully(fd, file.content);
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && ::rename(temporary.c_str(), target.c_str()) != 0) error = errno;
  if (error != 0) {
    ::unlink(temporary.c_str());
    throw write_error(file, error);
  }
}

int run_program(std::string_view program, const std::function<ProgramOutput()>& body) {
  std::string diagnostics;
  int status = 0;
  const int failed = run_program(program, [&] {
    ProgramOutput out = body();
    for (const OutputFile& f : out.files) write_atomically(f);  // in order, stopping at the first failure
    diagnostics = std::move(out.diagnostics);
    status = out.status;
    return std::move(out.text);
  });
  if (failed != 0) return failed;
  if (!diagnostics.empty()) std::fwrite(diagnostics.data(), 1, diagnostics.size(), stderr);
  return status;
}

}  // namespace ledger::cli
