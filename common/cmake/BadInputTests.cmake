# add_bad_input_tests(<chapter> <target>)
#
# One ctest test `<chapter>/bad-input` (label `cli`) that runs the program on
# every line of chapters/<chapter>/bad-input.list and requires exit status 2,
# an empty stdout and one or two stderr lines naming the flag (see
# common/cmake/bad-input-test.sh). It runs in the repository's root, so a line
# names files in the repository by their relative path.
function(add_bad_input_tests chapter target)
  set(list_file ${CMAKE_SOURCE_DIR}/chapters/${chapter}/bad-input.list)
  add_test(NAME ${chapter}/bad-input
    COMMAND bash ${CMAKE_SOURCE_DIR}/common/cmake/bad-input-test.sh ${list_file} $<TARGET_FILE:${target}>
    WORKING_DIRECTORY ${CMAKE_SOURCE_DIR})
  # The script kills a looping program after 5 s of CPU; the timeout catches one that blocks.
  set_tests_properties(${chapter}/bad-input PROPERTIES LABELS cli TIMEOUT 120)
endfunction()
