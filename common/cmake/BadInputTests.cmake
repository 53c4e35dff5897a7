# add_bad_input_tests(<chapter> <program>): `<chapter>/bad-input` (label cli) requires exit 2,
# an empty stdout and a stderr line naming the flag for every line of the generated bad-value
# matrix (common/bad-values.list for each [[numeric]] flag of chapter.toml) and of
# chapters/<chapter>/bad-input.list (common/cmake/bad-input-test.sh). The lines are judged in
# one process, <program>_bad_input_judge; a sample also runs as processes.
set(BAD_VALUES_MATRIX bad-values.generated.list)

include(${CMAKE_CURRENT_LIST_DIR}/TestPython.cmake)  # LEDGER_PYTHON

# write_bad_value_matrix(<chapter> <out-var>): the chapter's matrix, written at configure time.
function(write_bad_value_matrix chapter out_var)
  set(matrix_file ${CMAKE_CURRENT_BINARY_DIR}/${BAD_VALUES_MATRIX})
  set(inputs ${CMAKE_SOURCE_DIR}/common/bad-values.list ${CMAKE_SOURCE_DIR}/common/tests/bad-matrix.py
    ${CMAKE_SOURCE_DIR}/scripts/lib/suite.py ${CMAKE_SOURCE_DIR}/chapters/${chapter}/chapter.toml)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${inputs})
  # Python only when the matrix is stale: a start per chapter cost a 36-chapter configure 3 s.
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
  # Built with the program, so a battery never judges a stale copy of the code.
  add_dependencies(${program} ${program}_bad_input_judge)

  add_test(NAME ${chapter}/bad-input
    COMMAND bash ${CMAKE_SOURCE_DIR}/common/cmake/bad-input-test.sh $<TARGET_FILE:${program}>
            $<TARGET_FILE:${program}_bad_input_judge> ${matrix_file} ${list_file}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  # Each line gets 5 s of CPU (a loop is stopped); the timeout catches one that blocks.
  set_tests_properties(${chapter}/bad-input PROPERTIES LABELS cli TIMEOUT 120)
endfunction()
