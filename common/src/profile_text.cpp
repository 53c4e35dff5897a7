#include "profile_text.hpp"

#include <sstream>
#include <vector>

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include "ledger/profile_file.hpp"
#include "ledger/text.hpp"

namespace ledger {

std::string shown_path(std::string_view path) {
  return path.size() <= kEchoLimit ? escape_for_message(path) : quoted_value(path);
}

bool is_key_text(std::string_view s) {
  const auto word = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); };
  if (s.empty() || !word(s.front())) return false;
  for (char c : s) {
    if (!word(c) && c != '.' && c != '_' && c != '-') return false;
  }
  return true;
}

namespace {

// A profile nests three levels (roofs, a roof, its fields); yaml-cpp gives up near 2000.
constexpr int kMaxNesting = 32;

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

}  // namespace

std::optional<int> second_document_line(const std::string& text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentStarts documents;
  for (int i = 0; i < 2 && parser.HandleNextDocument(documents); ++i) {
  }
  if (documents.starts.size() < 2) return std::nullopt;
  return documents.starts[1].line + 1;
}

namespace {

// The field a line sets ("  - key: hbm" -> "key"), to name it in an error about the line's bytes.
std::string field_on_line(std::string_view line) {
  std::size_t i = line.find_first_not_of(" \t-");
  if (i == std::string_view::npos) return "";
  const std::size_t colon = line.find(':', i);
  if (colon == std::string_view::npos) return "";
  const std::string_view name = line.substr(i, colon - i);
  return is_key_text(name) ? fmt::format("{}: ", name) : "";
}

}  // namespace

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

}  // namespace ledger
