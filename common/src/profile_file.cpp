#include "ledger/profile_file.hpp"
#include "fd_io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include "ledger/limits.hpp"
#include "ledger/std_fallbacks.hpp"
#include "ledger/text.hpp"

namespace ledger {
namespace {

// A profile nests three levels (roofs, a roof, its fields); yaml-cpp gives up near 2000.
constexpr int kMaxNesting = 32;

// The values a real machine's roofs can have, generous on both sides: 1 MB/s
// to 1 EB/s of memory bandwidth, 1 MFLOP/s to 1 ZFLOP/s of compute, a measured
// fraction of at least 1%. Inside them every quantity the programs derive
// (balance points, times, plot ranges) stays finite; outside, a typo such as
// 5e-324 or 1.7e308 would surface as inf or a broken figure far from its cause.
struct Range {
  double low, high;
  std::string_view text;
};
constexpr Range kMemoryRange{1e6, 1e18, "a number from 1e6 to 1e18 (bytes/s)"};
constexpr Range kComputeRange{1e6, 1e21, "a number from 1e6 to 1e21 (FLOP/s)"};
constexpr Range kCalibrationRange{0.01, 1.0, "a number from 0.01 to 1 (omit the field when not calibrated)"};

const std::vector<std::string> kProfileFields{"key", "name", "description", "roofs"};
const std::vector<std::string> kRoofFields{"key", "theoretical", "calibration", "label", "source"};

// The file's name as errors start with it: escaped, and cut when very long.
std::string shown_path(std::string_view path) {
  return path.size() <= kEchoLimit ? escape_for_message(path) : quoted_value(path);
}

// The reader's text in quotes, shortened and on one line.
std::string quoted(std::string_view text) {
  constexpr std::size_t kShown = 60;
  if (text.size() <= kShown) return fmt::format("'{}'", escape_for_message(text));
  return fmt::format("'{}...'", escape_for_message(text.substr(0, utf8_cut(text, kShown))));
}

bool is_key_text(std::string_view s) {
  const auto word = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); };
  if (s.empty() || !word(s.front())) return false;
  for (char c : s) {
    if (!word(c) && c != '.' && c != '_' && c != '-') return false;
  }
  return true;
}

std::string kind_of(const YAML::Node& node) {
  switch (node.Type()) {
    case YAML::NodeType::Null: return "nothing";
    case YAML::NodeType::Sequence: return "a list";
    case YAML::NodeType::Map: return "a mapping";
    default: return quoted(node.Scalar());
  }
}

int line_of(const YAML::Node& node) { return node.Mark().line + 1; }

struct Field {
  YAML::Node name;  // the key node, for the line of a duplicate
  YAML::Node value;
};

// The line to blame for a bad value. An empty value's mark is the next
// token's, often on the next line, so blame the field's name instead.
int value_line(const Field& f) { return f.value.IsNull() ? line_of(f.name) : line_of(f.value); }

// Reads one profile's YAML tree, naming the file, the line and the field in every error.
class ProfileReader {
 public:
  explicit ProfileReader(const std::string& path) : path_(path) {}

  ProfileFile read(const YAML::Node& root) {
    if (!root.IsMap()) {
      fail(line_of(root),
           fmt::format("expected a mapping with the fields {}, got {}", join(kProfileFields), kind_of(root)));
    }
    const auto fields = fields_of(root, "", kProfileFields);
    ProfileFile file;
    file.path = path_;
    file.profile.key = key_field(root, fields, "", "key", "my-gpu");
    file.profile.name = text_field(root, fields, "", "name");
    file.profile.description = text_field(root, fields, "", "description");
    const Field& roofs = required(root, fields, "", "roofs");
    file.roofs_line = line_of(roofs.name);
    file.profile.roofs = read_roofs(roofs);
    return file;
  }

 private:
  [[noreturn]] void fail(int line, std::string_view what) const {
    throw ProfileFileError(fmt::format("{}:{}: {}", shown_path(path_), line, what));
  }

  // Field name -> field; refuses non-word names, duplicates and fields outside `accepted`.
  std::map<std::string, Field> fields_of(const YAML::Node& map, const std::string& context,
                                         const std::vector<std::string>& accepted) const {
    std::map<std::string, Field> fields;
    for (const auto& entry : map) {
      const YAML::Node& name = entry.first;
      if (!name.IsScalar()) fail(line_of(name), fmt::format("{}expected a field name, got {}", context, kind_of(name)));
      const std::string text = name.Scalar();
      bool known = false;
      for (const auto& a : accepted) known = known || a == text;
      if (!known) {
        fail(line_of(name), fmt::format("{}unknown field {} (accepted: {})", context, quoted(text), join(accepted)));
      }
      if (const auto it = fields.find(text); it != fields.end()) {
        fail(line_of(name),
             fmt::format("{}duplicate field '{}' (first at line {})", context, text, line_of(it->second.name)));
      }
      fields.emplace(text, Field{name, entry.second});
    }
    return fields;
  }

