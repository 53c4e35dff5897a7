// op_ledger --help, in the book's language.
#pragma once

#include <string>

namespace op_ledger {

// op_ledger --help; its machine list and default come from the built-in profiles.
std::string help_text();

}  // namespace op_ledger
