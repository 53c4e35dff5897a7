// Every limit on what a program accepts, so every accepted command line ends
// in a fraction of a second, its table stays readable and its figure can still
// be laid out: `--heads 1,2,...,3000 --topk 1,...,3000` would be 9 M rows and a
// gigabyte. Past a limit a program exits 2 naming it; each program's --help
// states its limits. docs/readers.md's table of limits is generated from this
// file (scripts/update-docs): each constant's comment is its line there.
#pragma once

#include <cstddef>
#include <string_view>

namespace ledger::cli {

// Words on one command line (after the program's name), refused before parsing:
// far above any real command line (every flag's last occurrence wins), and it
// keeps Boost 1.74's parser, quadratic in argv's length, instant.
inline constexpr int kMaxWords = 256;
// Values in one comma-separated list flag (--heads, --op).
inline constexpr std::size_t kMaxListItems = 256;
// Values in a list flag each of whose values is a series of its own in the
// figure (two curves and a legend row: head_roofline's --topk).
inline constexpr std::size_t kMaxSeries = 64;

// Refuses `text`, the value of list flag `flag`, when it has more than `limit`
// comma-separated items: "<flag>: at most <limit> comma-separated values, got
// N". Counts commas only, so it runs before the items are parsed.
void require_short_list(std::string_view flag, std::string_view text, std::size_t limit = kMaxListItems);
// The same refusal for a list already read (`items` values).
void require_few_items(std::string_view flag, std::size_t items, std::size_t limit);

}  // namespace ledger::cli

namespace ledger {

// Bytes of a profile file (`--profile`): a reader's file is a few hundred bytes;
// the cap keeps `--profile /dev/zero` from reading forever.
inline constexpr std::size_t kMaxProfileBytes = 1 << 20;
// Roofs in one profile: a machine has a handful; the cap keeps the lists built
// from them (figures, messages) small.
inline constexpr std::size_t kMaxRoofs = 32;
// Characters of a profile's key, roof key or other name.
inline constexpr std::size_t kMaxKeyLength = 64;
// Items a one-line message lists (a profile's roofs) before "… (N in all)".
inline constexpr std::size_t kMaxItemsInMessage = 12;

}  // namespace ledger
