# add_unit_tests(<target> <test-prefix> <sources>... LIBRARIES <library>...)
#
# A Catch2 test executable: its sources, Debian's prebuilt Catch2 main
# (Catch2::Catch2WithMain, so no test executable compiles Catch's runner), and
# one ctest test per TEST_CASE, named `<test-prefix><case>` with label `unit`.
# Each runs with `-w NoTests`, so a filter that matches no test case fails
# instead of passing with "No tests ran"; `chapters/test-names` refuses a
# name that ctest cannot pass to Catch whole (a ';', '*', ...: check-test-names.py).
# LEDGER_SOURCE_DIR names the tree for tests that read its files (the tree's path is
# not compiled in, so that a compile is the same in every clone: CMakeLists.txt).
#
# Test code is compiled at -O1: it only sets up inputs and compares results,
# while the code under test keeps the build type's optimisation in its
# libraries. Catch's assertion templates make -O3 cost about a third more here.
include(${CMAKE_CURRENT_LIST_DIR}/TestPython.cmake)  # LEDGER_PYTHON

function(add_unit_tests target prefix)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "LIBRARIES")
  add_executable(${target} ${arg_UNPARSED_ARGUMENTS})
  target_link_libraries(${target} PRIVATE ${arg_LIBRARIES} Catch2::Catch2WithMain)
  target_compile_options(${target} PRIVATE -O1)
  catch_discover_tests(${target} TEST_PREFIX "${prefix}" EXTRA_ARGS -w NoTests
    PROPERTIES LABELS unit ENVIRONMENT LEDGER_SOURCE_DIR=${CMAKE_SOURCE_DIR})
  # chapters/test-names checks every unit-test executable's names in one process
  # (add_book_checks, Chapters.cmake).
  set_property(GLOBAL APPEND PROPERTY LEDGER_BOOK_CHECK_TEST_NAMES $<TARGET_FILE:${target}>)
endfunction()
