// Where an installed program finds the files the book names (issue 38): the
// package puts them under <prefix>/share/op-perf-book/ with the paths they have
// in the source tree, so `op_traffic --profile common/profiles/h100-sxm.yaml`,
// as the book prints it, works from any folder once the programs are installed.
#pragma once

#include <optional>
#include <string>

namespace ledger {

// The package's name: its data folder, its /usr/share/doc folder (common/cmake/Package.cmake).
inline constexpr const char* kPackageName = "op-perf-book";

// <prefix>/share/op-perf-book, found from the running program's own path
// (<prefix>/bin/<program>), when that folder exists; nothing for a program run
// from the build tree, or where the program's path is unknown (WebAssembly).
std::optional<std::string> installed_data_dir();

// The file a --profile path names: `path` itself when it exists, is absolute,
// or when there is no installed data folder; otherwise <data dir>/<path> when that
// exists. A path found nowhere stays as given, so its error names it.
std::string installed_data_path(const std::string& path);

}  // namespace ledger
