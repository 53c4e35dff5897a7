// A small JSON value for the programs' --format json: objects keep their
// insertion order (the order the spec lists the fields), integers stay exact,
// floats print as Python's json.dumps prints them (json_number).
#pragma once

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace ledger {

class Json {
 public:
  using Array = std::vector<Json>;
  using Object = std::vector<std::pair<std::string, Json>>;

  Json() = default;  // null
  Json(std::nullptr_t) {}
  Json(bool b) : value_(b) {}
  template <std::integral T>
  requires(!std::same_as<T, bool>) Json(T n) {
    if constexpr (std::is_signed_v<T>) {
      value_ = static_cast<std::int64_t>(n);
    } else {
      value_ = static_cast<std::uint64_t>(n);
    }
  }
  Json(double d) : value_(d) {}
  Json(std::string s) : value_(std::move(s)) {}
  Json(const char* s) : value_(std::string(s)) {}
  Json(std::string_view s) : value_(std::string(s)) {}
  Json(Array a) : value_(std::move(a)) {}
  Json(Object o) : value_(std::move(o)) {}
  template <class T>
  Json(const std::vector<T>& items) : value_(Array(items.begin(), items.end())) {}

  // Appends a member to an object (a null value becomes an empty object first).
  Json& set(std::string key, Json value);
  // Appends an element to an array (a null value becomes an empty array first).
  Json& push(Json value);

  // Pretty-printed with `indent` spaces per level, no trailing newline.
  // Throws std::domain_error for a non-finite float (JSON has none).
  std::string dump(int indent = 2) const;

 private:
  void write(std::string& out, int indent, int depth) const;

  std::variant<std::nullptr_t, bool, std::int64_t, std::uint64_t, double, std::string, Array, Object> value_{nullptr};
};

// A float as Python's json.dumps prints it: repr's shortest round-trip form,
// ".0" on an integral value (5000000000000.0, -0.0, 1e+16). Throws
// std::domain_error for a non-finite value.
std::string json_number(double value);

// A JSON string literal, quotes included: control characters, '"' and '\' escaped, UTF-8 kept.
std::string json_quote(std::string_view text);

}  // namespace ledger
