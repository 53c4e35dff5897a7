# The book's edition (docs/editions.md): BOOK_EDITION, BOOK_EDITION_DATE and BOOK_EDITION_COMMIT
# from editions/latest.txt. BOOK_BUILD_COMMIT is set by scripts/package only: nothing asks git
# at build time, so a commit relinks no program. add_edition_info() writes each chapter's
# edition_<chapter>.cpp for its --version (common/tools/edition_info.py).
set(BOOK_BUILD_COMMIT "" CACHE STRING
    "The commit a release or package build names in --version (scripts/package sets it); empty: a development build")
string(LENGTH "${BOOK_BUILD_COMMIT}" commit_length)
if(NOT (commit_length EQUAL 0 OR (BOOK_BUILD_COMMIT MATCHES "^[0-9a-f]+$" AND commit_length MATCHES "^(40|64)$")))
  message(FATAL_ERROR "BOOK_BUILD_COMMIT=${BOOK_BUILD_COMMIT}: want a full commit hash (40 or 64 lowercase hex "
                      "digits, `git rev-parse HEAD`) or nothing (a development build)")
endif()
set(EDITION_FILE ${CMAKE_SOURCE_DIR}/editions/latest.txt)
set(BOOK_EDITION 0)
set(BOOK_EDITION_DATE "")
set(BOOK_EDITION_COMMIT "")
if(EXISTS ${EDITION_FILE})
  set_property(DIRECTORY ${CMAKE_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${EDITION_FILE})
  file(STRINGS ${EDITION_FILE} edition_lines REGEX "^EDITION[A-Z_]*=")
  foreach(line IN LISTS edition_lines)
    if(line MATCHES "^EDITION=([0-9]+)$")
      set(BOOK_EDITION ${CMAKE_MATCH_1})
    elseif(line MATCHES "^EDITION_DATE=(.*)$")
      set(BOOK_EDITION_DATE ${CMAKE_MATCH_1})
    elseif(line MATCHES "^EDITION_COMMIT=(.*)$")
      set(BOOK_EDITION_COMMIT ${CMAKE_MATCH_1})
    endif()
  endforeach()
endif()
set(EDITION_INFO_DIR ${CMAKE_BINARY_DIR}/edition)

function(add_edition_info)
  set(outputs "")
  foreach(chapter IN LISTS ARGN)
    list(APPEND outputs ${EDITION_INFO_DIR}/edition_${chapter}.cpp)
  endforeach()
  add_custom_target(edition_info ALL
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/common/tools/edition_info.py ${EDITION_INFO_DIR}
            --commit=${BOOK_BUILD_COMMIT}
    BYPRODUCTS ${outputs}
    COMMENT "Which edition the programs reproduce (common/tools/edition_info.py)"
    VERBATIM)
endfunction()

# Every program's --version, and the gate's check that published outputs differ from the last
# edition's only with a matching record (scripts/check-editions).
function(add_edition_tests)
  set(programs "")
  foreach(chapter IN LISTS BOOK_CHAPTERS)
    list(APPEND programs $<TARGET_FILE:${CHAPTER_PROGRAM_${chapter}}>)
  endforeach()
  if(EMSCRIPTEN)  # the programs in the page say the same: their --version under Node
    add_test(NAME wasm/version/programs
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/common/tests/version_commit.py
              --commit=${BOOK_BUILD_COMMIT} --node ${NODE_EXECUTABLE} ${programs})
    set_tests_properties(wasm/version/programs PROPERTIES LABELS "wasm;cli" TIMEOUT 300)
    return()
  endif()
  add_test(NAME version/programs
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/common/tests/version_commit.py --commit=${BOOK_BUILD_COMMIT} ${programs})
  set_tests_properties(version/programs PROPERTIES LABELS cli TIMEOUT 120)
  add_test(NAME editions/records COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/check-editions)
  set_tests_properties(editions/records PROPERTIES LABELS golden TIMEOUT 60)
  # The release and errata workflows render the book in a copy: they come with the book's tests.
  if(BOOK_TESTS AND NOT EMSCRIPTEN)
    add_test(NAME scripts/editions
      COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/tests/editions-test.sh ${CMAKE_BINARY_DIR}/editions-test)
    set_tests_properties(scripts/editions PROPERTIES LABELS "tools" TIMEOUT 1200)  # as the template tests: a build and a render in a copy
    set_tests_properties(scripts/editions PROPERTIES COST 150)  # started early by ctest -j (CMakeLists.txt, COST)
    # An erratum published end to end (issue 64).
    add_test(NAME scripts/errata-workflow
      COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/tests/errata-workflow-test.sh ${CMAKE_BINARY_DIR}/errata-workflow)
    set_tests_properties(scripts/errata-workflow PROPERTIES LABELS "tools" TIMEOUT 600 COST 100)
  endif()
endfunction()
