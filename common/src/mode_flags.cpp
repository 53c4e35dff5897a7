#include "ledger/mode_flags.hpp"

#include <unistd.h>

#include <fmt/format.h>

#include "ledger/installed_data.hpp"
#include "ledger/output_file.hpp"
#include "ledger/text.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>

// The page's run control (book/run/run.js) shows the file named here, as the flag table parsed
// it (--plot=x.svg, an abbreviation, the one of several kept): argv is never re-read in JS.
// EM_JS, not EM_ASM: EM_ASM's $0 is a '$' in an identifier, which -Wpedantic -Werror refuses.
// clang-format off
EM_JS(void, tell_page_plot_path, (const char* path), {
  if (Module['onPlotPath']) Module['onPlotPath'](UTF8ToString(path));
});
// clang-format on
#endif

namespace ledger::cli {

std::string format_flag(const Args& args, const std::vector<std::string>& choices, std::string fallback) {
  return args.choice("format", choices, std::move(fallback));
}

std::optional<std::string> plot_flag(const Args& args) {
  if (!args.has("plot")) return std::nullopt;
  std::string path = parse_output_path("--plot", args.get("plot", ""), ".svg");
#ifdef __EMSCRIPTEN__
  tell_page_plot_path(path.c_str());
#endif
  return path;
}

void require_only(const Args& args, const std::set<std::string>& allowed, std::string_view context,
                  std::string_view accepted) {
  for (const auto& name : allowed) args.has(name);  // a name the table lacks: std::logic_error, not a silent pass
  for (const auto& name : args.given()) {
    if (!allowed.contains(name)) {
      throw UsageError(fmt::format("--{}: not accepted {} (accepted: {})", name, context, accepted));
    }
  }
}

void require_machine_or_profile(const Args& args, std::string_view choices) {
  if (args.has("machine") && args.has("profile")) {
    throw UsageError(fmt::format("--machine/--profile: give one of them ({})", choices));
  }
}

ProfileFile profile_flag(const Args& args) {
  const std::string given = args.get("profile", "");
  // An installed program also looks under its data folder, so the paths the book prints
  // work from any folder (ledger/installed_data.hpp); the outputs keep naming the path given.
  const std::string path = installed_data_path(given);
  try {
    ProfileFile file = load_profile_file(path);
    file.path = given;
    file.read->path = given;
    return file;
  } catch (const ProfileFileError& e) {
    const std::optional<std::string> data = installed_data_dir();
    const bool found_nowhere = path == given && ::access(given.c_str(), F_OK) != 0;
    if (found_nowhere && data && !given.empty() && given.front() != '/') {
      throw UsageError(fmt::format("--profile: {} (nor under {}/)", e.what(), escape_for_message(*data)));
    }
    throw profile_flag_error(e);
  }
}

UsageError profile_flag_error(const ProfileFileError& error) {
  return UsageError(fmt::format("--profile: {}", error.what()));
}

}  // namespace ledger::cli
