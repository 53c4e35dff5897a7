#include "ledger/limits.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "ledger/cli.hpp"

namespace ledger::cli {

void require_short_list(std::string_view flag, std::string_view text, std::size_t limit) {
  const std::size_t items = static_cast<std::size_t>(std::count(text.begin(), text.end(), ',')) + 1;
  if (items > limit) {
    throw UsageError(fmt::format("{}: at most {} comma-separated values, got {}", flag, limit, items));
  }
}

}  // namespace ledger::cli
