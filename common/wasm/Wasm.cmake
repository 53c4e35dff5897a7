# The wasm preset: each chapter program as one self-contained .js file (the .wasm inlined: a
# page opened from file:// cannot fetch a second file) for the HTML book's run control, tested
# under Node. yaml-cpp and Boost.Program_options are built for wasm from Debian's sources; no
# unit tests, fuzzers or book tests. ledger/std_fallbacks.hpp fills in what its libc++ 14 lacks.
find_program(NODE_EXECUTABLE NAMES node nodejs REQUIRED)
set(WASM_NODE_RUN ${CMAKE_SOURCE_DIR}/common/wasm/node-run.js)
# profile_codegen runs at build time: under Node, through the same runner as the tests
# (the toolchain's default emulator is plain node, which cannot see the host's files).
set(CMAKE_CROSSCOMPILING_EMULATOR ${NODE_EXECUTABLE} ${WASM_NODE_RUN})

# Exceptions on: without them a bad flag would abort instead of exiting 2. No LTO, and a cheap
# -O1 link: relinking op_ledger takes 3.6 CPU s against 29 with LTO and -Oz, for 376 KB gzip
# against 295 (2026-12-01); a page loads one program, under wasm/page-weight's 800 KB.
add_compile_options(-fwasm-exceptions)
# MODULARIZE: a fresh instance per run; FS for the page's profile and --plot file; NODEFS for node-run.js.
add_link_options(-O1 -sBINARYEN_EXTRA_PASSES=-O1 -sMALLOC=emmalloc -fwasm-exceptions -sSINGLE_FILE=1 -sMODULARIZE=1 -sEXIT_RUNTIME=1 -sALLOW_MEMORY_GROWTH=1
  -sFORCE_FILESYSTEM=1 -sEXPORTED_RUNTIME_METHODS=FS -sENVIRONMENT=web,node -lnodefs.js)
# The link's JavaScript optimizers need Debian's node modules (acorn, terser).
set(CMAKE_CXX_LINKER_LAUNCHER ${CMAKE_COMMAND} -E env NODE_PATH=/usr/share/nodejs)

# fmt's headers only (/usr/include as a whole would bring the host's C library).
set(wasm_include ${CMAKE_BINARY_DIR}/wasm-include)
file(MAKE_DIRECTORY ${wasm_include})
file(CREATE_LINK /usr/include/fmt ${wasm_include}/fmt SYMBOLIC)
add_library(fmt::fmt INTERFACE IMPORTED)
set_target_properties(fmt::fmt PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${wasm_include})

# yaml-cpp and Boost.Program_options take a minute each to build: kept per machine in
# WASM_DEPS_CACHE, keyed by versions and script hashes, renamed into place when complete.
if(DEFINED ENV{XDG_CACHE_HOME} AND IS_ABSOLUTE "$ENV{XDG_CACHE_HOME}")
  set(wasm_cache_default $ENV{XDG_CACHE_HOME}/op-perf-book/wasm-deps)
elseif(DEFINED ENV{HOME} AND IS_ABSOLUTE "$ENV{HOME}")
  set(wasm_cache_default $ENV{HOME}/.cache/op-perf-book/wasm-deps)
else()
  set(wasm_cache_default ${CMAKE_BINARY_DIR}/deps)
endif()
set(WASM_DEPS_CACHE ${wasm_cache_default} CACHE PATH "Where the wasm builds of yaml-cpp and Boost.Program_options are kept")
execute_process(COMMAND ${CMAKE_CXX_COMPILER} -dumpversion OUTPUT_VARIABLE emscripten_version OUTPUT_STRIP_TRAILING_WHITESPACE)

