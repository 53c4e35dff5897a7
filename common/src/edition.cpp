#include "ledger/edition.hpp"

#include <fmt/format.h>

namespace ledger::edition {

std::string version_text(std::string_view program, const BuildInfo& info) {
  const bool edition_outputs = info.edition > 0 && info.digest == info.edition_digest;
  std::string text;
  if (info.edition == 0) {
    text = fmt::format("{} 尚未发布（还没有第 1 版）\n", program);
  } else if (edition_outputs && !info.book_changed) {
    text = fmt::format("{} 第 {} 版（{}）\n", program, info.edition, info.date);
  } else {  // never the edition alone: the book's outputs are not its
    text = fmt::format("{} 第 {} 版（{}）之后的预览版，含尚未发布的改动\n", program, info.edition, info.date);
  }
  if (info.commit.empty()) {
    text += "提交 未记录：这是开发构建（只有发布版和软件包的构建记下提交）\n";
  } else {
    text += fmt::format("提交 {}\n", info.commit.substr(0, 12));
  }
  if (info.edition == 0) {
    text += fmt::format("输出摘要 {}\n", info.digest);
  } else if (edition_outputs) {
    text += fmt::format("输出摘要 {}，与第 {} 版相同\n", info.digest, info.edition);
  } else if (info.edition_digest.empty()) {  // a chapter added since: the edition printed none of it
    text += fmt::format("输出摘要 {}，第 {} 版未收本章\n", info.digest, info.edition);
  } else {
    // Not the printed outputs: the book's 勘误与变更 page lists what changed since.
    text += fmt::format("输出摘要 {}，与第 {} 版（{}）不同：见书末「勘误与变更」\n", info.digest, info.edition,
                        info.edition_digest);
  }
  return text;
}

}  // namespace ledger::edition
