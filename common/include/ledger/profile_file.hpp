// Machine profiles as YAML files, the built-in ones and the reader's own (--profile FILE), in
// the format of common/profiles/README.md. Every problem is one line naming the file, the line
// and the field. The file is UTF-8 text; texts hold no control or bidirectional-override
// characters; numbers are unquoted YAML floats; ledger/limits.hpp caps roofs and keys.
#pragma once

#include <sys/types.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "ledger/file_identity.hpp"
#include "ledger/profile.hpp"

namespace ledger {

// "<file>:<line>: <what is wrong>", one line.
struct ProfileFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct ProfileFile {
  std::string path;  // as given, for messages
  MachineProfile profile;
  int roofs_line = 0;            // 1-based line of `roofs:`, for errors a program raises about the roofs
  std::optional<FileRead> read;  // the file on disk, set by load_profile_file: no output may replace it
};

// Parses the YAML text of a profile; `path` names it in errors. Throws ProfileFileError.
ProfileFile parse_profile(std::string_view yaml, const std::string& path);

// Reads and parses the file at `path`, which must be a regular file (a FIFO,
// a device or a directory is refused at once, never waited on). Throws ProfileFileError.
ProfileFile load_profile_file(const std::string& path);

// The error a program raises about a valid profile that lacks what it needs:
// "<path>:<roofs line>: roofs: <what>".
ProfileFileError roofs_error(const std::string& path, int roofs_line, std::string_view what);

}  // namespace ledger