# wasm_dependency(<name> <debian-package> <script> <library-file> <out-var>): sets <out-var>
# to the prefix holding <library-file> (lib/...), building it with <script> when absent.
function(wasm_dependency name package script library out_var)
  execute_process(COMMAND dpkg-query -W -f=${package}-\${Version} ${package}
    OUTPUT_VARIABLE version OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${package} is not installed: scripts/install-deps --wasm installs it")
  endif()
  file(SHA1 ${CMAKE_SOURCE_DIR}/common/wasm/${script} script_hash)
  file(SHA1 ${CMAKE_SOURCE_DIR}/common/wasm/debian-source.sh source_hash)
  string(SUBSTRING "${script_hash}${source_hash}" 0 16 key)
  string(REGEX REPLACE "[^A-Za-z0-9.+_-]" "_" version "${version}")
  set(cache ${WASM_DEPS_CACHE})
  execute_process(COMMAND mkdir -p ${cache} RESULT_VARIABLE made ERROR_QUIET)
  execute_process(COMMAND test -w ${cache} RESULT_VARIABLE writable)
  if(NOT made EQUAL 0 OR NOT writable EQUAL 0)
    message(STATUS "WASM_DEPS_CACHE (${cache}) cannot be written: ${name} is built into ${CMAKE_BINARY_DIR}/deps")
    set(cache ${CMAKE_BINARY_DIR}/deps)
    file(MAKE_DIRECTORY ${cache})
  endif()
  set(prefix ${cache}/${version}-emscripten-${emscripten_version}-${key})
  if(NOT EXISTS ${prefix}/${library})
    string(RANDOM LENGTH 8 suffix)
    set(staging ${prefix}.building-${suffix})
    message(STATUS "Building ${name} for wasm from Debian's source package into ${prefix} (about a minute, then kept)")
    execute_process(COMMAND bash ${CMAKE_SOURCE_DIR}/common/wasm/${script} ${staging}
      RESULT_VARIABLE status OUTPUT_VARIABLE output ERROR_VARIABLE output)
    if(NOT status EQUAL 0)
      file(REMOVE_RECURSE ${staging})
      message(FATAL_ERROR "common/wasm/${script} failed:\n${output}")
    endif()
    file(REMOVE_RECURSE ${staging}/src)  # the unpacked sources and their build: not needed again
    file(RENAME ${staging} ${prefix} RESULT rename_status)  # another configure may have won the race: fine
    if(NOT rename_status EQUAL 0)
      file(REMOVE_RECURSE ${staging})
    endif()
  endif()
  set(${out_var} ${prefix} PARENT_SCOPE)
endfunction()

wasm_dependency(yaml-cpp libyaml-cpp-dev build-yaml-cpp.sh lib/libyaml-cpp.a WASM_YAML_CPP_PREFIX)
set(yaml-cpp_DIR ${WASM_YAML_CPP_PREFIX}/lib/cmake/yaml-cpp CACHE PATH "" FORCE)
list(APPEND CMAKE_FIND_ROOT_PATH ${WASM_YAML_CPP_PREFIX})

# Boost.Program_options: the host's headers, the library compiled for wasm.
wasm_dependency(Boost.Program_options libboost-program-options-dev build-boost-program-options.sh
  lib/libboost_program_options.a WASM_BOOST_PO_PREFIX)
add_library(Boost::program_options STATIC IMPORTED)
set_target_properties(Boost::program_options PROPERTIES
  IMPORTED_LOCATION ${WASM_BOOST_PO_PREFIX}/lib/libboost_program_options.a
  INTERFACE_INCLUDE_DIRECTORIES ${WASM_BOOST_PO_PREFIX}/include
  INTERFACE_COMPILE_DEFINITIONS "BOOST_ALL_NO_LIB;BOOST_BIND_GLOBAL_PLACEHOLDERS")

# add_wasm_program_tests(<chapter> <program>), from add_chapter: a launcher running the program
# under Node, its golden cases and bad-input battery through it, and (once) wasm/page-weight.
function(add_wasm_program_tests chapter program)
  get_property(weighed GLOBAL PROPERTY WASM_PAGE_WEIGHT_TEST)
  if(NOT weighed)
    set_property(GLOBAL PROPERTY WASM_PAGE_WEIGHT_TEST ON)
    add_test(NAME wasm/page-weight
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/common/tests/wasm/page-weight.py ${CMAKE_BINARY_DIR} 800000)
    set_tests_properties(wasm/page-weight PROPERTIES LABELS wasm)
  endif()
  set_target_properties(${program} PROPERTIES OUTPUT_NAME ${program})
  target_link_options(${program} PRIVATE -sEXPORT_NAME=${program})
  set(launcher ${CMAKE_CURRENT_BINARY_DIR}/${program}-node)
  file(GENERATE OUTPUT ${launcher}
    CONTENT "#!/bin/sh\n# ${program} from the wasm preset, run under Node (common/wasm/node-run.js).\nexec '${NODE_EXECUTABLE}' '${WASM_NODE_RUN}' '$<TARGET_FILE:${program}>' \"$@\"\n"
    FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
  add_golden_tests(${chapter} ${program} PROGRAM ${launcher} PREFIX wasm/ LABELS wasm golden)

  # The native battery's lists (BadInputTests.cmake), all lines in one Node process.
  write_bad_value_matrix(${chapter} matrix_file)
  add_test(NAME wasm/${chapter}/bad-input
    COMMAND bash ${CMAKE_SOURCE_DIR}/common/tests/wasm/bad-input-batch.sh $<TARGET_FILE:${program}> ${launcher}
            ${matrix_file} ${CMAKE_SOURCE_DIR}/chapters/${chapter}/bad-input.list
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  # COST: a chapter's longest wasm test, started first by ctest -j.
  set_tests_properties(wasm/${chapter}/bad-input PROPERTIES LABELS "wasm;cli" TIMEOUT 600 COST 20)

  find_program(PANDOC_EXECUTABLE pandoc)
  find_program(CHROMIUM_EXECUTABLE chromium)
  if(NOT PANDOC_EXECUTABLE OR NOT CHROMIUM_EXECUTABLE)
    message(STATUS "wasm/run-in-page (${chapter}'s page) skipped: pandoc or chromium not found "
                   "(scripts/install-deps --book --wasm installs them)")
    return()
  endif()
  set_property(GLOBAL APPEND PROPERTY WASM_RUN_IN_PAGE_CHAPTERS ${chapter})
endfunction()

# add_run_in_page_tests(): wasm/run-in-page/<g>-of-<n>, once every chapter is added: the chapters'
# pages in two groups (ctest -j2), each one render and one headless Chromium clicking the run
# controls against the golden files. Label layout: scripts/test runs them, not build-book's gate.
function(add_run_in_page_tests)
  get_property(chapters GLOBAL PROPERTY WASM_RUN_IN_PAGE_CHAPTERS)
  list(LENGTH chapters count)
  if(count EQUAL 0)
    return()
  endif()
  set(groups 2)
  if(count LESS 2)
    set(groups 1)
  endif()
  foreach(group RANGE 1 ${groups})
    set(members)
    set(index 0)
    foreach(chapter IN LISTS chapters)  # every n-th: the long pages spread over the groups
      math(EXPR slot "${index} % ${groups} + 1")
      if(slot EQUAL group)
        list(APPEND members ${chapter})
      endif()
      math(EXPR index "${index} + 1")
    endforeach()
    list(LENGTH members pages)
    math(EXPR timeout "150 + 90 * ${pages}")  # a third of it: about 5 s a page beside four busy loops
    set(name wasm/run-in-page/${group}-of-${groups})
    add_test(NAME ${name}
      COMMAND bash ${CMAKE_SOURCE_DIR}/book/run/run-in-page-test.sh ${CMAKE_BINARY_DIR}/run-in-page/${group}-of-${groups}
              ${CMAKE_BINARY_DIR} ${members}
      WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(${name} PROPERTIES LABELS "wasm;book;layout" TIMEOUT ${timeout}
      ENVIRONMENT CHROMIUM=${CHROMIUM_EXECUTABLE})
  endforeach()
endfunction()
