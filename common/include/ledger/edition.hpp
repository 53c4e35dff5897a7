// Which edition of the book a program reproduces: its --version (docs/editions.md).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ledger::edition {

// Written at build time into each program (common/tools/edition_info.py), the commit after
// the link (stamped()).
struct BuildInfo {
  int edition;                      // the last released edition (editions/latest.txt); 0 before the first
  std::string_view date;            // its date
  std::string_view chapter;         // "28-op-ledger"
  std::string_view commit;          // the tree's commit when built; empty outside a git checkout
  bool dirty;                       // the tree had uncommitted changes
  std::string_view digest;          // the chapter's published outputs (golden files) in that tree
  std::string_view edition_digest;  // the same as the edition published them
};

// The program's own (defined in its generated edition_<chapter>.cpp), without the commit.
extern const BuildInfo kThisBuild;

// The slot the commit is stamped into after the link (common/src/build_stamp.cpp).
inline constexpr std::size_t kStampMarkerLength = 19;  // "LEDGER-BUILD-STAMP:"
inline constexpr std::size_t kStampLength = 41;        // 40 hex digits, then '+' or '='
extern const volatile char kBuildStampSlot[kStampMarkerLength + kStampLength + 1];

// The commit and dirtiness a stamp says; an unstamped slot ('?') says neither (empty, false).
struct Stamp {
  std::string commit;
  bool dirty;
};
Stamp parse_stamp(std::string_view stamp);

// INFO (kThisBuild) with the commit stamped into this program: what --version prints.
BuildInfo stamped(const BuildInfo& info);

// --version's text, GNU style: `op_ledger 第 1 版（2026-12-02）`, then the commit, then the
// outputs' digest and whether they are the edition's.
std::string version_text(std::string_view program, const BuildInfo& info);

}  // namespace ledger::edition
