// op_ledger: chapter 28's example. An operator's ledger term by term, its
// roofline verdict under the compute roof the case declares, and what the
// verdict would be under every other roof of the machine ("the wrong roof").
// The published program is lost; spec/28-op-ledger.md is what it implements.
#include "ledger/program.hpp"
#include "app.hpp"

const ledger::cli::Program ledger::cli::chapter_program{"op_ledger", op_ledger::run,
                                                        op_ledger::flag_table};
