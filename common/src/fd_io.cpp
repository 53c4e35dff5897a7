#include "fd_io.hpp"

#include <poll.h>
#include <unistd.h>

#include <cerrno>

namespace ledger {

int write_all(int fd, std::string_view bytes, bool wait_when_full) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      if (wait_when_full && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        pollfd out{fd, POLLOUT, 0};
        if (::poll(&out, 1, -1) >= 0 || errno == EINTR) continue;
      }
      return errno;
    }
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return 0;
}

ssize_t read_some(int fd, char* buffer, std::size_t size) {
  while (true) {
    const ssize_t n = ::read(fd, buffer, size);
    if (n >= 0 || errno != EINTR) return n;
  }
}

}  // namespace ledger
