#include "ledger/installed_data.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <system_error>

namespace ledger {

namespace {
bool exists(const std::string& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0;
}
}  // namespace

std::optional<std::string> installed_data_dir() {
#ifdef __EMSCRIPTEN__
  return std::nullopt;  // the page's programs have no install folder
#else
  std::error_code error;
  // The real program, links followed: a symlink in ~/bin to /usr/bin/op_traffic still finds /usr/share.
  const std::filesystem::path program = std::filesystem::canonical("/proc/self/exe", error);
  if (error) return std::nullopt;
  const std::filesystem::path data = program.parent_path().parent_path() / "share" / kPackageName;
  if (!std::filesystem::is_directory(data, error)) return std::nullopt;
  return data.string();
#endif
}

std::string installed_data_path(const std::string& path) {
  if (path.empty() || path.front() == '/' || exists(path)) return path;
  const std::optional<std::string> data = installed_data_dir();
  if (!data) return path;
  const std::string installed = *data + "/" + path;
  return exists(installed) ? installed : path;
}

}  // namespace ledger
