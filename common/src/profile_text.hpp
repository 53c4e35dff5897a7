// The checks of a profile file's text around its YAML (profile_text.cpp), and
// how its errors name the file: shared by the reader (profile_file.cpp) and the loader.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace ledger {

// The file's name as errors start with it: escaped, and cut when very long.
std::string shown_path(std::string_view path);

// A key's text: a word character, then word characters, '.', '_' or '-'.
bool is_key_text(std::string_view s);

// The 1-based line where a second document starts, if there is one. At most
// two documents are read: yaml-cpp 0.7's LoadAll loops forever on a stray ','.
std::optional<int> second_document_line(const std::string& text);

// What yaml-cpp would misread or report as something else, named for what it
// is: bytes that are not UTF-8, NUL bytes, line breaks of a lone CR, and
// nesting far deeper than a profile's. Throws ProfileFileError.
void check_text(std::string_view text, const std::string& path);

}  // namespace ledger
