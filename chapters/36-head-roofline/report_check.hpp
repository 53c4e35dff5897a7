// --assert-report: the program's table against the table printed in the
// report (:104-111), which the build compiles in from
// golden/36-head-roofline/report-table.txt, so the project holds one copy.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace head_roofline {

// The report's table, the file's bytes as they are (generated at build time).
std::string_view report_table_text();

// The lines of report_table_text(), without line ends.
std::vector<std::string> report_table_lines();

// Python's repr() of an ASCII string: 'text', or "text" when it holds a `'`.
std::string python_repr(std::string_view text);

// Compares the lines as the reference does (each stripped of surrounding
// white space). nullopt when they match; otherwise the text the reference
// prints on stderr, pairing got and want line by line with `!` at each
// difference.
std::optional<std::string> mismatch_with_report(const std::vector<std::string>& got,
                                                const std::vector<std::string>& want);

// The line the reference prints after a match (with the blank line before it).
inline constexpr std::string_view kReportMatchLine =
    "\nOK: output matches the report table (14-deepseek-ascend-stack/raw/"
    "FlashMLA/docs/20260930-ascend-prefill-deep-dive-zh.md:104-111)\n";

}  // namespace head_roofline
