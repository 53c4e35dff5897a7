#include "ledger/output_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include <fmt/format.h>

#include "ledger/cli.hpp"
#include "ledger/text.hpp"

namespace ledger::cli {
namespace {

UsageError write_error(const OutputFile& file, int error) {
  return UsageError(fmt::format("{}: cannot write '{}': {} (accepted: a file path in a writable folder)", file.flag,
                                file.path, std::strerror(error)));
}

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

}  // namespace

std::string parse_output_path(std::string_view flag, std::string_view path, std::string_view extension) {
  const std::string lower = ascii_lower(path);
  // A name, not just the extension: "x.svg" and "dir/x.svg", never ".svg" or "dir/.svg".
  const bool named = lower.size() > extension.size() && lower.ends_with(extension) &&
                     lower[lower.size() - extension.size() - 1] != '/';
  if (!named) {
    throw UsageError(fmt::format("{}: expected a file name ending in {}, got '{}'", flag, extension, path));
  }
  if (path.find('\0') != std::string_view::npos) {
    throw UsageError(fmt::format("{}: a file name cannot hold a NUL byte", flag));
  }
  return std::string(path);
}

void write_atomically(const OutputFile& file) {
  // Beside the target, so the rename stays within one file system and is atomic.
  const std::string temporary = fmt::format("{}.tmp-{}", file.path, ::getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) throw write_error(file, errno);
  int error = write_fully(fd, file.content);
  if (::close(fd) != 0 && error == 0) error = errno;
  if (error == 0 && ::rename(temporary.c_str(), file.path.c_str()) != 0) error = errno;
  if (error != 0) {
    ::unlink(temporary.c_str());
    throw write_error(file, error);
  }
}

void write_all(std::span<const OutputFile> files) {
  for (const OutputFile& f : files) write_atomically(f);
}

std::string write_files(ProgramOutput output) {
  write_all(output.files);
  return std::move(output.text);
}

}  // namespace ledger::cli
