# Fuzzing: libFuzzer targets (configure with -DFUZZ=ON and Clang; see the `fuzz`
# preset and scripts/fuzz) and, with FUZZ_SEED_TESTS (the `sanitize` preset),
# a ctest test per chapter that replays every seed through the same entry point.
#
# With FUZZ on, everything is compiled with coverage instrumentation and
# ASan+UBSan, so the fuzzers see into the ledger library too.
option(FUZZ "Build the libFuzzer targets (Clang only)" OFF)
option(FUZZ_SEED_TESTS "Add the fuzz seed replay tests (label fuzz)" OFF)
if(FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "FUZZ=ON needs Clang (libFuzzer): configure with the `fuzz` preset")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -g)
  add_link_options(-fsanitize=address,undefined)
endif()

# add_argv_fuzzer(<name> <library>...): the chapter's fuzz entry point
# (LLVMFuzzerTestOneInput in common/tests/fuzz/fuzz_main.cpp, on the chapter's
# program, ledger/program.hpp), linked with <library>...
#
# - FUZZ on: the libFuzzer executable `<name>`; scripts/fuzz runs it.
# - FUZZ_SEED_TESTS on: `<name>_seed_replay`, the entry point with a plain
#   driver (common/tests/fuzz/seed_replay.cpp, any compiler), and the ctest test
#   `<chapter>/fuzz-seeds` (label fuzz): it writes the chapter's seeds (from
#   golden/<chapter>/cases.list, chapters/<chapter>/bad-input.list, the generated
#   bad-value matrix (BadInputTests.cmake) and the
#   reproducers in chapters/<chapter>/fuzz-seeds/; see common/tests/fuzz-seeds.sh)
#   and replays each one, so a past finding that comes back fails the test.
function(add_argv_fuzzer name)
  get_filename_component(chapter ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  if(FUZZ)
    add_executable(${name} $<TARGET_OBJECTS:ledger_fuzz_main>)
    target_link_libraries(${name} PRIVATE ${ARGN})
    target_link_options(${name} PRIVATE -fsanitize=fuzzer)
  elseif(FUZZ_SEED_TESTS)
    add_executable(${name}_seed_replay $<TARGET_OBJECTS:ledger_fuzz_main> $<TARGET_OBJECTS:ledger_seed_replay>)
    target_link_libraries(${name}_seed_replay PRIVATE ${ARGN})
    set(seeds ${CMAKE_CURRENT_BINARY_DIR}/fuzz-seeds)
    add_test(NAME ${chapter}/fuzz-seeds
      COMMAND bash -c "bash \"$0\" \"$1\" \"$2\" \"$4\" && \"$3\" \"$2\""
              ${CMAKE_SOURCE_DIR}/common/tests/fuzz-seeds.sh ${chapter} ${seeds} $<TARGET_FILE:${name}_seed_replay>
              ${CMAKE_CURRENT_BINARY_DIR}/${BAD_VALUES_MATRIX}
      WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(${chapter}/fuzz-seeds PROPERTIES LABELS fuzz TIMEOUT 300)
  endif()
endfunction()
