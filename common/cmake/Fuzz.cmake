# Fuzzing: libFuzzer targets (the `fuzz` preset, scripts/fuzz) and, with FUZZ_SEED_TESTS (the
# `sanitize` preset), a test per chapter replaying every seed. FUZZ instruments everything, so
# the fuzzers see into the ledger library too.
option(FUZZ "Build the libFuzzer targets (Clang only)" OFF)
option(FUZZ_SEED_TESTS "Add the fuzz seed replay tests (label fuzz)" OFF)
if(FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "FUZZ=ON needs Clang (libFuzzer): configure with the `fuzz` preset")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -g)
  add_link_options(-fsanitize=address,undefined)
endif()

# add_argv_fuzzer(<name> <library>...): the chapter's fuzz entry point (common/tests/fuzz/).
# FUZZ_SEED_TESTS: `<chapter>/fuzz-seeds` replays the golden cases, the bad input and the past
# findings of chapters/<chapter>/fuzz-seeds/ (common/tests/fuzz-seeds.sh) with a plain driver.
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
