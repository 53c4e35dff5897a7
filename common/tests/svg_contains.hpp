// Whether an SVG document holds a piece of markup: the figure tests' one question of
// the drawn text (in a header: the test files share one unity translation unit).
#pragma once

#include <string>

inline bool svg_contains(const std::string& svg, const std::string& part) {
  return svg.find(part) != std::string::npos;
}
