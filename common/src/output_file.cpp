#include "ledger/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "fd_io.hpp"
#include "ledger/cli.hpp"
#include "ledger/text.hpp"
#include "temporary_cleanup.hpp"

namespace ledger::cli {

// What StagedFile replaces (outside the anonymous namespace: StagedFile, declared in
// the header, holds one).
struct ReplacedTarget {
  std::string path;                 // the file to replace: the path itself or a link's target
  std::optional<struct stat> info;  // what is there now (none: a new file)
};

namespace {

UsageError write_error(const OutputFile& file, std::string_view why) {
  return UsageError(
      fmt::format("{}: cannot write {}: {} (accepted: a new or writable regular file in a writable folder)", file.flag,
                  quoted_value(file.path), why));
}

UsageError write_error(const OutputFile& file, int error) { return write_error(file, std::strerror(error)); }

// The disk failed the write (full, quota, I/O error): the command was fine.
OutputWriteError write_failure(const OutputFile& file, int error) {
  return OutputWriteError(
      fmt::format("{}: cannot write {}: {}", file.flag, quoted_value(file.path), std::strerror(error)));
}

bool is_resource_failure(int error) {
  return error == ENOSPC || error == EDQUOT || error == EIO || error == EMFILE || error == ENFILE || error == ENOMEM;
}

// The file a write to `path` must replace: `path` itself, or the file a
// symbolic link at `path` points to (the link stays a link). An existing
// target must be a regular file the user may write; the check uses the
// effective ids (AT_EACCESS), so root, who may write anything, is not refused.
ReplacedTarget replaceable_target(const OutputFile& file) {
  struct stat link_info {};
  ReplacedTarget target{file.path, std::nullopt};
  if (::lstat(file.path.c_str(), &link_info) != 0) {
    if (errno == ENOENT) return target;  // a new file
    throw write_error(file, errno);
  }
  if (S_ISLNK(link_info.st_mode)) {
    const std::unique_ptr<char, void (*)(void*)> resolved(::realpath(file.path.c_str(), nullptr), &std::free);
    if (!resolved) {
      if (errno == ENOENT) throw write_error(file, "a symbolic link to a file that does not exist");
      throw write_error(file, errno);
    }
    target.path = resolved.get();
  }
  struct stat info {};
  if (::stat(target.path.c_str(), &info) != 0) throw write_error(file, errno);
  if (S_ISDIR(info.st_mode)) throw write_error(file, std::strerror(EISDIR));
  if (!S_ISREG(info.st_mode)) throw write_error(file, "not a regular file (a device, a pipe or a socket)");
  if (::faccessat(AT_FDCWD, target.path.c_str(), W_OK, AT_EACCESS) != 0) throw write_error(file, errno);
  target.info = info;
  return target;
}

// "<dir>/<name>.tmp-<pid>" beside `target`, the name cut (at a code point) so
// the whole stays within the folder's NAME_MAX even for a 255-byte name.
std::string temporary_beside(const std::string& target) {
  const std::size_t slash = target.rfind('/');
  const std::string dir = slash == std::string::npos ? std::string() : target.substr(0, slash + 1);
  std::string name = slash == std::string::npos ? target : target.substr(slash + 1);
  const std::string suffix = fmt::format(".tmp-{}", ::getpid());
  long name_max = ::pathconf(dir.empty() ? "." : dir.c_str(), _PC_NAME_MAX);
  if (name_max <= 0) name_max = 255;
  const std::size_t room = static_cast<std::size_t>(name_max) - suffix.size();
  name.resize(ledger::utf8_cut(name, room));
  return dir + name + suffix;
}

// Refuses an output that is a file this run read (the --profile file, through
// any link or name): it would be replaced before a second run could read it.
void refuse_input_as_output(const OutputFile& file, const std::vector<ledger::FileRead>& inputs) {
  struct stat info {};
  if (::stat(file.path.c_str(), &info) != 0) return;  // nothing there yet: not an input
  for (const ledger::FileRead& input : inputs) {
    if (input.device == info.st_dev && input.inode == info.st_ino) {
      throw UsageError(
          fmt::format("{}: {} is the file --profile {} reads; an output never replaces an input "
                      "(accepted: another file name)",
                      file.flag, quoted_value(file.path), quoted_value(input.path)));
    }
  }
}

}  // namespace

// A file written to its temporary and not yet put in place; removed unless committed.
class StagedFile {
 public:
  StagedFile(OutputFile output, const std::vector<ledger::FileRead>& inputs) : file_(std::move(output)) {
    const OutputFile& file = file_;
    refuse_input_as_output(file, inputs);
    target_ = replaceable_target(file);
    temporary_ = temporary_beside(target_.path);
    slot_ = guard_temporary(temporary_);
    const int fd = ::open(temporary_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0666);
    if (fd < 0) {
      const int error = errno;
      release_temporary(slot_);
      if (is_resource_failure(error)) throw write_failure(file, error);
      throw write_error(file, error);
    }
    created_ = true;
    int error = ledger::write_all(fd, file.content);
    if (error == 0 && target_.info) keep_mode_and_owner(fd, *target_.info);
    if (::close(fd) != 0 && error == 0) error = errno;
    if (error != 0) {
      discard();
      throw write_failure(file, error);
    }
  }
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;
  ~StagedFile() { discard(); }

