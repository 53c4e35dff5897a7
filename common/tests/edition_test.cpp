#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "ledger/edition.hpp"

using ledger::edition::BuildInfo;
using ledger::edition::version_text;

namespace {

// A build and the --version text it gives.
struct VersionCase {
  const char* program;
  BuildInfo build;
  const char* text;
};

const std::vector<VersionCase> kVersionCases{
    // The edition's outputs, built from a clean commit.
    {"op_ledger",
     {2, "2026-12-02", "28-op-ledger", "0123456789abcdef0123", false, "16ba16e0f129", "16ba16e0f129"},
     "op_ledger 第 2 版（2026-12-02）\n"
     "提交 0123456789ab\n"
     "输出摘要 16ba16e0f129，与第 2 版相同\n"},
    // Other outputs, with uncommitted changes: the reader is sent to the errata.
    {"op_ledger",
     {2, "2026-12-02", "28-op-ledger", "0123456789abcdef0123", true, "aaaaaaaaaaaa", "16ba16e0f129"},
     "op_ledger 第 2 版（2026-12-02）\n"
     "提交 0123456789ab，另有未提交的改动\n"
     "输出摘要 aaaaaaaaaaaa，与第 2 版（16ba16e0f129）不同：见书末「勘误与变更」\n"},
    // Before the first edition and outside git: both said.
    {"op_traffic",
     {0, "", "02-op-traffic", "", false, "d71d082c01ab", ""},
     "op_traffic 尚未发布（还没有第 1 版）\n"
     "提交 未知（不是从 git 检出构建的）\n"
     "输出摘要 d71d082c01ab\n"},
};

}  // namespace

TEST_CASE(
    "version text names the edition (or that there is none), the commit and whether the outputs are the edition's",
    "[edition]") {
  const VersionCase c = GENERATE(from_range(kVersionCases));
  CHECK(version_text(c.program, c.build) == c.text);
}

TEST_CASE("a commit stamp gives the commit and whether the tree had changes, the placeholder neither", "[edition]") {
  using ledger::edition::parse_stamp;
  const std::string commit = "0123456789abcdef0123456789abcdef01234567";
  CHECK(parse_stamp(commit + "=").commit == commit);
  CHECK_FALSE(parse_stamp(commit + "=").dirty);
  CHECK(parse_stamp(commit + "+").dirty);
  // What the link writes before the stamp (common/src/build_stamp.cpp): not known, not dirty.
  CHECK(parse_stamp(std::string(41, '?')).commit.empty());
  CHECK_FALSE(parse_stamp(std::string(41, '?')).dirty);
  CHECK(parse_stamp(commit).commit.empty());  // one byte short
}
