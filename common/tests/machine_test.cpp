// ledger::Machine, select_roofs, missing_roof_error and the --machine/--profile
// flag, against hand-worked profiles: each expected value is worked out in the
// comments, never with the code's own expressions.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "ledger/flag_values.hpp"
#include "ledger/machine.hpp"
#include "ledger/machine_flag.hpp"
#include "ledger/profile_file.hpp"
#include "source_paths.hpp"

namespace {

// hbm 2 TB/s x 0.9, then two compute roofs that both stand for "the peak":
// cuda_core.fp32 (50 TFLOP/s) first in the file, tensor_core.fp16 (400 x 0.75) second.
// `roofs:` is line 4.
ledger::Machine two_compute_roofs_machine() {
  const char* yaml = R"(key: two-roofs
name: Two roofs
description: a test machine with two candidate compute roofs
roofs:
  - key: hbm
    theoretical: 2.0e12
    calibration: 0.9
    label: HBM
    source: hand-made
  - key: cuda_core.fp32
    theoretical: 50e12
    label: CUDA cores
    source: hand-made
  - key: tensor_core.fp16
    theoretical: 400e12
    calibration: 0.75
    label: tensor cores
    source: hand-made
)";
  return ledger::file_machine(ledger::parse_profile(yaml, "two.yaml"));
}

ledger::RoofChoice peak_choice(std::vector<std::string> keys) {
  return {std::move(keys), "peak roof", "the test's peak FLOP/s"};
}

std::string select_error(const ledger::Machine& machine, const ledger::RoofChoice& choice) {
  try {
    ledger::select_roofs(machine, choice);
  } catch (const ledger::cli::UsageError& e) {
    return e.what();
  }
  return "(selected without error)";
}

const ledger::cli::FlagTable& machine_flag_table() {
  static const ledger::cli::FlagTable table = [] {
    auto options = std::make_shared<boost::program_options::options_description>();
    options->add_options()("machine", ledger::cli::text_value("KEY"), "")("profile", ledger::cli::text_value("FILE"),
                                                                          "");
    return ledger::cli::FlagTable(options);
  }();
  return table;
}

ledger::Machine machine_of_words(std::vector<const char*> words, const ledger::cli::MachineChoices& choices) {
  words.insert(words.begin(), "prog");
  return ledger::cli::machine_flag(
      ledger::cli::parse(static_cast<int>(words.size()), words.data(), machine_flag_table()), choices);
}

}  // namespace

TEST_CASE("select_roofs takes the first listed key the profile has, not the profile's first roof", "[machine]") {
  // Both keys exist: the first of the list wins, whichever comes first in the file.
  const ledger::Machine fp16 =
      ledger::select_roofs(two_compute_roofs_machine(), peak_choice({"tensor_core.fp16", "cuda_core.fp32"}));
  CHECK(fp16.compute_roof.key == "tensor_core.fp16");
  CHECK(fp16.peak_flops() == 300e12);  // 400e12 x 0.75, both exact in binary
  CHECK(fp16.memory_roof.key == "hbm");
  CHECK(fp16.bandwidth() == Approx(1.8e12));     // 2.0e12 x 0.9
  CHECK(fp16.balance() == Approx(166.6666667));  // 300e12 / 1.8e12 = 1000/6
  const ledger::Machine fp32 =
      ledger::select_roofs(two_compute_roofs_machine(), peak_choice({"cuda_core.fp32", "tensor_core.fp16"}));
  CHECK(fp32.compute_roof.key == "cuda_core.fp32");
  CHECK(fp32.peak_flops() == 50e12);            // not calibrated: its theoretical value
  CHECK(fp32.balance() == Approx(27.7777778));  // 50e12 / 1.8e12 = 250/9
}

TEST_CASE("select_roofs skips keys the profile lacks and never takes hbm for a compute roof", "[machine]") {
  CHECK(ledger::select_roofs(two_compute_roofs_machine(), peak_choice({"matrix_core.fp16", "tensor_core.fp16"}))
            .compute_roof.key == "tensor_core.fp16");
  CHECK(ledger::select_roofs(two_compute_roofs_machine(), peak_choice({"hbm", "cuda_core.fp32"})).compute_roof.key ==
        "cuda_core.fp32");
}

TEST_CASE("a missing roof names --profile, the file's roofs line, the accepted keys and the machine's roofs",
          "[machine]") {
  CHECK(select_error(two_compute_roofs_machine(), peak_choice({"matrix_core.fp16", "cube.fp16", "hbm"})) ==
        "--profile: two.yaml:4: roofs: no peak roof, the test's peak FLOP/s (accepted keys: matrix_core.fp16, "
        "cube.fp16, hbm; its compute roofs: cuda_core.fp32, tensor_core.fp16)");
}

