// A file a program read, by identity: an output that is the same file (through
// any name or link) is refused rather than replacing it (ledger/output_file.hpp).
#pragma once

#include <sys/types.h>

#include <string>

namespace ledger {

struct FileRead {
  dev_t device = 0;
  ino_t inode = 0;
  std::string path;  // as given
};

}  // namespace ledger
