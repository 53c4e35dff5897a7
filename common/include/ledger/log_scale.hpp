// A logarithmic plot axis: values from `low` to `high` (both > 0) mapped
// linearly in log10 onto pixels `from` .. `to`. Rooflines, FLOP counts and
// cycle counts span decades, so every figure of the book uses log axes.
#pragma once

#include <span>
#include <string>
#include <vector>

namespace ledger {

class LogScale {
 public:
  // `from` is the pixel of `low`, `to` the pixel of `high` (for a y axis, from > to).
  LogScale(double low, double high, double from, double to);

  // Whole decades around `values` (each finite and > 0), keeping at least a
  // factor `headroom` (>= 1) between the extreme values and the edges.
  static LogScale whole_decades(std::span<const double> values, double headroom, double from, double to);
  // Exactly a factor `headroom` beyond the smallest and the largest value.
  static LogScale padded(std::span<const double> values, double headroom, double from, double to);

  // The pixel of `value` (> 0); values outside [low, high] map outside [from, to].
  double operator()(double value) const;
  // The value at a pixel (the inverse of operator()).
  double value_at(double pixel) const;
  bool contains(double value) const { return value >= low_ && value <= high_; }

  double low() const { return low_; }
  double high() const { return high_; }
  double from() const { return from_; }
  double to() const { return to_; }

  // Every k with 10^k in [low, high], ascending.
  std::vector<int> decade_exponents() const;
  // Every m * 10^k (m = 2..9) in [low, high], ascending: the minor grid.
  std::vector<double> minor_values() const;

 private:
  double low_, high_, from_, to_;
  double log_low_, log_high_;
};

// 10^exponent, correctly rounded (read from its decimal form, not computed).
double power_of_ten(int exponent);

// A decade's tick label: "1", "10", then "10²", "10¹⁵", "10⁻³" (Unicode superscripts).
std::string decade_label(int exponent);

}  // namespace ledger
