# The book's edition (docs/editions.md).
#
# BOOK_EDITION, BOOK_EDITION_DATE, BOOK_EDITION_COMMIT: the last released edition, read from
# editions/latest.txt (0 and empty before the first), for whatever needs the version (a package).
#
# add_edition_info(<chapter>...) adds the target `edition_info`, run at every build before any
# program is linked: it writes each chapter's edition_<chapter>.cpp (common/tools/edition_info.py:
# the edition, the digest of the chapter's outputs), which add_chapter() links into the program
# for its --version, rewriting a file only when its text changes; and it stamps the tree's commit
# into the programs already linked (scripts/lib/build_stamp.py), so a commit relinks nothing.
# add_chapter() stamps a program again as it is linked (stamp_program()).
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
  set(outputs ${EDITION_INFO_DIR}/stamp.txt)
  set(programs "")  # paths, not $<TARGET_FILE>: that would make edition_info wait for the links
  foreach(chapter IN LISTS ARGN)
    list(APPEND outputs ${EDITION_INFO_DIR}/edition_${chapter}.cpp)
    list(APPEND programs ${CMAKE_BINARY_DIR}/chapters/${chapter}/${CHAPTER_PROGRAM_${chapter}}${CMAKE_EXECUTABLE_SUFFIX})
  endforeach()
  add_custom_target(edition_info ALL
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/common/tools/edition_info.py ${EDITION_INFO_DIR} ${programs}
    BYPRODUCTS ${outputs}
    COMMENT "Which edition the programs reproduce (common/tools/edition_info.py)"
    VERBATIM)
endfunction()

# stamp_program(<program>): the commit into the program as it is linked (its link wrote the
# placeholder), from the stamp edition_info wrote in this build.
function(stamp_program program)
  add_custom_command(TARGET ${program} POST_BUILD
    COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/lib/build_stamp.py stamp ${EDITION_INFO_DIR}/stamp.txt
            $<TARGET_FILE:${program}>
    VERBATIM)
endfunction()

# The gate's check (scripts/check-editions; label golden, so scripts/build-book's gate runs it):
# every published output has its ID, and differs from the last edition's only with a record
# that matches it.
function(add_edition_tests)
  # Every program's --version names the commit the tree is at now (common/tests/version_commit.py):
  # the commit reaches a program after its link, so this is one test of all programs, named as no
  # chapter's test is, which scripts/build-book's gate memo never leaves out (docs/editions.md).
  set(programs "")
  foreach(chapter IN LISTS BOOK_CHAPTERS)
    list(APPEND programs $<TARGET_FILE:${CHAPTER_PROGRAM_${chapter}}>)
  endforeach()
  if(EMSCRIPTEN)  # the programs in the page say the same: their --version under Node
    add_test(NAME wasm/version/programs
      COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/common/tests/version_commit.py --node ${NODE_EXECUTABLE} ${programs})
    set_tests_properties(wasm/version/programs PROPERTIES LABELS "wasm;cli" TIMEOUT 300)
    return()
  endif()
  add_test(NAME version/programs COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/common/tests/version_commit.py ${programs})
  set_tests_properties(version/programs PROPERTIES LABELS cli TIMEOUT 120)
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
