// head_roofline: chapter 36's example. How many q heads should one AI Core
// take? The FlashMLA report's answer, recomputed: Cube cycles against L2
// cycles for each head count and topk. A C++ port of head_roofline.py with
// the report's constants as flags; the default output is the script's.
#include "ledger/program.hpp"
#include "app.hpp"

const ledger::cli::Program ledger::cli::chapter_program{"head_roofline", head_roofline::run,
                                                        head_roofline::flag_table};