TEST_CASE("a missing roof on a built-in profile names --machine and the profile", "[machine]") {
  // mi300x.yaml: hbm, matrix_core.fp16/.bf16/.fp8/.tf32 and vector.fp32; no NVIDIA key.
  const ledger::Machine mi300x = ledger::builtin_machine("mi300x", *ledger::find_profile("mi300x"));
  CHECK(select_error(mi300x, peak_choice({"tensor_core.fp16"})) ==
        "--machine: profile 'mi300x' has no peak roof, the test's peak FLOP/s (accepted keys: tensor_core.fp16; its "
        "compute roofs: matrix_core.fp16, matrix_core.bf16, matrix_core.fp8, matrix_core.tf32, vector.fp32)");
  // op_ledger's form: no accepted keys, a remedy after the roofs.
  CHECK(std::string(ledger::missing_roof_error(
                        mi300x, {"roof tensor_core.fp16", "which --case gemm declares", {}, "choose one with --roof"})
                        .what()) ==
        "--machine: profile 'mi300x' has no roof tensor_core.fp16, which --case gemm declares (its compute roofs: "
        "matrix_core.fp16, matrix_core.bf16, matrix_core.fp8, matrix_core.tf32, vector.fp32); choose one with --roof");
}

TEST_CASE("a bandwidth-only program selects hbm alone and its peak is refused, never 0", "[machine]") {
  const ledger::Machine hbm_only =
      ledger::select_roofs(two_compute_roofs_machine(), ledger::memory_roof_only("the test's bandwidth"));
  CHECK(hbm_only.memory_roof.key == "hbm");
  CHECK(hbm_only.bandwidth() == Approx(1.8e12));  // 2.0e12 x 0.9
  CHECK_THROWS_WITH(hbm_only.peak_flops(),
                    "machine two-roofs: its compute roof was read but never selected (ledger::select_roofs)");
  CHECK_THROWS_AS(hbm_only.balance(), std::logic_error);
  // select_roofs never called: both roofs are refused, not read as 0 (a time of bytes / 0 = inf).
  CHECK_THROWS_WITH(two_compute_roofs_machine().bandwidth(),
                    "machine two-roofs: its memory roof was read but never selected (ledger::select_roofs)");
}

TEST_CASE("a profile without the memory roof a program reads is refused, naming the profile and the roof",
          "[machine]") {
  // The loader refuses such a file (profile_file_test); a profile built in code can still lack hbm.
  ledger::MachineProfile no_hbm;
  no_hbm.key = "no-hbm";
  no_hbm.roofs.push_back({"tensor_core.fp16", 1e15, std::nullopt, "tensor cores", "hand-made"});
  const ledger::Machine builtin = ledger::builtin_machine("no-hbm", no_hbm);
  CHECK(select_error(builtin, ledger::memory_roof_only("the test's bandwidth")) ==
        "--machine: profile 'no-hbm' has no memory roof 'hbm', the test's bandwidth (accepted keys: hbm; its compute "
        "roofs: tensor_core.fp16)");
  // A program that reads both roofs is refused the same way once its compute roof is found.
  CHECK(select_error(builtin, peak_choice({"tensor_core.fp16"})) ==
        "--machine: profile 'no-hbm' has no memory roof 'hbm', the test's peak FLOP/s (accepted keys: hbm; its "
        "compute roofs: tensor_core.fp16)");
  ledger::Machine file = builtin;
  file.file = "no-hbm.yaml";
  file.file_roofs_line = 4;
  CHECK(select_error(file, ledger::memory_roof_only("the test's bandwidth")) ==
        "--profile: no-hbm.yaml:4: roofs: no memory roof 'hbm', the test's bandwidth (accepted keys: hbm; its "
        "compute roofs: tensor_core.fp16)");
}

TEST_CASE("machine_flag: a key of the program's choices (--machine) or a file (--profile), never both", "[machine]") {
  const ledger::cli::MachineChoices builtin = ledger::cli::builtin_machine_choices("--machine KEY or --profile FILE");
  const ledger::Machine fallback = machine_of_words({}, builtin);
  CHECK(fallback.key == "h200");  // the first of builtin_profiles in common/CMakeLists.txt
  CHECK(fallback.profile.key == "h200");
  CHECK_FALSE(fallback.from_file());
  CHECK(machine_of_words({"--machine", "h100-spec"}, builtin).profile.name == ledger::find_profile("h100-spec")->name);

  // A chapter's own keys, each standing for a built-in profile (op_traffic's h200-measured).
  const ledger::cli::MachineChoices own{{{"measured", "h200"}, {"sheet", "h200-spec"}}, "sheet", "mine"};
  CHECK(machine_of_words({}, own).key == "sheet");
  CHECK(machine_of_words({}, own).profile.key == "h200-spec");
  const ledger::Machine measured = machine_of_words({"--machine", "measured"}, own);
  CHECK(measured.key == "measured");
  CHECK(measured.profile.key == "h200");
  CHECK_THROWS_WITH(machine_of_words({"--machine", "h200"}, own),
                    "--machine: unknown value 'h200' (accepted: measured, sheet)");

  const std::string reader = ledger_test::test_profiles_dir() + "/reader-gpu.yaml";
  const ledger::Machine file = machine_of_words({"--profile", reader.c_str()}, own);
  CHECK(file.from_file());
  CHECK(file.file == reader);
  CHECK(file.file_roofs_line == 5);  // reader-gpu.yaml's `roofs:` line
  CHECK(file.key == "reader-gpu");
  CHECK_THROWS_WITH(machine_of_words({"--machine", "sheet", "--profile", reader.c_str()}, own),
                    "--machine/--profile: give one of them (mine)");
}
