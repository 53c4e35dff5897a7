// Human-readable byte counts and times, exactly as the chapter-02 reference
// script (op_traffic.py) defines fmt_bytes and fmt_time.
#pragma once

#include <string>

namespace op_traffic {

// >= 1e9 -> "x.xx GB", >= 1e6 -> "x.xx MB", >= 1e3 -> "x.xx KB", else "n B".
std::string fmt_bytes(double value);

// >= 1 s -> "x.xxx s", >= 1 ms -> "x.xxx ms", else "x.x us".
std::string fmt_time(double seconds);

}  // namespace op_traffic