  // Puts the content in place. A file with other hard links is overwritten in
  // place, as editors do (vim's backupcopy=auto), so every name keeps showing
  // the same file; any other file is replaced at once by a rename.
  void commit() {
    int error = 0;
    if (target_.info && target_.info->st_nlink > 1) {
      error = overwrite_in_place();
    } else if (::rename(temporary_.c_str(), target_.path.c_str()) != 0) {
      error = errno;
    } else {
      created_ = false;
    }
    discard();
    if (error != 0) throw write_failure(file_, error);
  }

  void discard() {
    if (created_) ::unlink(temporary_.c_str());
    created_ = false;
    release_temporary(slot_);
    slot_ = -1;
  }

 private:
  // The replaced file's permissions, and its owner and group where the user
  // may set them (root; or the group, for a member): as it was before.
  static void keep_mode_and_owner(int fd, const struct stat& old) {
    if (::fchown(fd, old.st_uid, old.st_gid) != 0) (void)!::fchown(fd, static_cast<uid_t>(-1), old.st_gid);
    (void)::fchmod(fd, old.st_mode & 07777);  // after fchown, which may clear set-id bits
  }

  // The temporary proved the content fits on the disk; now the target itself.
  int overwrite_in_place() const {
    const int fd = ::open(target_.path.c_str(), O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) return errno;
    int error = ledger::write_all(fd, file_.content);
    if (error == 0 && ::ftruncate(fd, static_cast<off_t>(file_.content.size())) != 0) error = errno;
    if (::close(fd) != 0 && error == 0) error = errno;
    return error;
  }

  OutputFile file_;
  ReplacedTarget target_;
  std::string temporary_;
  int slot_ = -1;
  bool created_ = false;
};

std::string parse_output_path(std::string_view flag, std::string_view path, std::string_view extension) {
  const std::string lower = ascii_lower(path);
  // A name, not just the extension: "x.svg" and "dir/x.svg", never ".svg" or "dir/.svg".
  const bool named = lower.size() > extension.size() && lower.ends_with(extension) &&
                     lower[lower.size() - extension.size() - 1] != '/';
  if (!named) {
    throw UsageError(fmt::format("{}: expected a file name ending in {}, got {}", flag, extension, quoted_value(path)));
  }
  if (path.find('\0') != std::string_view::npos) {
    throw UsageError(fmt::format("{}: a file name cannot hold a NUL byte", flag));
  }
  return std::string(path);
}

StagedFiles::StagedFiles() = default;
StagedFiles::~StagedFiles() = default;  // each ~StagedFile removes its temporary

void StagedFiles::stage(OutputFile file, const std::vector<ledger::FileRead>& inputs) {
  files_.push_back(std::make_unique<StagedFile>(std::move(file), inputs));
}

void StagedFiles::commit() {
  for (auto& file : files_) file->commit();
}

void StagedFiles::discard() { files_.clear(); }

}  // namespace ledger::cli
