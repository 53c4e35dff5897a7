// Text helpers that reproduce Python's str formatting.
//
// Python pads `f"{s:<50}"` by code points, not by display width, and the
// published tables were padded that way; fmt pads CJK text by display width
// (two columns per character), so strings are padded here instead.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "ledger/limits.hpp"

namespace ledger {

// Number of Unicode code points in a UTF-8 string (counts every byte that is
// not a continuation byte, as Python's len() does on the decoded text).
std::size_t code_points(std::string_view utf8);

// Python's f"{s:<width}": s followed by spaces up to `width` code points.
std::string pad_right(std::string_view s, std::size_t width);

// Python's f"{s:>width}": spaces up to `width` code points, then s.
std::string pad_left(std::string_view s, std::size_t width);

// Python's "=" * n.
std::string repeat(std::string_view piece, std::size_t n);

// The pieces of `text` between `separator`s, empty pieces kept ("a,,b" -> a, "", b;
// "" -> one empty piece), as Python's str.split(",").
std::vector<std::string_view> split(std::string_view text, char separator);

// The items with `separator` between them: "a, b, c".
std::string join(const std::vector<std::string>& items, std::string_view separator = ", ");
// As join(), but only the first `shown` items, then "… (N in all)": for lists a
// reader's file can make long (a profile's roofs) inside a one-line message.
std::string join_capped(const std::vector<std::string>& items, std::size_t shown = kMaxItemsInMessage,
                        std::string_view separator = ", ");

// `text` with every `from` replaced by `to` (for filling in a help text's placeholders).
std::string replace_all(std::string_view text, std::string_view from, std::string_view to);

// ASCII-only lower-casing; other bytes (CJK text) pass through unchanged.
std::string ascii_lower(std::string_view s);

// Length of the well-formed UTF-8 sequence at text[i] and its code point in `cp`;
// 0 when the byte starts none (overlong forms, surrogates and values past U+10FFFF included).
std::size_t utf8_sequence(std::string_view text, std::size_t i, char32_t& cp);

// Where to cut `text` to keep at most `at` bytes without splitting a UTF-8
// sequence: `at`, or the start of the sequence it falls inside (text.size() when `at` is past it).
std::size_t utf8_cut(std::string_view text, std::size_t at);

// `text` made safe to echo in a one-line message: valid UTF-8 passes
// through; control characters (C0, DEL, C1), line and paragraph separators
// and bidirectional overrides become \xNN / \uNNNN, and each byte of invalid
// UTF-8 becomes \xNN. A terminal never sees an escape sequence or a line break.
std::string escape_for_message(std::string_view text);

// Code points a terminal acts on rather than shows (escape_for_message escapes
// them): C0 and C1 controls, DEL, line and paragraph separators, bidi overrides.
bool acts_on_terminal(char32_t cp);

// The longest echoed value, in code points, before it is cut.
inline constexpr std::size_t kEchoLimit = 200;

// A reader's value as error messages echo it: escaped, in single quotes, and
// cut after kEchoLimit code points with its length stated:
// 'GEMM\x0aInjected' or 'xxxx…' (100000 bytes, first 200 characters shown).
std::string quoted_value(std::string_view text);

}  // namespace ledger
