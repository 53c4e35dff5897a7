# add_golden_tests(<chapter> <target>)
#
# Reads golden/<chapter>/cases.list (one case per line: `<case> <words...>`,
# a line starting with `#` is a comment; the grammar, shared by every reader, is
# in scripts/lib/suite.py and CONTRIBUTING.md) and adds one ctest test per case, named
# `<chapter>/<case>` with label `golden`. Each test runs the program with the
# case's arguments and compares its stdout byte for byte with
# golden/<chapter>/<case>.txt (see common/cmake/golden-test.sh). Tests run in
# the repository's root, so a case names files in the repository by their
# relative path (`--profile common/tests/profiles/reader-gpu.yaml`), as the
# golden source scripts do, and the path printed in the output stays the same.
#
# A case that writes a file (`--plot @OUT@`) is compared by that file instead:
# @OUT@ becomes a temporary path and the file must equal
# golden/<chapter>/<case>.svg (and be well-formed XML; the case's stdout must
# be the same as without `--plot @OUT@`); a differing one is kept as
# <this build folder>/<chapter>.<case>.actual.svg.
#
# The wasm preset runs the same cases through its build (common/wasm/Wasm.cmake):
# PROGRAM <command> runs instead of the target's file, PREFIX goes before each
# test's name, LABELS replace `golden`; the files check is the native build's.
include(${CMAKE_CURRENT_LIST_DIR}/TestPython.cmake)  # LEDGER_PYTHON

function(add_golden_tests chapter target)
  cmake_parse_arguments(PARSE_ARGV 2 arg "" "PROGRAM;PREFIX" "LABELS")
  set(program $<TARGET_FILE:${target}>)
  if(arg_PROGRAM)
    set(program ${arg_PROGRAM})
  endif()
  if(NOT arg_LABELS)
    set(arg_LABELS golden)
  endif()
  set(list_file ${GOLDEN_DIR}/${chapter}/cases.list)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${list_file})
  file(STRINGS ${list_file} lines ENCODING UTF-8)
  foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    if(line STREQUAL "" OR line MATCHES "^#")
      continue()
    endif()
    # No quoting and no trailing comment: the words are the runs of non-blanks.
    if(NOT line MATCHES "^[a-z0-9][a-z0-9-]*([ \t]+[A-Za-z0-9@._,/:=+-]+)*$")
      message(FATAL_ERROR "${list_file}: not a case line (`<case> <words>`, words of [A-Za-z0-9@._,/:=+-] "
        "separated by blanks, no quotes or trailing comment): ${line}")
    endif()
    string(REGEX MATCHALL "[^ \t]+" words "${line}")
    list(POP_FRONT words case_name)
    set(ext txt)
    if("@OUT@" IN_LIST words)
      set(ext svg)
    endif()
    set(golden ${GOLDEN_DIR}/${chapter}/${case_name}.${ext})
    # Where a differing @OUT@ file is kept: this build's folder, the chapter in its name.
    set(kept ${CMAKE_CURRENT_BINARY_DIR}/${chapter}.${case_name}.actual.${ext})
    add_test(NAME ${arg_PREFIX}${chapter}/${case_name}
      COMMAND bash ${CMAKE_SOURCE_DIR}/common/cmake/golden-test.sh ${kept} ${golden} ${program} ${words}
      WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
    set_tests_properties(${arg_PREFIX}${chapter}/${case_name} PROPERTIES LABELS "${arg_LABELS}")
  endforeach()
  if(arg_PREFIX)
    return()
  endif()

  # Every case has its golden file, and every golden file a case (or a reason in chapter.toml):
  # chapters/golden-files checks every chapter in one process (add_book_checks, Chapters.cmake).
  set_property(GLOBAL APPEND PROPERTY LEDGER_BOOK_CHECK_GOLDEN_FILES ${chapter})
endfunction()

# add_json_recompute_test(<chapter>)
#
# A chapter's JSON golden files (golden/<chapter>/*-json.txt) come from the
# program, not the reference, so `<chapter>/json-recomputed` (label golden)
# reads them with an independent parser (Python's json) and recomputes every
# row with chapters/<chapter>/tests/check_json.py.
function(add_json_recompute_test chapter)
  file(GLOB json_goldens CONFIGURE_DEPENDS ${GOLDEN_DIR}/${chapter}/*-json.txt)
  add_test(NAME ${chapter}/json-recomputed
    COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/chapters/${chapter}/tests/check_json.py ${json_goldens})
  set_tests_properties(${chapter}/json-recomputed PROPERTIES LABELS golden)
endfunction()
