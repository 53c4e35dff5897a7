// op_ledger's command line: the mode (--case, --sweep, --list-machines), its
// flags, and the whole output. Separate from main() so the fuzzer drives
// exactly what a reader runs.
#include "app.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "analysis.hpp"
#include "case_flags.hpp"
#include "dtype.hpp"
#include "help.hpp"
#include "json_report.hpp"
#include "ledger/cli.hpp"
#include "ledger/flag_values.hpp"
#include "ledger/mode_flags.hpp"
#include "ledger/output_file.hpp"
#include "ledger/profile.hpp"
#include "ledger/text.hpp"
#include "machine_choice.hpp"
#include "machine_list.hpp"
#include "plot.hpp"
#include "sweep.hpp"
#include "text_report.hpp"

using ledger::cli::Args;
using ledger::cli::UsageError;

namespace {

using ledger::cli::require_only;

// --format's choices with --case and with --sweep: what run() accepts and the shell completes.
const std::vector<std::string>& case_formats() {
  static const std::vector<std::string> choices{"text", "json"};
  return choices;
}
const std::vector<std::string>& sweep_formats() {
  static const std::vector<std::string> choices{"markdown", "json"};
  return choices;
}

// --roof's completions: every compute roof of the built-in profiles.
std::vector<std::string> compute_roofs() {
  std::set<std::string> roofs;
  for (const ledger::MachineProfile& profile : ledger::builtin_profiles()) {
    for (const std::string& key : profile.compute_roof_keys()) roofs.insert(key);
  }
  return {roofs.begin(), roofs.end()};
}

std::string roof_flag(const Args& args, const ledger::MachineProfile& machine,
                      const std::string& declared) {
  if (!args.has("roof")) return declared;
  const std::string roof = args.get("roof", "");
  const auto compute_roofs = machine.compute_roof_keys();
  if (roof == ledger::kMemoryRoofKey) {
    throw UsageError(fmt::format(
        "--roof: {} is the memory roof (bytes/s), not a compute roof (accepted on {}: {})",
        ledger::quoted_value(roof), machine.key, ledger::join_capped(compute_roofs)));
  }
  for (const auto& key : compute_roofs) {
    if (key == roof) return roof;
  }
  throw UsageError(fmt::format("--roof: unknown value {} (accepted on {}: {})",
                               ledger::quoted_value(roof), machine.key,
                               ledger::join_capped(compute_roofs)));
}

ledger::cli::ProgramOutput run_case(const Args& args) {
  const std::string case_key = args.choice("case", op_ledger::case_keys(), "");
  const op_ledger::CaseFlags& flags = *op_ledger::find_case_flags(case_key);
  std::set<std::string> allowed{"case", "machine", "profile", "roof", "format", "plot"};
  allowed.insert(flags.flags.begin(), flags.flags.end());
  require_only(args, allowed, fmt::format("with --case {}", case_key),
               fmt::format("{}, --machine, --profile, --roof, --format, --plot",
                           op_ledger::flag_list(flags.flags)));
  if (args.get("format", "") == "markdown") {
    throw UsageError(
        "--format: 'markdown' is the --sweep table; with --case accepted: text, json");
  }
  const std::string format = ledger::cli::format_flag(args, case_formats(), "text");
  const std::optional<std::string> plot_path = ledger::cli::plot_flag(args);

  const ledger::Machine machine = op_ledger::choose_machine(args);
  const op_ledger::OperatorLedger ledger = op_ledger::build_case(flags, args);
  if (!args.has("roof")) {
    op_ledger::require_declared_roofs(machine, {ledger.declared_roof},
                                      fmt::format("--case {} declares", case_key),
                                      "choose one with --roof");
  }
  const std::string roof = roof_flag(args, machine.profile, ledger.declared_roof);
  const op_ledger::Analysis analysis = op_ledger::analyse(ledger, machine.profile, roof);
  ledger::cli::ProgramOutput out;
  out.inputs = machine.files_read();  // --plot never replaces the --profile file
  out.text = format == "json" ? op_ledger::case_json(ledger, analysis).dump() + "\n"
                              : op_ledger::render_case_text(ledger, analysis);
  if (plot_path)
    out.files.push_back({"--plot", *plot_path, op_ledger::roofs_svg(ledger, analysis)});
  return out;
}

std::string run_sweep(const Args& args) {
  require_only(args, {"sweep", "machine", "profile", "format"},
               "with --sweep, whose rows have fixed shapes and their declared roofs",
               "--machine, --profile, --format");
  if (args.get("format", "") == "text") {
    throw UsageError("--format: 'text' is for --case; with --sweep accepted: markdown, json");
  }
  const std::string format = ledger::cli::format_flag(args, sweep_formats(), "markdown");
  const ledger::Machine machine = op_ledger::choose_machine(args);
  const auto rows = op_ledger::sweep_rows();
  std::vector<std::string> declared;
  for (const auto& row : rows) declared.push_back(row.ledger.declared_roof);
  op_ledger::require_declared_roofs(
      machine, declared, "the sweep's rows declare",
      "the sweep takes no --roof: run the cases with --case and --roof instead");
  if (format == "json") return op_ledger::sweep_json(rows, machine.profile).dump() + "\n";
  return op_ledger::render_sweep_markdown(rows, machine.profile);
}

}  // namespace

