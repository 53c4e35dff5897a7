#include "text_report.hpp"

#include <fmt/format.h>

#include "ledger/si_count.hpp"
#include "ledger/text.hpp"
#include "ledger/text_table.hpp"
#include "units.hpp"

namespace op_ledger {
namespace {

using ledger::Align;

// "key : value" lines share one key width, the longest key's.
constexpr std::size_t kKeyWidth = 20;  // "arithmetic intensity"

std::string field(std::string_view key, std::string_view value) {
  return fmt::format("{} : {}\n", ledger::pad_right(key, kKeyWidth), value);
}

std::string shape_text(const OperatorLedger& ledger) {
  std::string out;
  for (const auto& f : ledger.shape) {
    if (!out.empty()) out += ", ";
    out += f.key + "=" + f.text;
  }
  return out;
}

// name | formula | FLOPs (number, prefix) | bytes (number, prefix); the
// prefix sits in its own column so the numbers align on their last digit.
std::string term_table(const OperatorLedger& ledger) {
  ledger::TextTable table({{Align::left},
                           {Align::left, 2},
                           {Align::right, 3},
                           {Align::left, 1},
                           {Align::right, 3},
                           {Align::left, 1}});
  table.add_row({"term", "counted as", "FLOPs", "", "bytes"});
  const auto row = [&table](const std::string& name, const std::string& formula,
                            std::uint64_t flops, std::uint64_t bytes) {
    const ledger::SiCount f = ledger::split_si_count(flops);
    const ledger::SiCount b = ledger::split_si_count(bytes);
    table.add_row({name, formula, f.mantissa, f.prefix, b.mantissa, b.prefix});
  };
  for (const auto& term : ledger.terms.terms())
    row(term.name, term.formula, term.flops, term.bytes);
  row("TOTAL", "", ledger.terms.total_flops(), ledger.terms.total_bytes());
  return table.render();
}

std::string other_roofs_table(const Analysis& a) {
  ledger::TextTable table({{Align::left},
                           {Align::left},
                           {Align::right},
                           {Align::right},
                           {Align::right},
                           {Align::right},
                           {Align::left},
                           {Align::left}});
  table.add_row({"roof", "calibration", "TFLOP/s", "balance", "compute time", "SOL time",
                 "bound", fmt::format("vs {}", a.chosen.roof->key)});
  for (const RoofVerdict& other : a.others) {
    table.add_row(
        {other.roof->key, ledger::calibration_text(*other.roof),
         fmt::format("{:.2f}", other.roof->effective() / 1e12),
         fmt::format("{:.3f}", other.balance), format_us(other.verdict.compute_time),
         format_us(other.verdict.sol_time),
         std::string(ledger::bound_name(other.verdict.bound)),
         other.verdict.bound == a.chosen.verdict.bound ? "same verdict" : "verdict flips"});
  }
  return table.render();
}

}  // namespace

std::string render_case_text(const OperatorLedger& ledger, const Analysis& a) {
  const ledger::Roof& roof = *a.chosen.roof;
  const ledger::Roof& hbm = *a.memory_roof;
  std::string out;
  out += field("operator", ledger.operator_name);
  out += field("machine", a.machine->name);
  out += field("shape", shape_text(ledger));
  out += field("symbols", ledger.symbols);
  for (const auto& note : ledger.notes) out += field("note", note);
  out += "\n";
  out += term_table(ledger);
  out += "\n";
  out += field("arithmetic intensity", fmt::format("{:.3f} FLOP/Byte", a.intensity));
  out += field("roof", fmt::format("{} {} {}", roof.key, format_rate(roof, roof.effective()),
                                   roof_remark(roof)));
  if (a.roof_overridden) {
    out += field("declared roof", fmt::format("{} (the case's; --roof chose {})",
                                              ledger.declared_roof, roof.key));
  }
  out += field("bandwidth", fmt::format("{} {} {}", hbm.key, format_rate(hbm, hbm.effective()),
                                        roof_remark(hbm)));
  out += field("balance point", fmt::format("{:.3f} FLOP/Byte", a.chosen.balance));
  out += field("memory time", format_us(a.chosen.verdict.memory_time));
  out += field("compute time", format_us(a.chosen.verdict.compute_time));
  out += field("SOL time (max)", fmt::format("{} -> {}", format_us(a.chosen.verdict.sol_time),
                                             ledger::bound_name(a.chosen.verdict.bound)));
  out += "\n";
  out += fmt::format("the wrong roof: the same ledger under every other compute roof of {}\n",
                     a.machine->name);
  out += other_roofs_table(a);
  return out;
}

}  // namespace op_ledger
