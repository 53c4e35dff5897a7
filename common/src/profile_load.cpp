// Reading a profile file from disk: only a regular file, never waited on, at most kMaxProfileBytes.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "fd_io.hpp"
#include "ledger/limits.hpp"
#include "ledger/profile_file.hpp"
#include "profile_text.hpp"

namespace ledger {

ProfileFile load_profile_file(const std::string& path) {
  if (path.empty()) throw ProfileFileError("expected the name of a YAML profile file, got ''");
  const std::string shown = shown_path(path);
  // O_NONBLOCK: opening a FIFO for reading must not wait for a writer. Only a
  // regular file is read; fstat on the opened descriptor, so what is checked is what is read.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) throw ProfileFileError(fmt::format("{}: cannot open: {}", shown, std::strerror(errno)));
  const std::unique_ptr<int, void (*)(int*)> closer(new int(fd), [](int* f) {
    ::close(*f);
    delete f;
  });
  struct stat info {};
  if (::fstat(fd, &info) != 0) throw ProfileFileError(fmt::format("{}: cannot read: {}", shown, std::strerror(errno)));
  if (!S_ISREG(info.st_mode)) {
    const char* kind = S_ISDIR(info.st_mode)                            ? "a directory"
                       : S_ISFIFO(info.st_mode)                         ? "a named pipe"
                       : S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode) ? "a device"
                       : S_ISSOCK(info.st_mode)                         ? "a socket"
                                                                        : "not a regular file";
    throw ProfileFileError(fmt::format("{}: is {}, not a profile file (accepted: a regular YAML file)", shown, kind));
  }
  std::string text;
  char buffer[4096];
  while (true) {
    const ssize_t n = read_some(fd, buffer, sizeof buffer);
    if (n < 0) {
      throw ProfileFileError(fmt::format("{}: cannot read: {}", shown, std::strerror(errno)));
    }
    if (n == 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
    if (text.size() > kMaxProfileBytes) {
      throw ProfileFileError(fmt::format("{}: larger than {} bytes: not a profile", shown, kMaxProfileBytes));
    }
  }
  ProfileFile file = parse_profile(text, path);
  file.read = FileRead{info.st_dev, info.st_ino, path};
  return file;
}

ProfileFileError roofs_error(const std::string& path, int roofs_line, std::string_view what) {
  return ProfileFileError(fmt::format("{}:{}: roofs: {}", shown_path(path), roofs_line, what));
}

}  // namespace ledger
