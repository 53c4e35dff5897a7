// Catch2 v2 (Debian's catch2 package): one translation unit provides main().
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
