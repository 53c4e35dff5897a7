// The slot scripts/lib/build_stamp.py writes the tree's commit into, in the linked program:
// the marker, then 40 hex digits and '+' (uncommitted changes) or '=' (none); '?' until it
// is stamped. A commit rewrites these bytes instead of relinking every program
// (docs/editions.md). volatile: they change after the link, so the compiler must read them
// and never fold the placeholder into the code.
#include "ledger/edition.hpp"

namespace ledger::edition {

const volatile char kBuildStampSlot[kStampMarkerLength + kStampLength + 1] =
    "LEDGER-BUILD-STAMP:?????????????????????????????????????????";

}  // namespace ledger::edition
