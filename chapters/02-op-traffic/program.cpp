// op_traffic: chapter 02's example. For each operator and a machine, is it
// bandwidth or compute that saturates first, and what is the fastest it could
// possibly run? A C++ port of op_traffic.py: same flags, same stdout.
#include "ledger/program.hpp"
#include "app.hpp"

const ledger::cli::Program ledger::cli::chapter_program{"op_traffic", op_traffic::run,
                                                        op_traffic::flag_table};
