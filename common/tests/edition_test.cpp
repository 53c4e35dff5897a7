#include <catch2/catch.hpp>

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
    // A release or package build (configured with BOOK_BUILD_COMMIT) of the edition's outputs.
    {"op_ledger",
     {2, "2026-12-02", "28-op-ledger", "0123456789abcdef0123456789abcdef01234567", "16ba16e0f129", "16ba16e0f129",
      false},
     "op_ledger 第 2 版（2026-12-02）\n"
     "提交 0123456789ab\n"
     "输出摘要 16ba16e0f129，与第 2 版相同\n"},
    // An author's ordinary build of the edition's outputs: no commit, and it says why.
    {"op_ledger",
     {2, "2026-12-02", "28-op-ledger", "", "16ba16e0f129", "16ba16e0f129", false},
     "op_ledger 第 2 版（2026-12-02）\n"
     "提交 未记录：这是开发构建（只有发布版和软件包的构建记下提交）\n"
     "输出摘要 16ba16e0f129，与第 2 版相同\n"},
    // Other outputs than the edition's: a preview after it, never the edition alone; the reader
    // is sent to the errata.
    {"head_roofline",
     {1, "2026-12-02", "36-head-roofline", "", "c893b8c7e9da", "bad2f73fac3d", true},
     "head_roofline 第 1 版（2026-12-02）之后的预览版，含尚未发布的改动\n"
     "提交 未记录：这是开发构建（只有发布版和软件包的构建记下提交）\n"
     "输出摘要 c893b8c7e9da，与第 1 版（bad2f73fac3d）不同：见书末「勘误与变更」\n"},
    // The same, packaged from a commit between editions.
    {"head_roofline",
     {1, "2026-12-02", "36-head-roofline", "fedcba9876543210fedcba9876543210fedcba98", "c893b8c7e9da", "bad2f73fac3d",
      true},
     "head_roofline 第 1 版（2026-12-02）之后的预览版，含尚未发布的改动\n"
     "提交 fedcba987654\n"
     "输出摘要 c893b8c7e9da，与第 1 版（bad2f73fac3d）不同：见书末「勘误与变更」\n"},
    // Packaged in a SHA-256 repository: the commit is 64 hex digits, named by its first 12 alike.
    {"op_ledger",
     {2, "2026-12-02", "28-op-ledger", "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90",
      "16ba16e0f129", "16ba16e0f129", false},
     "op_ledger 第 2 版（2026-12-02）\n"
     "提交 a1b2c3d4e5f6\n"
     "输出摘要 16ba16e0f129，与第 2 版相同\n"},
    // This chapter's outputs are the edition's, another chapter's are not: the build is a preview
    // all the same, and line 3 says this chapter is as the edition printed it.
    {"op_ledger",
     {1, "2026-12-02", "28-op-ledger", "", "e0bb4a3fda6d", "e0bb4a3fda6d", true},
     "op_ledger 第 1 版（2026-12-02）之后的预览版，含尚未发布的改动\n"
     "提交 未记录：这是开发构建（只有发布版和软件包的构建记下提交）\n"
     "输出摘要 e0bb4a3fda6d，与第 1 版相同\n"},
    // A chapter added after the edition: no empty parentheses, the edition did not have it.
    {"kv_cache",
     {1, "2026-12-02", "05-kv-cache", "", "5a1e2b3c4d5e", "", true},
     "kv_cache 第 1 版（2026-12-02）之后的预览版，含尚未发布的改动\n"
     "提交 未记录：这是开发构建（只有发布版和软件包的构建记下提交）\n"
     "输出摘要 5a1e2b3c4d5e，第 1 版未收本章\n"},
    // Before the first edition.
    {"op_traffic",
     {0, "", "02-op-traffic", "", "d71d082c01ab", "", false},
     "op_traffic 尚未发布（还没有第 1 版）\n"
     "提交 未记录：这是开发构建（只有发布版和软件包的构建记下提交）\n"
     "输出摘要 d71d082c01ab\n"},
};

}  // namespace

TEST_CASE(
    "version text names the edition (a preview after it when the outputs differ), the commit of a release build "
    "(a development build says so) and whether the outputs are the edition's",
    "[edition]") {
  const VersionCase c = GENERATE(from_range(kVersionCases));
  CHECK(version_text(c.program, c.build) == c.text);
}
