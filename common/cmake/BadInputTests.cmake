# add_bad_input_tests(<chapter> <program>)
#
# One ctest test `<chapter>/bad-input` (label `cli`) that runs the program on
# every line of two lists and requires exit status 2, an empty stdout and one or
# two stderr lines naming the flag (see common/cmake/bad-input-test.sh):
#   - the generated bad-value matrix: every value of common/bad-values.list for
#     every numeric flag in [[numeric]] of chapters/<chapter>/chapter.toml,
#     written at configure time by common/tests/bad-matrix.py into the build
#     folder (bad-values.generated.list), so the coverage is the same for every program;
#   - chapters/<chapter>/bad-input.list: what is particular to the program.
# It runs in the repository's root, so a line names files in the repository by
# their relative path. The matrix's path in a chapter's build folder:
# BAD_VALUES_MATRIX (the fuzz seeds read it too).
#
# The lines are judged in one process, `<program>_bad_input_judge`:
# common/tests/bad_input_judge.cpp (compiled once, ledger_bad_input_judge)
# linked with <program>_core (add_chapter's library), calling the chapter's
# program (ledger/program.hpp) once per line; a sample of the lines also runs
# as processes.
set(BAD_VALUES_MATRIX bad-values.generated.list)

include(${CMAKE_CURRENT_LIST_DIR}/TestPython.cmake)  # LEDGER_PYTHON

# write_bad_value_matrix(<chapter> <out-var>): writes the chapter's generated matrix into
# its build folder at configure time (again whenever its inputs change) and sets <out-var>
# to its path. The native battery and the wasm one (common/wasm/Wasm.cmake) share it.
function(write_bad_value_matrix chapter out_var)
  set(matrix_file ${CMAKE_CURRENT_BINARY_DIR}/${BAD_VALUES_MATRIX})
  set(inputs ${CMAKE_SOURCE_DIR}/common/bad-values.list ${CMAKE_SOURCE_DIR}/common/tests/bad-matrix.py
    ${CMAKE_SOURCE_DIR}/scripts/lib/suite.py ${CMAKE_SOURCE_DIR}/chapters/${chapter}/chapter.toml)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${inputs})
  # Python only when the matrix is missing or older than one of its inputs: one start per
  # chapter made every configure of a 36-chapter book 3 s slower (twice: default and wasm).
  set(stale TRUE)
  if(EXISTS ${matrix_file})
    set(stale FALSE)
    foreach(input IN LISTS inputs)
      if("${input}" IS_NEWER_THAN "${matrix_file}")
        set(stale TRUE)
      endif()
    endforeach()
  endif()
  if(stale)
    execute_process(
      COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/common/tests/bad-matrix.py ${chapter} ${matrix_file}
      RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
      message(FATAL_ERROR "common/tests/bad-matrix.py ${chapter} failed (the message above names the line)")
    endif()
    file(TOUCH_NOCREATE ${matrix_file})  # it rewrites the file only when its text changes
  endif()
  set(${out_var} ${matrix_file} PARENT_SCOPE)
endfunction()

function(add_bad_input_tests chapter program)
  set(list_file ${CMAKE_SOURCE_DIR}/chapters/${chapter}/bad-input.list)
  if(NOT EXISTS ${list_file})  # the battery's own lines: a chapter without them is not tested
    message(FATAL_ERROR "chapters/${chapter}/bad-input.list is missing: every chapter's bad-input battery "
                        "needs its list (scripts/new-chapter writes one; CONTRIBUTING.md, \"Bad input\")")
  endif()
  write_bad_value_matrix(${chapter} matrix_file)
  add_executable(${program}_bad_input_judge $<TARGET_OBJECTS:ledger_bad_input_judge>)
  target_link_libraries(${program}_bad_input_judge PRIVATE ${program}_core)
  # Building the program builds its judge, so a battery never judges a stale copy of the
  # code: scripts/rebuild-chapter and scripts/new-chapter build the program alone.
  add_dependencies(${program} ${program}_bad_input_judge)

  add_test(NAME ${chapter}/bad-input
    COMMAND bash ${CMAKE_SOURCE_DIR}/common/cmake/bad-input-test.sh $<TARGET_FILE:${program}>
            $<TARGET_FILE:${program}_bad_input_judge> ${matrix_file} ${list_file}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  # Each line gets 5 s of CPU (a loop is stopped); the timeout catches one that blocks.
  set_tests_properties(${chapter}/bad-input PROPERTIES LABELS cli TIMEOUT 120)
endfunction()
