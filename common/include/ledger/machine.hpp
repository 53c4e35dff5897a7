// The machine a program runs on: a machine profile, where it came from (a
// built-in profile, --machine KEY, or the reader's file, --profile FILE), and
// the two roofs the program reads: the compute roof it selects and hbm.
//
// A program whose roof follows from the profile selects it with select_roofs:
// the first of its candidate keys the profile has (the names one unit goes by
// on NVIDIA, AMD and Ascend), and hbm. Every error about a machine's roofs names where
// the profile came from, as the user gave it: missing_roof_error.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ledger/cli.hpp"
#include "ledger/profile.hpp"
#include "ledger/profile_file.hpp"
#include "ledger/roofline.hpp"

namespace ledger {

struct Machine {
  std::string key;                  // --machine's key (op_traffic's "h200-measured"), or the file's profile key
  MachineProfile profile;           // the roofs, in profile order
  std::optional<std::string> file;  // --profile FILE as given; none for a built-in profile
  int file_roofs_line = 0;          // that file's `roofs:` line, where an error about its roofs points
  std::optional<FileRead> read;     // that file on disk (load_profile_file), for ProgramOutput::inputs
  Roof compute_roof;                // set by select_roofs (a program that judges each row under its
  Roof memory_roof;                 // own declared roof, op_ledger, reads the profile instead)

  bool from_file() const { return file.has_value(); }
  // The files the machine was read from (ProgramOutput::inputs: no output replaces them).
  std::vector<FileRead> files_read() const { return read ? std::vector<FileRead>{*read} : std::vector<FileRead>{}; }
  // The selected roofs' values. A roof select_roofs did not select (none asked
  // for, or select_roofs never called) is a programming error, std::logic_error
  // (an internal error, exit 1), never a silent 0 that makes a time infinite.
  double peak_flops() const;  // FLOP/s
  double bandwidth() const;   // bytes/s
  double balance() const { return balance_point(peak_flops(), bandwidth()); }
};

// A built-in profile under --machine's `key`, or a reader's file; no roof selected yet.
Machine builtin_machine(std::string key, const MachineProfile& profile);
Machine file_machine(const ProfileFile& file);

// The compute roof a program reads, and how its error names it.
struct RoofChoice {
  std::vector<std::string> keys;  // candidate compute-roof keys, in the order they are tried;
                                  // none: the program reads only the memory roof (memory_roof_only)
  std::string name;               // what the roof is: "fp16 matrix roof"
  std::string needed_for;         // what the program reads from it: "op_traffic's peak FLOP/s"
};

// `machine` with compute_roof the compute roof of the first key of `choice.keys`
// the profile has (the search stops there; a key naming the memory roof never
// matches) and memory_roof hbm. Without one: missing_roof_error with
// "no <name>, <needed_for> (accepted keys: <keys>; its compute roofs: ...)".
// The memory roof is selected the same way: a profile without hbm is
// missing_roof_error with "no memory roof 'hbm', <needed_for> (...)".
Machine select_roofs(Machine machine, const RoofChoice& choice);

// The choice of a program that reads only a bandwidth (a KV cache read at HBM
// speed): select_roofs then sets memory_roof alone, and peak_flops() is refused.
RoofChoice memory_roof_only(std::string needed_for);

// What a machine lacks, in the words of its error:
// "no <missing>, <needed_by> ([accepted keys: <accepted>; ]its compute roofs: <the profile's>)[; <remedy>]".
struct MissingRoof {
  std::string missing;                // "fp16 matrix roof", "roof tensor_core.fp8", "roofs a, b"
  std::string needed_by;              // "op_traffic's peak FLOP/s", "which --case gemm declares"
  std::vector<std::string> accepted;  // the keys that would do; not listed when empty
  std::string remedy;                 // what to do instead, when there is something
};

// The error, naming where the profile came from:
// "--profile: <file>:<roofs line>: roofs: <what>" or "--machine: profile '<key>' has <what>".
cli::UsageError missing_roof_error(const Machine& machine, const MissingRoof& what);

}  // namespace ledger
