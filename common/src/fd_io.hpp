// Reads and writes of a file descriptor that a signal does not cut short
// (EINTR is retried), the one loop of each for the profile reader, the output
// files and standard output.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <string_view>

namespace ledger {

// Writes all of `bytes` to `fd`, retrying short writes; 0, or the errno of the
// failure. `wait_when_full`: a non-blocking `fd` that is full (EAGAIN) is waited
// on (poll) instead of failing.
int write_all(int fd, std::string_view bytes, bool wait_when_full = false);

// read(2), retried when a signal interrupts it.
ssize_t read_some(int fd, char* buffer, std::size_t size);

}  // namespace ledger
