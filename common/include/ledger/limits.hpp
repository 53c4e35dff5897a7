// The most a program accepts in one list flag, so every accepted command line
// ends in a fraction of a second, its table stays readable and its figure can
// still be laid out: `--heads 1,2,...,3000 --topk 1,...,3000` would be 9 M
// rows and a gigabyte. Checked after parsing, before anything is computed;
// each program's --help states the limit.
#pragma once

#include <cstddef>
#include <string_view>

namespace ledger::cli {

// Values in one comma-separated list flag (--heads, --op).
inline constexpr std::size_t kMaxListItems = 256;
// Values in a list flag each of whose values is a series of its own in the
// figure (two curves and a legend row: head_roofline's --topk).
inline constexpr std::size_t kMaxSeries = 64;

// Refuses `text`, the value of list flag `flag`, when it has more than `limit`
// comma-separated items: "<flag>: at most <limit> comma-separated values, got
// N". Counts commas only, so it runs before the items are parsed.
void require_short_list(std::string_view flag, std::string_view text, std::size_t limit = kMaxListItems);

}  // namespace ledger::cli
