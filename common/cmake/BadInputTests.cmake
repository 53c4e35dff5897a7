# add_bad_input_tests(<chapter> <target>)
#
# One ctest test `<chapter>/bad-input` (label `cli`) that runs the program on
# every line of two lists and requires exit status 2, an empty stdout and one or
# two stderr lines naming the flag (see common/cmake/bad-input-test.sh):
#   - the generated bad-value matrix: every value of common/bad-values.list for
#     every numeric flag in [[numeric]] of chapters/<chapter>/chapter.toml,
#     written at configure time by common/cmake/bad-matrix.py into the build
#     folder (bad-values.generated.list), so the coverage is the same for every program;
#   - chapters/<chapter>/bad-input.list: what is particular to the program.
# It runs in the repository's root, so a line names files in the repository by
# their relative path. The matrix's path in a chapter's build folder:
# BAD_VALUES_MATRIX (the fuzz seeds read it too).
set(BAD_VALUES_MATRIX bad-values.generated.list)
function(add_bad_input_tests chapter target)
  set(list_file ${CMAKE_SOURCE_DIR}/chapters/${chapter}/bad-input.list)
  set(matrix_file ${CMAKE_CURRENT_BINARY_DIR}/${BAD_VALUES_MATRIX})
  set(inputs ${CMAKE_SOURCE_DIR}/common/bad-values.list ${CMAKE_SOURCE_DIR}/common/cmake/bad-matrix.py
    ${CMAKE_SOURCE_DIR}/chapters/${chapter}/chapter.toml)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${inputs})
  execute_process(
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/common/cmake/bad-matrix.py ${chapter} ${matrix_file}
    RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "common/cmake/bad-matrix.py ${chapter} failed (the message above names the line)")
  endif()
  add_test(NAME ${chapter}/bad-input
    COMMAND bash ${CMAKE_SOURCE_DIR}/common/cmake/bad-input-test.sh $<TARGET_FILE:${target}> ${matrix_file} ${list_file}
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  # The script kills a looping program after 5 s of CPU; the timeout catches one that blocks.
  set_tests_properties(${chapter}/bad-input PROPERTIES LABELS cli TIMEOUT 120)
endfunction()
