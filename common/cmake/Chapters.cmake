# The chapters: chapters/chapters.list is the one place a chapter is registered.
#
# read_chapter_list() sets BOOK_CHAPTERS (reading order) and CHAPTER_PROGRAM_<chapter>; a listed
# chapter without a folder, or an unlisted folder, fails the configure step: either would be
# published with no test of its program.
#
# add_chapter(SOURCES <file>... [HOSTILE_ARGS <word>...]) builds and tests every chapter alike:
# <program>_core (SOURCES, shared with the tests), <program> on common's main(), <program>_flag_table,
# <program>_check (what scripts/rebuild-chapter builds), the golden, argparse-rules, bad-input,
# unit, json-recomputed and figure-labels tests, and its part of the book-wide checks
# (add_book_checks). HOSTILE_ARGS is a valid command line without --plot.
set(CHAPTER_LIST ${CMAKE_SOURCE_DIR}/chapters/chapters.list)

if(NOT CMAKE_SCRIPT_MODE_FILE)  # scripts/tests/chapter-list-test.sh reads the list in script mode
  include(${CMAKE_CURRENT_LIST_DIR}/TestPython.cmake)  # LEDGER_PYTHON
endif()

# The grammar (blank and `#` lines skipped, CR ignored, `<NN-slug> <program>`) is the same
# in the list's other readers: scripts/lib/suite.py, book/chapters.sh, book/filters/repo.lua;
# scripts/tests/chapter-list-test.sh feeds all four the same odd lines.
function(read_chapter_list)
  if(NOT CMAKE_SCRIPT_MODE_FILE)  # that test calls this in script mode, where no configure reruns
    set_property(DIRECTORY ${CMAKE_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CHAPTER_LIST})
  endif()
  # Read as text, not file(STRINGS): ';', '[' and ']' would split or join CMake list
  # items, so they stand in as <semicolon>, <lbracket>, <rbracket> while lines are split.
  file(READ ${CHAPTER_LIST} text)
  string(REPLACE "\r" "" text "${text}")
  string(REPLACE ";" "<semicolon>" text "${text}")
  string(REPLACE "[" "<lbracket>" text "${text}")
  string(REPLACE "]" "<rbracket>" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  set(chapters "")
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(line MATCHES "^[ \t]*(#|$)")
      continue()
    endif()
    if(NOT line MATCHES "^([0-9][0-9]-[a-z0-9-]+)[ \t]+([a-z][a-z0-9_]*)[ \t]*$")
      string(REPLACE "<semicolon>" ";" line "${line}")
      string(REPLACE "<lbracket>" "[" line "${line}")
      string(REPLACE "<rbracket>" "]" line "${line}")
      message(FATAL_ERROR "chapters/chapters.list:${number}: a line must read `<NN-slug> <program>`, got: ${line}")
    endif()
    set(chapter ${CMAKE_MATCH_1})
    set(program ${CMAKE_MATCH_2})
    if(chapter IN_LIST chapters)
      message(FATAL_ERROR "chapters/chapters.list:${number}: chapter ${chapter} is listed twice")
    endif()
    if(NOT EXISTS ${CMAKE_SOURCE_DIR}/chapters/${chapter}/CMakeLists.txt)
      message(FATAL_ERROR "chapter ${chapter} is listed in chapters/chapters.list but chapters/${chapter}/"
        "CMakeLists.txt is missing: restore the folder, or remove the chapter's line from "
        "chapters/chapters.list (and its golden/${chapter}/ and book/${chapter}.md)")
    endif()
    list(APPEND chapters ${chapter})
    set(CHAPTER_PROGRAM_${chapter} ${program} PARENT_SCOPE)
  endforeach()
  set(configure_depends CONFIGURE_DEPENDS)
  if(CMAKE_SCRIPT_MODE_FILE)
    set(configure_depends "")
  endif()
  file(GLOB entries LIST_DIRECTORIES true RELATIVE ${CMAKE_SOURCE_DIR}/chapters ${configure_depends}
    ${CMAKE_SOURCE_DIR}/chapters/*)
  foreach(entry IN LISTS entries)
    if(IS_DIRECTORY ${CMAKE_SOURCE_DIR}/chapters/${entry} AND NOT entry IN_LIST chapters)
      message(FATAL_ERROR "chapters/${entry}/ is not in chapters/chapters.list: add the line "
        "`${entry} <program>` there (in reading order) so it is built, tested and published, or remove the folder")
    endif()
  endforeach()
  set(BOOK_CHAPTERS ${chapters} PARENT_SCOPE)
endfunction()

function(add_chapter)
  cmake_parse_arguments(PARSE_ARGV 0 arg "" "" "SOURCES;HOSTILE_ARGS")
  get_filename_component(chapter ${CMAKE_CURRENT_SOURCE_DIR} NAME)
  set(program ${CHAPTER_PROGRAM_${chapter}})
  if(NOT program)
    message(FATAL_ERROR "add_chapter() in chapters/${chapter}/: the chapter is not in chapters/chapters.list")
  endif()

  add_library(${program}_core STATIC ${arg_SOURCES})
  target_include_directories(${program}_core PUBLIC ${CMAKE_CURRENT_SOURCE_DIR})
  target_link_libraries(${program}_core PUBLIC ledger)

  # common's main() is compiled once and linked with each chapter's library (ledger/program.hpp).
  add_executable(${program} $<TARGET_OBJECTS:ledger_program_main> ${EDITION_INFO_DIR}/edition_${chapter}.cpp)
  add_dependencies(${program} edition_info)  # its --version (common/cmake/Edition.cmake)
  # Outside the unity file, so Ninja knows the generated file as an input, not only through a
  # depfile that ccache may replay from another tree.
  set_source_files_properties(${EDITION_INFO_DIR}/edition_${chapter}.cpp PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  target_link_libraries(${program} PRIVATE ${program}_core)
  install(TARGETS ${program} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  if(EMSCRIPTEN)  # the wasm preset tests the program's golden cases and bad input, under Node
    add_wasm_program_tests(${chapter} ${program})
    return()
  endif()

  # The flag table that --help, fuzz.dict and chapter.toml's [[numeric]] are checked against.
  add_executable(${program}_flag_table $<TARGET_OBJECTS:ledger_flag_table_main>)
  target_link_libraries(${program}_flag_table PRIVATE ${program}_core)
  add_dependencies(${program} ${program}_flag_table)  # built whenever the program is, for the test
  book_check(FLAG_TABLE ${chapter} $<TARGET_FILE:${program}> $<TARGET_FILE:${program}_flag_table>)

  # Required with a reference script, so deleting the list cannot make the test vanish unnoticed.
  set(reference_line "")
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/chapter.toml)
    file(STRINGS ${CMAKE_CURRENT_SOURCE_DIR}/chapter.toml reference_line REGEX "^reference = \"[^\"]+\"")
  endif()
  if(reference_line AND NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/argparse-rules.list)
    message(FATAL_ERROR "chapters/${chapter}/argparse-rules.list is missing: chapter.toml names a reference script "
                        "(${reference_line}), whose argparse the program is compared with (common/tests/argparse_rules.py)")
  endif()
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/argparse-rules.list)
    add_test(NAME ${chapter}/argparse-rules
      COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/common/tests/argparse_rules.py ${chapter} $<TARGET_FILE:${program}>)
    set_tests_properties(${chapter}/argparse-rules PROPERTIES LABELS cli TIMEOUT 120)
  endif()

  add_golden_tests(${chapter} ${program})
  add_bad_input_tests(${chapter} ${program})
  add_argv_fuzzer(fuzz_${program} ${program}_core)

  file(GLOB test_sources CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tests/*.cpp)
  add_custom_target(${program}_check DEPENDS ${program})
  if(test_sources)
    add_unit_tests(${program}_unit_tests "${chapter}/" ${test_sources} LIBRARIES ${program}_core)
    add_dependencies(${program}_check ${program}_unit_tests)
  endif()
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/tests/check_json.py)
    add_json_recompute_test(${chapter})
  endif()

  book_check(HOSTILE_ENVIRONMENT ${program} $<TARGET_FILE:${program}> ${arg_HOSTILE_ARGS} ::)
  add_program_shell_docs(${chapter} ${program})  # its man page, completions and profiles (Package.cmake)

  # The flag sets are the chapter's data: a [figure_labels] table in its chapter.toml.
  set(chapter_toml ${CMAKE_CURRENT_SOURCE_DIR}/chapter.toml)
  set(figure_label_sets "")
  if(EXISTS ${chapter_toml})
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${chapter_toml})
    file(STRINGS ${chapter_toml} figure_label_sets REGEX "^\\[figure_labels\\]")
  endif()
  if(figure_label_sets)
    add_test(NAME ${chapter}/figure-labels
      COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/common/tests/figure_labels.py ${chapter} $<TARGET_FILE:${program}>)
    set_tests_properties(${chapter}/figure-labels PROPERTIES LABELS cli TIMEOUT 300)
  endif()
endfunction()

# book_check(<KIND> <argument>...): the arguments one chapter adds to the command line of
# the book-wide check KIND (FLAG_TABLE, HOSTILE_ENVIRONMENT, GOLDEN_FILES, TEST_NAMES).
function(book_check kind)
  set_property(GLOBAL APPEND PROPERTY LEDGER_BOOK_CHECK_${kind} ${ARGN})
endfunction()

# add_book_checks(): each check over every chapter in one process (an interpreter's start-up
# costs more than a chapter's runs), deferred until every chapter has added its part.
function(add_book_checks)
  foreach(kind FLAG_TABLE HOSTILE_ENVIRONMENT GOLDEN_FILES TEST_NAMES)
    get_property(args_${kind} GLOBAL PROPERTY LEDGER_BOOK_CHECK_${kind})
  endforeach()
  # About 25 runs a chapter, 50 ms each under ASan: 20 s a chapter, at least 300 s.
  list(LENGTH args_GOLDEN_FILES chapters)
  math(EXPR hostile_timeout "${chapters} * 20")
  if(hostile_timeout LESS 300)
    set(hostile_timeout 300)
  endif()
  add_test(NAME chapters/flag-table
    COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/common/tests/flag_table.py ${args_FLAG_TABLE})
  set_tests_properties(chapters/flag-table PROPERTIES LABELS unit TIMEOUT 120)
  add_test(NAME chapters/hostile-environment
    COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/common/tests/hostile_env.py ${args_HOSTILE_ENVIRONMENT})
  set_tests_properties(chapters/hostile-environment PROPERTIES LABELS cli TIMEOUT ${hostile_timeout})
  # A program without --plot gets the other checks (common/tests/hostile_env_without_plot.sh).
  if(TARGET head_roofline)
    add_test(NAME common/hostile-environment-without-plot
      COMMAND bash ${CMAKE_SOURCE_DIR}/common/tests/hostile_env_without_plot.sh $<TARGET_FILE:head_roofline> ${LEDGER_PYTHON})
    # Not narrowed to the changed chapters by build-book: it checks head_roofline whatever changed.
    set_tests_properties(common/hostile-environment-without-plot PROPERTIES LABELS cli TIMEOUT 120
      ENVIRONMENT LEDGER_CHECK_CHAPTERS=)
  endif()
  add_test(NAME chapters/golden-files
    COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/common/tests/check-golden-files.py ${args_GOLDEN_FILES})
  set_tests_properties(chapters/golden-files PROPERTIES LABELS golden TIMEOUT 120)
  # Every text output fits the book's 96 columns, or chapter.toml's [golden] wide lists it.
  add_test(NAME chapters/output-width
    COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/common/tests/check-output-width.py ${args_GOLDEN_FILES})
  set_tests_properties(chapters/output-width PROPERTIES LABELS golden TIMEOUT 120)
  add_test(NAME chapters/test-names
    COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/common/tests/check-test-names.py ${args_TEST_NAMES})
  set_tests_properties(chapters/test-names PROPERTIES LABELS unit TIMEOUT 120)
endfunction()
if(NOT EMSCRIPTEN AND NOT CMAKE_SCRIPT_MODE_FILE)  # wasm: the programs' golden cases and bad input only
  cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL add_book_checks)
endif()
