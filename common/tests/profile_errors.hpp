// What parse_profile says of a profile's text, for the profile tests: its
// error message, or "(parsed without error)".
#pragma once

#include <string>

#include "ledger/profile_file.hpp"

inline std::string parse_error(const std::string& yaml) {
  try {
    ledger::parse_profile(yaml, "t.yaml");
  } catch (const ledger::ProfileFileError& e) {
    return e.what();
  }
  return "(parsed without error)";
}
