// What Python's float() and int() read beyond ASCII: they turn every Unicode
// decimal digit into its ASCII digit and every Unicode white space into ' '
// before parsing (_PyUnicode_TransformDecimalAndSpaceToASCII).
#pragma once

namespace ledger::cli {

// 0..9 for a decimal digit (Unicode category Nd), -1 for anything else.
int unicode_decimal_value(char32_t cp);

// True for the non-ASCII code points Python's str.isspace() accepts.
bool unicode_space(char32_t cp);

}  // namespace ledger::cli
