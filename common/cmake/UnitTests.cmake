# add_unit_tests(<target> <test-prefix> <sources>... LIBRARIES <library>...)
#
# A Catch2 test executable: its sources, Debian's prebuilt Catch2 main
# (Catch2::Catch2WithMain, so no test executable compiles Catch's runner), and
# one ctest test per TEST_CASE, named `<test-prefix><case>` with label `unit`.
#
# Test code is compiled at -O1: it only sets up inputs and compares results,
# while the code under test keeps the build type's optimisation in its
# libraries. Catch's assertion templates make -O3 cost about a third more here.
function(add_unit_tests target prefix)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "LIBRARIES")
  add_executable(${target} ${arg_UNPARSED_ARGUMENTS})
  target_link_libraries(${target} PRIVATE ${arg_LIBRARIES} Catch2::Catch2WithMain)
  target_compile_options(${target} PRIVATE -O1)
  catch_discover_tests(${target} TEST_PREFIX "${prefix}" PROPERTIES LABELS unit)
endfunction()