  const Field& required(const YAML::Node& map, const std::map<std::string, Field>& fields, const std::string& context,
                        const char* name) const {
    const auto it = fields.find(name);
    if (it == fields.end()) fail(line_of(map), fmt::format("{}missing field '{}'", context, name));
    return it->second;
  }

  // One line of text: a scalar, not blank, without control characters.
  std::string text_field(const YAML::Node& map, const std::map<std::string, Field>& fields, const std::string& context,
                         const char* name) const {
    const Field& f = required(map, fields, context, name);
    const auto problem = [&](std::string_view what) {
      fail(value_line(f), fmt::format("{}{}: expected {}, got {}", context, name, what, kind_of(f.value)));
    };
    if (!f.value.IsScalar()) problem("one line of text");
    const std::string text = f.value.Scalar();
    if (text.find_first_not_of(" \t") == std::string::npos) problem("one line of text");
    for (std::size_t i = 0; i < text.size();) {
      char32_t cp = 0;
      const std::size_t length = utf8_sequence(text, i, cp);  // the file is UTF-8: checked before parsing
      if (cp < 0x20 || cp == 0x7f) problem("one line of text (no line breaks or control characters)");
      // Printed raw in a report, these would reorder or restyle the reader's terminal.
      if (length == 0 || acts_on_terminal(cp)) problem("text without C1 controls or bidirectional overrides");
      i += length == 0 ? 1 : length;
    }
    return text;
  }

  // A word of letters, digits and . _ - (`example` shows one).
  std::string key_field(const YAML::Node& map, const std::map<std::string, Field>& fields, const std::string& context,
                        const char* name, std::string_view example) const {
    const Field& f = required(map, fields, context, name);
    if (f.value.IsScalar() && is_key_text(f.value.Scalar()) && f.value.Scalar().size() > kMaxKeyLength) {
      fail(value_line(f), fmt::format("{}{}: expected at most {} characters, got {} ({} characters)", context, name,
                                      kMaxKeyLength, kind_of(f.value), f.value.Scalar().size()));
    }
    if (!f.value.IsScalar() || !is_key_text(f.value.Scalar())) {
      fail(value_line(f), fmt::format("{}{}: expected a word of letters, digits and . _ - (e.g. {}), got {}", context,
                                      name, example, kind_of(f.value)));
    }
    return f.value.Scalar();
  }

  // A decimal number, parsed by from_chars (correctly rounded, as the
  // compiler rounds the generated literals), inside `range`.
  double number_value(const Field& f, const std::string& context, const char* name, const Range& range) const {
    const auto problem = [&] {
      fail(value_line(f), fmt::format("{}{}: expected {}, got {}", context, name, range.text, kind_of(f.value)));
    };
    if (!f.value.IsScalar()) problem();
    // A quoted scalar is a string in YAML, whatever it spells: yaml-cpp tags it "!".
    if (f.value.Tag() == "!") {
      fail(value_line(f), fmt::format("{}{}: expected {}, got the string {} (write the number without quotes)", context,
                                      name, range.text, kind_of(f.value)));
    }
    std::string_view text = f.value.Scalar();
    if (text.starts_with('+')) text.remove_prefix(1);  // YAML 1.2's float allows a '+', from_chars does not
    if (text.starts_with('-') || text.starts_with('+')) problem();
    double value = 0.0;
    const auto [end, ec] = ledger::from_chars_double(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) problem();
    if (!(value >= range.low && value <= range.high)) problem();
    return value;
  }

