#include "ledger/json.hpp"

#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

namespace ledger {

Json& Json::set(std::string key, Json value) {
  if (std::holds_alternative<std::nullptr_t>(value_)) value_ = Object{};
  std::get<Object>(value_).emplace_back(std::move(key), std::move(value));
  return *this;
}

Json& Json::push(Json value) {
  if (std::holds_alternative<std::nullptr_t>(value_)) value_ = Array{};
  std::get<Array>(value_).push_back(std::move(value));
  return *this;
}

std::string Json::dump(int indent) const {
  std::string out;
  write(out, indent, 0);
  return out;
}

void Json::write(std::string& out, int indent, int depth) const {
  // An array's or an object's items, one a line, a level deeper than its brackets.
  const auto items = [&](const auto& v, char open, char close, const auto& write_item) {
    out.push_back(open);
    for (std::size_t i = 0; i < v.size(); ++i) {
      out += i > 0 ? ",\n" : "\n";
      out.append(static_cast<std::size_t>(indent * (depth + 1)), ' ');
      write_item(v[i]);
    }
    if (!v.empty()) {
      out.push_back('\n');
      out.append(static_cast<std::size_t>(indent * depth), ' ');
    }
    out.push_back(close);
  };
  std::visit(
      [&](const auto& v) {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::nullptr_t>) {
          out += "null";
        } else if constexpr (std::is_same_v<T, bool>) {
          out += v ? "true" : "false";
        } else if constexpr (std::is_same_v<T, double>) {
          out += json_number(v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          out += json_quote(v);
        } else if constexpr (std::is_same_v<T, Array>) {
          items(v, '[', ']', [&](const Json& item) { item.write(out, indent, depth + 1); });
        } else if constexpr (std::is_same_v<T, Object>) {
          items(v, '{', '}', [&](const auto& member) {
            out += json_quote(member.first);
            out += ": ";
            member.second.write(out, indent, depth + 1);
          });
        } else {
          out += fmt::format("{}", v);  // exact 64-bit integer
        }
      },
      value_);
}

std::string json_number(double value) {
  if (!std::isfinite(value)) throw std::domain_error("JSON cannot hold a non-finite number");
  // The shortest form that round-trips (Dragonbox), with Python's exponent
  // thresholds; a float with no fraction gets ".0" as Python's json.dumps
  // gives it, so a reader tells 5000000000000.0 (a float) from 4096 (a count).
  std::string text = fmt::format("{}", value);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

std::string json_quote(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
        } else {
          out.push_back(c);  // UTF-8 bytes pass through: JSON text is UTF-8
        }
    }
  }
  out.push_back('"');
  return out;
}

}  // namespace ledger
