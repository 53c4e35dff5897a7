// Temporary files that a fatal signal must not leave behind. While a path is
// registered, SIGTERM, SIGINT, SIGHUP and SIGPIPE (each unless the program was
// started with it ignored) remove it, and the program then dies of the signal
// as it would have. The handler only unlinks: async-signal-safe.
#pragma once

#include <string>

namespace ledger::cli {

// Registers `path` (before the file is created, so no instant is unguarded);
// returns its slot, or -1 when the (small, fixed) table is full.
int guard_temporary(const std::string& path);

// Forgets the slot's path (after the file was renamed or removed).
void release_temporary(int slot);

}  // namespace ledger::cli