  std::vector<Roof> read_roofs(const Field& roofs) const {
    if (!roofs.value.IsSequence() || roofs.value.size() == 0) {
      fail(line_of(roofs.name),
           fmt::format("roofs: expected a list of roofs (hbm and at least one compute roof), got {}",
                       kind_of(roofs.value)));
    }
    if (roofs.value.size() > kMaxRoofs) {
      fail(line_of(roofs.name), fmt::format("roofs: at most {} roofs, got {}", kMaxRoofs, roofs.value.size()));
    }
    std::vector<Roof> out;
    std::map<std::string, int> first_line;  // roof key -> line
    for (std::size_t i = 0; i < roofs.value.size(); ++i) {
      const YAML::Node& node = roofs.value[i];
      std::string context = fmt::format("roof #{}: ", i + 1);
      if (!node.IsMap()) {
        fail(line_of(node),
             fmt::format("{}expected a mapping with the fields {}, got {}", context, join(kRoofFields), kind_of(node)));
      }
      // Name the roof by its key in every error once the key is known to be one.
      // (A missing key is an invalid node, whose Type() throws: IsDefined() first.)
      if (const YAML::Node key = node["key"];
          key.IsDefined() && key.IsScalar() && is_key_text(key.Scalar()) && key.Scalar().size() <= kMaxKeyLength) {
        context = fmt::format("roof '{}': ", key.Scalar());
      }
      const auto fields = fields_of(node, context, kRoofFields);
      Roof roof;
      roof.key = key_field(node, fields, context, "key", "tensor_core.fp16");
      if (const auto it = first_line.find(roof.key); it != first_line.end()) {
        fail(line_of(node), fmt::format("{}duplicate roof key (first at line {})", context, it->second));
      }
      first_line.emplace(roof.key, line_of(node));
      roof.theoretical = number_value(required(node, fields, context, "theoretical"), context, "theoretical",
                                      roof.key == kMemoryRoofKey ? kMemoryRange : kComputeRange);
      if (const auto it = fields.find("calibration"); it != fields.end()) {
        roof.calibration = number_value(it->second, context, "calibration", kCalibrationRange);
      }
      roof.label = text_field(node, fields, context, "label");
      roof.source = text_field(node, fields, context, "source");
      out.push_back(std::move(roof));
    }
    if (!first_line.contains(std::string(kMemoryRoofKey))) {
      fail(line_of(roofs.name), fmt::format("roofs: missing the '{}' roof (the memory roof, bytes/s)", kMemoryRoofKey));
    }
    if (out.size() < 2) {
      fail(line_of(roofs.name), "roofs: no compute roof (give at least one besides hbm, e.g. tensor_core.fp16)");
    }
    return out;
  }

  const std::string& path_;
};

// Records where each document starts; the rest of the events are not needed.
class DocumentStarts : public YAML::EventHandler {
 public:
  std::vector<YAML::Mark> starts;
  void OnDocumentStart(const YAML::Mark& mark) override { starts.push_back(mark); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark&, YAML::anchor_t) override {}
  void OnAlias(const YAML::Mark&, YAML::anchor_t) override {}
  void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t, const std::string&) override {}
  void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {}
  void OnMapEnd() override {}
};

// The 1-based line where a second document starts, if there is one. At most
// two documents are read: yaml-cpp 0.7's LoadAll loops forever on a stray ','.
std::optional<int> second_document_line(const std::string& text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentStarts documents;
  for (int i = 0; i < 2 && parser.HandleNextDocument(documents); ++i) {
  }
  if (documents.starts.size() < 2) return std::nullopt;
  return documents.starts[1].line + 1;
}

// The field a line sets ("  - key: hbm" -> "key"), to name it in an error about the line's bytes.
std::string field_on_line(std::string_view line) {
  std::size_t i = line.find_first_not_of(" \t-");
  if (i == std::string_view::npos) return "";
  const std::size_t colon = line.find(':', i);
  if (colon == std::string_view::npos) return "";
  const std::string_view name = line.substr(i, colon - i);
  return is_key_text(name) ? fmt::format("{}: ", name) : "";
}

// What yaml-cpp would misread or report as something else, named for what it
// is: bytes that are not UTF-8, NUL bytes, line breaks of a lone CR, and
// nesting far deeper than a profile's.
void check_text(std::string_view text, const std::string& path) {
  int line = 1;
  std::size_t line_start = 0;
  const auto fail = [&](std::size_t at, std::string_view what) {
    std::size_t end = text.find('\n', line_start);
    const std::string field = field_on_line(text.substr(line_start, end == text.npos ? text.npos : end - line_start));
    throw ProfileFileError(fmt::format("{}:{}: {}{}", shown_path(path), line, field,
                                       fmt::format(fmt::runtime(what), at - line_start + 1)));
  };
  int depth = 0;
  std::size_t leading_end = text.find_first_not_of(" -");  // where the line's "- - " prefix ends
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '\n') {
      ++line, line_start = i + 1, depth = 0, ++i;
      leading_end = text.find_first_not_of(" -", line_start);
      continue;
    }
    if (c == '\0') fail(i, "a NUL byte (byte {} of the line): a profile is UTF-8 text, not binary or padded");
    if (c == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) {
      fail(i,
           "a carriage return alone (CR, byte {} of the line) ends a line: save the file with LF or CRLF line endings");
    }
    // Flow collections ([ { ) and block sequences opened on one line ("- - - x").
    const bool leading = leading_end >= i;
    if (c == '[' || c == '{' || (leading && c == '-' && i + 1 < text.size() && text[i + 1] == ' ')) {
      if (++depth > kMaxNesting) {
        fail(i, fmt::format("nesting deeper than {} levels (byte {{}} of the line): a profile nests 3", kMaxNesting));
      }
    }
    char32_t cp = 0;
    const std::size_t length = utf8_sequence(text, i, cp);
    if (length == 0) {
      fail(i, fmt::format("byte 0x{:02X} (byte {{}} of the line) is not UTF-8: save the file as UTF-8 text",
                          static_cast<unsigned char>(text[i])));
    }
    i += length;
  }
}

}  // namespace

