// op_traffic --help: its machines come from the chapter's machine table and the
// built-in profiles, not from a copy.
#include <catch2/catch.hpp>

#include "app.hpp"

TEST_CASE("--help lists the chapter's machines and the other built-in profiles", "[help]") {
  const char* argv[] = {"op_traffic", "--help"};
  const std::string help = op_traffic::run(2, argv).text;
  CHECK(help.find("[--machine {h100-spec,h200-measured,h200-spec} | --profile FILE]") !=
        std::string::npos);
  CHECK(help.find("（默认 h200-measured）") != std::string::npos);
  CHECK(help.find("h200-measured  H200（TileOPs 微基准标定：0.737x 算力 / 0.938x 带宽）") !=
        std::string::npos);
  // The profiles no --machine of the chapter uses, in common/CMakeLists.txt's order.
  CHECK(help.find("h100-sxm、a100-sxm-80gb、b200、mi300x、ascend-910b") != std::string::npos);
  CHECK(help.find("@") == std::string::npos);
}
