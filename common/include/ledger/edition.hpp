// Which edition of the book a program reproduces: its --version (docs/editions.md).
#pragma once

#include <string>
#include <string_view>

namespace ledger::edition {

// Written at build time into each program (common/tools/edition_info.py).
struct BuildInfo {
  int edition;                      // the last released edition (editions/latest.txt); 0 before the first
  std::string_view date;            // its date
  std::string_view chapter;         // "28-op-ledger"
  std::string_view commit;          // the commit a release or package build names (BOOK_BUILD_COMMIT); empty
                                    // in a development build
  std::string_view digest;          // the chapter's published outputs (golden files) in that tree
  std::string_view edition_digest;  // the same as the edition published them; empty when it had no such chapter
  bool book_changed;                // some chapter's outputs differ from the edition's: every program is a preview
};

// The program's own (defined in its generated edition_<chapter>.cpp).
extern const BuildInfo kThisBuild;

// --version's text, GNU style, three lines: `op_ledger 第 1 版（2026-12-02）` (a preview after that
// edition when the book's outputs differ from it, in this chapter or another), then the commit (or
// that this is a development build), then this chapter's outputs' digest and whether they are the
// edition's (or that the edition did not have the chapter).
std::string version_text(std::string_view program, const BuildInfo& info);

}  // namespace ledger::edition
