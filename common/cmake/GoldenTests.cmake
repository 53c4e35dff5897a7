# add_golden_tests(<chapter> <target> [PROGRAM <command>] [PREFIX <p>] [LABELS <label>...])
#
# One test `<chapter>/<case>` per line of golden/<chapter>/cases.list (grammar in CONTRIBUTING.md):
# the program's stdout, or its `--plot @OUT@` file, byte for byte against the golden file
# (common/cmake/golden-test.sh). Tests run in the tree's root, so a case names files by their
# tree path, as the golden source scripts do. The wasm preset passes its launcher as PROGRAM.
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

# add_json_recompute_test(<chapter>): the JSON golden files come from the program, not the
# reference, so Python's json reads them and tests/check_json.py recomputes every row.
function(add_json_recompute_test chapter)
  file(GLOB json_goldens CONFIGURE_DEPENDS ${GOLDEN_DIR}/${chapter}/*-json.txt)
  add_test(NAME ${chapter}/json-recomputed
    COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/chapters/${chapter}/tests/check_json.py ${json_goldens})
  set_tests_properties(${chapter}/json-recomputed PROPERTIES LABELS golden)
endfunction()
