# add_unit_tests(<target> <test-prefix> <sources>... LIBRARIES <library>...): a Catch2
# executable, one ctest test per TEST_CASE (label unit). `-w NoTests`: a filter matching no case
# fails. The tree's path comes at run time (LEDGER_SOURCE_DIR), so a compile is the same in every
# clone. -O1: test code only compares, and Catch's templates make -O3 a third costlier.
include(${CMAKE_CURRENT_LIST_DIR}/TestPython.cmake)  # LEDGER_PYTHON

function(add_unit_tests target prefix)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "" "LIBRARIES")
  add_executable(${target} ${arg_UNPARSED_ARGUMENTS})
  target_link_libraries(${target} PRIVATE ${arg_LIBRARIES} Catch2::Catch2WithMain)
  target_compile_options(${target} PRIVATE -O1)
  catch_discover_tests(${target} TEST_PREFIX "${prefix}" EXTRA_ARGS -w NoTests
    PROPERTIES LABELS unit ENVIRONMENT LEDGER_SOURCE_DIR=${CMAKE_SOURCE_DIR})
  set_property(GLOBAL APPEND PROPERTY LEDGER_BOOK_CHECK_TEST_NAMES $<TARGET_FILE:${target}>)
endfunction()
