#include "ledger/log_scale.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

namespace ledger {
namespace {

// Exponents beyond these leave double's range; values are clamped to them.
constexpr int kMinExponent = -300;
constexpr int kMaxExponent = 300;

// A whole log10 as an exponent in range; clamped as a double first, since
// converting an infinite or huge double to int is undefined.
int clamped_exponent(double whole) {
  return static_cast<int>(std::clamp(whole, static_cast<double>(kMinExponent), static_cast<double>(kMaxExponent)));
}

// The largest k with 10^k <= value, checked against the exact powers
// (log10 alone may land one off at a power of ten).
int floor_exponent(double value) {
  int k = clamped_exponent(std::floor(std::log10(value)));
  while (k > kMinExponent && power_of_ten(k) > value) --k;
  while (k < kMaxExponent && power_of_ten(k + 1) <= value) ++k;
  return k;
}

// The smallest k with 10^k >= value.
int ceil_exponent(double value) {
  int k = clamped_exponent(std::ceil(std::log10(value)));
  while (k < kMaxExponent && power_of_ten(k) < value) ++k;
  while (k > kMinExponent && power_of_ten(k - 1) >= value) --k;
  return k;
}

void require_plottable(std::span<const double> values) {
  if (values.empty()) throw std::invalid_argument("a log scale needs at least one value");
  for (double v : values) {
    if (!std::isfinite(v) || v <= 0.0) {
      throw std::invalid_argument(fmt::format("a log scale holds only finite values > 0, got {}", v));
    }
  }
}

}  // namespace

LogScale::LogScale(double low, double high, double from, double to)
    : low_(low), high_(high), from_(from), to_(to), log_low_(std::log10(low)), log_high_(std::log10(high)) {
  if (!(low > 0.0) || !(high > low) || !std::isfinite(high)) {
    throw std::invalid_argument(fmt::format("a log scale needs 0 < low < high, got {} .. {}", low, high));
  }
}

LogScale LogScale::whole_decades(std::span<const double> values, double headroom, double from, double to) {
  require_plottable(values);
  const auto [min, max] = std::minmax_element(values.begin(), values.end());
  const int low = floor_exponent(*min / headroom);
  const int high = std::max(ceil_exponent(*max * headroom), low + 1);
  return LogScale(power_of_ten(low), power_of_ten(high), from, to);
}

LogScale LogScale::padded(std::span<const double> values, double headroom, double from, double to) {
  require_plottable(values);
  const auto [min, max] = std::minmax_element(values.begin(), values.end());
  return LogScale(*min / headroom, *max * headroom, from, to);
}

double LogScale::operator()(double value) const {
  return from_ + (std::log10(value) - log_low_) / (log_high_ - log_low_) * (to_ - from_);
}

double LogScale::value_at(double pixel) const {
  return std::pow(10.0, log_low_ + (pixel - from_) / (to_ - from_) * (log_high_ - log_low_));
}

std::vector<int> LogScale::decade_exponents() const {
  std::vector<int> out;
  for (int k = ceil_exponent(low_); k <= kMaxExponent && power_of_ten(k) <= high_; ++k) out.push_back(k);
  return out;
}

std::vector<double> LogScale::minor_values() const {
  std::vector<double> out;
  for (int k = floor_exponent(low_); k <= kMaxExponent && power_of_ten(k) <= high_; ++k) {
    for (int m = 2; m <= 9; ++m) {
      // Read from "me k" so 3e-1 is the double nearest 0.3, not 3 * 0.1.
      const double v = std::strtod(fmt::format("{}e{}", m, k).c_str(), nullptr);
      if (contains(v)) out.push_back(v);
    }
  }
  return out;
}

double power_of_ten(int exponent) { return std::strtod(fmt::format("1e{}", exponent).c_str(), nullptr); }

std::string decade_label(int exponent) {
  if (exponent == 0) return "1";
  if (exponent == 1) return "10";
  static constexpr const char* kSuperscript[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string out = "10";
  if (exponent < 0) out += "⁻";
  for (const char digit : fmt::format("{}", exponent < 0 ? -exponent : exponent)) out += kSuperscript[digit - '0'];
  return out;
}

}  // namespace ledger
