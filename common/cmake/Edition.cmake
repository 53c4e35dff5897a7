# The book's edition (docs/editions.md).
#
# BOOK_EDITION, BOOK_EDITION_DATE, BOOK_EDITION_COMMIT: the last released edition, read from
# editions/latest.txt (0 and empty before the first), for whatever needs the version (a package).
#
# add_edition_info(<chapter>...) adds the target `edition_info`, run at every build: it writes
# each chapter's edition_<chapter>.cpp (common/tools/edition_info.py: the edition, the tree's
# commit, the digest of the chapter's outputs), which add_chapter() links into the program for
# its --version. A file is rewritten only when its text changes.
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
    BYPRODUCTS ${outputs}
    COMMENT "Which edition the programs reproduce (common/tools/edition_info.py)"
    VERBATIM)
endfunction()

# The gate's check (scripts/check-editions; label golden, so scripts/build-book's gate runs it):
# every published output has its ID, and differs from the last edition's only with a record
# that matches it.
function(add_edition_tests)
  if(EMSCRIPTEN)  # the programs in the page say the same: their --version under Node
    foreach(chapter IN LISTS BOOK_CHAPTERS)
      set(program ${CHAPTER_PROGRAM_${chapter}})
      add_test(NAME wasm/${chapter}/version COMMAND ${NODE_EXECUTABLE} ${WASM_NODE_RUN} $<TARGET_FILE:${program}> --version)
      set_tests_properties(wasm/${chapter}/version PROPERTIES LABELS "wasm;cli" TIMEOUT 60
        PASS_REGULAR_EXPRESSION "^${program} (第 [0-9]+ 版（[0-9-]+）|尚未发布（还没有第 1 版）)\n提交 [^\n]+\n输出摘要 [0-9a-f]+")
    endforeach()
    return()
  endif()
  add_test(NAME editions/records COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/check-editions)
  set_tests_properties(editions/records PROPERTIES LABELS golden TIMEOUT 60)
  # The release and errata workflow in a scratch copy (scripts/tests/editions-test.sh): it
  # renders the book, so it comes with the book's tests.
  if(BOOK_TESTS AND NOT EMSCRIPTEN)
    add_test(NAME scripts/editions
      COMMAND bash ${CMAKE_SOURCE_DIR}/scripts/tests/editions-test.sh ${CMAKE_BINARY_DIR}/editions-test)
    set_tests_properties(scripts/editions PROPERTIES LABELS "tools" TIMEOUT 1200)  # as the template tests: a build and a render in a copy
    set_tests_properties(scripts/editions PROPERTIES COST 150)  # started early by ctest -j (CMakeLists.txt, COST)
  endif()
endfunction()
