#include "ledger/limits.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "ledger/cli.hpp"

namespace ledger::cli {

void require_short_list(std::string_view flag, std::string_view text, std::size_t limit) {
  require_few_items(flag, static_cast<std::size_t>(std::count(text.begin(), text.end(), ',')) + 1, limit);
}

void require_few_items(std::string_view flag, std::size_t items, std::size_t limit) {
  if (items > limit) {
    throw UsageError(fmt::format("{}: at most {} comma-separated values, got {}", flag, limit, items));
  }
}

}  // namespace ledger::cli