namespace op_ledger {

// The flags (no reference script: the published op_ledger.py is lost). The
// shape flags of each case are in case_flags.cpp, and a test checks they are here.
const ledger::cli::FlagTable& flag_table() {
  using namespace ledger::cli;
  static const FlagTable& table =
      new_flag_table({{"help,h"},
                      {"sweep"},
                      {"list-machines"},
                      {"eager"},
                      {"case", text_value("CASE")},
                      {"machine", text_value("KEY")},
                      {"profile", text_value("FILE")},
                      {"roof", text_value("ROOF")},
                      {"format", text_value("FORMAT")},
                      {"plot", text_value("FILE.svg")},
                      {"m", integer_value()},
                      {"n", integer_value()},
                      {"k", integer_value()},
                      {"dtype", text_value("DTYPE")},
                      {"heads", integer_value()},
                      {"sq", integer_value()},
                      {"skv", integer_value()},
                      {"head-dim", integer_value()},
                      {"batch", integer_value()},
                      {"rows", integer_value()},
                      {"hidden", integer_value()},
                      {"ops", integer_value()},
                      {"tokens", integer_value()},
                      {"q-heads", integer_value()},
                      {"kv-heads", integer_value()}})
          .complete_with("case", op_ledger::case_keys)
          .complete_with("machine", [] { return ledger::builtin_profile_keys(); })
          .complete_with("roof", compute_roofs)
          .complete_with("format",
                         [] {
                           std::vector<std::string> all = case_formats();
                           all.push_back(sweep_formats().front());
                           return all;
                         })
          .complete_with("dtype", op_ledger::dtype_names);
  return table;
}

ledger::cli::ProgramOutput run(int argc, const char* const* argv) {
  const Args args = ledger::cli::parse(argc, argv, flag_table());
  if (args.flag("help")) return {op_ledger::help_text(), {}};

  const int modes =
      int{args.has("case")} + int{args.flag("sweep")} + int{args.flag("list-machines")};
  if (modes == 0) {
    throw UsageError(
        fmt::format("--case: missing (give --case CASE, --sweep or --list-machines; cases: {})",
                    ledger::join(op_ledger::case_keys())));
  }
  if (modes > 1) {
    throw UsageError(
        "--case/--sweep/--list-machines: give only one of them (accepted: --case CASE, "
        "--sweep, "
        "--list-machines)");
  }
  if (args.flag("list-machines")) {
    require_only(args, {"list-machines", "profile"}, "with --list-machines",
                 "--list-machines [--profile FILE]");
    if (!args.has("profile")) return {op_ledger::render_machine_list(nullptr), {}};
    const ledger::Machine reader = ledger::file_machine(ledger::cli::profile_flag(args));
    return {op_ledger::render_machine_list(&reader), {}};
  }
  if (args.flag("sweep")) return {run_sweep(args), {}};
  return run_case(args);
}

}  // namespace op_ledger
