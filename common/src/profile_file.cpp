#include "ledger/profile_file.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include "ledger/limits.hpp"
#include "ledger/std_fallbacks.hpp"
#include "ledger/text.hpp"
#include "profile_text.hpp"

namespace ledger {
namespace {

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

// The reader's text in quotes, shortened and on one line.
std::string quoted(std::string_view text) {
  constexpr std::size_t kShown = 60;
  if (text.size() <= kShown) return fmt::format("'{}'", escape_for_message(text));
  return fmt::format("'{}...'", escape_for_message(text.substr(0, utf8_cut(text, kShown))));
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
      if (std::find(accepted.begin(), accepted.end(), text) == accepted.end()) {
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

}  // namespace ledger
