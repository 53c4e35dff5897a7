// A cost: the theoretical minimum FLOPs and bytes of one call of an operator,
// with the assumption that produced them (printed in the book's text).
#pragma once

#include <string>

namespace op_traffic {

struct Cost {
  std::string name;
  double flops = 0.0;
  double bytes = 0.0;
  std::string assumption;

  // Arithmetic intensity, FLOP/Byte.
  double intensity() const { return flops / bytes; }
};

}  // namespace op_traffic
