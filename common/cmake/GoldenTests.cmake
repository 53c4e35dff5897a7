# add_golden_tests(<chapter> <target>)
#
# Reads golden/<chapter>/cases.list (one case per line: `<case> <args...>`,
# `#` starts a comment) and adds one ctest test per case, named
# `<chapter>/<case>` with label `golden`. Each test runs the program with the
# case's arguments and compares its stdout byte for byte with
# golden/<chapter>/<case>.txt (see common/cmake/golden-test.sh).
function(add_golden_tests chapter target)
  set(list_file ${GOLDEN_DIR}/${chapter}/cases.list)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${list_file})
  file(STRINGS ${list_file} lines ENCODING UTF-8)
  foreach(line IN LISTS lines)
    string(STRIP "${line}" line)
    if(line STREQUAL "" OR line MATCHES "^#")
      continue()
    endif()
    separate_arguments(words UNIX_COMMAND "${line}")
    list(POP_FRONT words case_name)
    add_test(NAME ${chapter}/${case_name}
      COMMAND bash ${CMAKE_SOURCE_DIR}/common/cmake/golden-test.sh
              ${GOLDEN_DIR}/${chapter}/${case_name}.txt $<TARGET_FILE:${target}> ${words})
    set_tests_properties(${chapter}/${case_name} PROPERTIES LABELS golden)
  endforeach()
endfunction()
