#include "ledger/edition.hpp"

#include <fmt/format.h>

namespace ledger::edition {

Stamp parse_stamp(std::string_view stamp) {
  const std::string_view commit = stamp.substr(0, kStampLength - 1);
  if (stamp.size() != kStampLength || commit.find_first_not_of("0123456789abcdef") != std::string_view::npos) {
    return {"", false};
  }
  return {std::string(commit), stamp.back() == '+'};
}

BuildInfo stamped(const BuildInfo& info) {
  static const Stamp stamp = [] {
    std::string slot;  // read byte by byte: volatile, written after the link
    for (std::size_t i = kStampMarkerLength; i < kStampMarkerLength + kStampLength; ++i) {
      slot += kBuildStampSlot[i];
    }
    return parse_stamp(slot);
  }();
  BuildInfo out = info;
  out.commit = stamp.commit;
  out.dirty = stamp.dirty;
  return out;
}

std::string version_text(std::string_view program, const BuildInfo& info) {
  std::string text = info.edition == 0 ? fmt::format("{} 尚未发布（还没有第 1 版）\n", program)
                                       : fmt::format("{} 第 {} 版（{}）\n", program, info.edition, info.date);
  if (info.commit.empty()) {
    text += "提交 未知（不是从 git 检出构建的）\n";
  } else {
    text += fmt::format("提交 {}{}\n", info.commit.substr(0, 12), info.dirty ? "，另有未提交的改动" : "");
  }
  if (info.edition == 0) {
    text += fmt::format("输出摘要 {}\n", info.digest);
  } else if (info.digest == info.edition_digest) {
    text += fmt::format("输出摘要 {}，与第 {} 版相同\n", info.digest, info.edition);
  } else {
    // Not the printed outputs: the book's 勘误与变更 page lists what changed since.
    text += fmt::format("输出摘要 {}，与第 {} 版（{}）不同：见书末「勘误与变更」\n", info.digest, info.edition,
                        info.edition_digest);
  }
  return text;
}

}  // namespace ledger::edition
