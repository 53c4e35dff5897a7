# libFuzzer targets (configure with -DFUZZ=ON and Clang; see the `fuzz` preset).
# With FUZZ on, everything is compiled with coverage instrumentation and
# ASan+UBSan, so the fuzzers see into the ledger library too.
option(FUZZ "Build the libFuzzer targets (Clang only)" OFF)
if(FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "FUZZ=ON needs Clang (libFuzzer): configure with the `fuzz` preset")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -g)
  add_link_options(-fsanitize=address,undefined)
endif()

# add_argv_fuzzer(<name> <source> <library>...): an executable `<name>` built
# only when FUZZ is on. Run it as `<name> <corpus-dir>`; its seed corpus lives
# in the chapter's fuzz-corpus/ folder.
function(add_argv_fuzzer name source)
  if(FUZZ)
    add_executable(${name} ${source})
    target_link_libraries(${name} PRIVATE ${ARGN})
    target_link_options(${name} PRIVATE -fsanitize=fuzzer)
  endif()
endfunction()
