// op_ledger --help, in the book's language.
#pragma once

namespace op_ledger {

extern const char* const kHelp;

}  // namespace op_ledger