ProfileFile parse_profile(std::string_view yaml, const std::string& path) {
  check_text(yaml, path);
  const std::string text(yaml);
  YAML::Node root;
  std::optional<int> second;
  try {
    root = YAML::Load(text);
    second = second_document_line(text);
  } catch (const YAML::DeepRecursion& e) {
    throw ProfileFileError(fmt::format("{}:{}: nesting deeper than YAML's reader allows: a profile nests 3 levels",
                                       shown_path(path), e.mark.line + 1));
  } catch (const YAML::Exception& e) {
    // e.msg may hold the offending character itself, a line break included.
    throw ProfileFileError(
        fmt::format("{}:{}: malformed YAML: {}", shown_path(path), e.mark.line + 1, escape_for_message(e.msg)));
  }
  if (root.IsNull()) {
    throw ProfileFileError(
        fmt::format("{}:1: empty profile (expected the fields {})", shown_path(path), join(kProfileFields)));
  }
  if (second) {
    throw ProfileFileError(
        fmt::format("{}:{}: a second YAML document (---): a profile file holds one", shown_path(path), *second));
  }
  try {
    return ProfileReader(path).read(root);
  } catch (const YAML::Exception& e) {
    // Not expected (the reader checks each node before it uses it), but a
    // reader's file must never become an internal error.
    if (e.mark.is_null()) throw ProfileFileError(fmt::format("{}: {}", shown_path(path), escape_for_message(e.msg)));
    throw ProfileFileError(fmt::format("{}:{}: {}", shown_path(path), e.mark.line + 1, escape_for_message(e.msg)));
  }
}

ProfileFile load_profile_file(const std::string& path) {
  if (path.empty()) throw ProfileFileError("expected the name of a YAML profile file, got ''");
  const std::string shown = shown_path(path);
  // O_NONBLOCK: opening a FIFO for reading must not wait for a writer. Only a
  // regular file is read; fstat on the opened descriptor, so what is checked is what is read.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) throw ProfileFileError(fmt::format("{}: cannot open: {}", shown, std::strerror(errno)));
  const std::unique_ptr<int, void (*)(int*)> closer(new int(fd), [](int* f) {
    ::close(*f);
    delete f;
  });
  struct stat info {};
  if (::fstat(fd, &info) != 0) throw ProfileFileError(fmt::format("{}: cannot read: {}", shown, std::strerror(errno)));
  if (!S_ISREG(info.st_mode)) {
    const char* kind = S_ISDIR(info.st_mode)                            ? "a directory"
                       : S_ISFIFO(info.st_mode)                         ? "a named pipe"
                       : S_ISCHR(info.st_mode) || S_ISBLK(info.st_mode) ? "a device"
                       : S_ISSOCK(info.st_mode)                         ? "a socket"
                                                                        : "not a regular file";
    throw ProfileFileError(fmt::format("{}: is {}, not a profile file (accepted: a regular YAML file)", shown, kind));
  }
  std::string text;
  char buffer[4096];
  while (true) {
    const ssize_t n = read_some(fd, buffer, sizeof buffer);
    if (n < 0) {
      throw ProfileFileError(fmt::format("{}: cannot read: {}", shown, std::strerror(errno)));
    }
    if (n == 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
    if (text.size() > kMaxProfileBytes) {
      throw ProfileFileError(fmt::format("{}: larger than {} bytes: not a profile", shown, kMaxProfileBytes));
    }
  }
  ProfileFile file = parse_profile(text, path);
  file.read = FileRead{info.st_dev, info.st_ino, path};
  return file;
}

ProfileFileError roofs_error(const ProfileFile& file, std::string_view what) {
  return roofs_error(file.path, file.roofs_line, what);
}

ProfileFileError roofs_error(const std::string& path, int roofs_line, std::string_view what) {
  return ProfileFileError(fmt::format("{}:{}: roofs: {}", shown_path(path), roofs_line, what));
}

}  // namespace ledger
