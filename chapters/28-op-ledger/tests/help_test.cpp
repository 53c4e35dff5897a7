// op_ledger --help lists the machines from the built-in profiles, not from a copy.
#include <catch2/catch.hpp>

#include "app.hpp"
#include "case_flags.hpp"
#include "help.hpp"

TEST_CASE("--help names the default machine and every built-in profile", "[help]") {
  const std::string help = op_ledger::help_text();
  // common/CMakeLists.txt lists h200 first: it is the default.
  CHECK(help.find("（默认 h200）") != std::string::npos);
  // Names as common/profiles/*.yaml give them; h200 is the only calibrated one.
  CHECK(help.find("h200           NVIDIA H200，已标定") != std::string::npos);
  CHECK(help.find("mi300x         AMD Instinct MI300X，未标定") != std::string::npos);
  CHECK(help.find("ascend-910b    Huawei Ascend 910B") != std::string::npos);
  CHECK(help.find("@") == std::string::npos);  // no placeholder left
}

TEST_CASE("every case's shape flags are in the flag table", "[help]") {
  // case_flags.cpp names them by string; a name the table lacks would be an internal error.
  for (const auto& c : op_ledger::case_flags()) {
    for (const auto& flag : c.flags) {
      CAPTURE(c.key, flag);
      CHECK(op_ledger::flag_table().find(flag) != nullptr);
    }
  }
}
