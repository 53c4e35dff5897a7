# The package for readers without a compiler (issue 38; docs/install.md lists what it holds):
# the static programs, the profiles the book names at their tree paths, man pages and
# completions generated from each flag table, the book and Debian's policy files.
include_guard(GLOBAL)
include(${CMAKE_CURRENT_LIST_DIR}/TestPython.cmake)
include(${CMAKE_CURRENT_LIST_DIR}/PackageVersion.cmake)

set(LEDGER_PACKAGE_NAME op-perf-book)  # also ledger::kPackageName (ledger/installed_data.hpp)
set(LEDGER_PACKAGE_DATA_DIR ${CMAKE_INSTALL_DATADIR}/${LEDGER_PACKAGE_NAME})
set(LEDGER_PACKAGE_DOC_DIR ${CMAKE_INSTALL_DATADIR}/doc/${LEDGER_PACKAGE_NAME})
set(LEDGER_SHELL_DOCS_DIR ${CMAKE_BINARY_DIR}/shell-docs)

# add_program_shell_docs(<chapter> <program>): the program's man page and completions, built
# with the program (ALL) and installed; and the profiles its golden cases name, installed.
function(add_program_shell_docs chapter program)
  add_executable(${program}_manual ${CMAKE_SOURCE_DIR}/common/packaging/manual_main.cpp)
  target_link_libraries(${program}_manual PRIVATE ${program}_core)
  set(out ${LEDGER_SHELL_DOCS_DIR}/${program})
  set(others "")
  foreach(other_chapter IN LISTS BOOK_CHAPTERS)
    list(APPEND others ${CHAPTER_PROGRAM_${other_chapter}})
  endforeach()
  add_custom_command(
    OUTPUT ${out}/${program}.1 ${out}/${program}.1.gz ${out}/${program}.bash ${out}/_${program}
    COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/common/packaging/shell_docs.py
            $<TARGET_FILE:${program}_manual> ${LEDGER_PACKAGE_VERSION} ${out} ${others}
    DEPENDS ${program}_manual ${CMAKE_SOURCE_DIR}/common/packaging/shell_docs.py
    COMMENT "Generating ${program}'s man page and shell completions from its flag table"
    VERBATIM)
  add_custom_target(${program}_shell_docs ALL DEPENDS ${out}/${program}.1.gz ${out}/${program}.bash ${out}/_${program})
  install(FILES ${out}/${program}.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${out}/${program}.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/zh_CN/man1)
  install(FILES ${out}/${program}.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
          RENAME ${program})
  install(FILES ${out}/_${program} DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)

  # Every profile a golden case names (`--profile <path>`), at its tree path: the book's commands.
  set(cases ${CMAKE_SOURCE_DIR}/golden/${chapter}/cases.list)
  file(STRINGS ${cases} profile_lines REGEX "^[^#]*--profile[ =]")  # comments left out
  foreach(line IN LISTS profile_lines)
    if(line MATCHES "--profile[ =]([^ ]+)")
      set(path ${CMAKE_MATCH_1})
      if(NOT EXISTS ${CMAKE_SOURCE_DIR}/${path})
        message(FATAL_ERROR "golden/${chapter}/cases.list names --profile ${path}, which is not in the tree")
      endif()
      get_filename_component(folder ${path} DIRECTORY)
      install(FILES ${CMAKE_SOURCE_DIR}/${path} DESTINATION ${LEDGER_PACKAGE_DATA_DIR}/${folder})
    endif()
  endforeach()
endfunction()

# The built-in profiles too, which every --help names as examples (common/profiles/<key>.yaml).
file(GLOB ledger_builtin_profile_files ${CMAKE_SOURCE_DIR}/common/profiles/*.yaml)
install(FILES ${ledger_builtin_profile_files} ${CMAKE_SOURCE_DIR}/common/profiles/README.md
        DESTINATION ${LEDGER_PACKAGE_DATA_DIR}/common/profiles)
# The book: from LEDGER_BOOK_DIR at install time (scripts/package: the published build/book/, or
# the package test's render); a plain `cmake --install` of a build whose book is not rendered skips it.
install(CODE "set(LEDGER_BOOK_SOURCE \"${CMAKE_BINARY_DIR}/book\")
  set(LEDGER_BOOK_DESTINATION \"${LEDGER_PACKAGE_DOC_DIR}\")"
  SCRIPT ${CMAKE_SOURCE_DIR}/common/packaging/InstallBook.cmake)

# Debian's policy files: copyright, and changelog.gz for a native package (gzip -9n).
set(package_doc ${CMAKE_BINARY_DIR}/package-doc)
execute_process(COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/common/packaging/policy_files.py ${package_doc}
                        ${LEDGER_PACKAGE_NAME} ${LEDGER_PACKAGE_VERSION} ${LEDGER_PACKAGE_DATE}
                        "${LEDGER_PACKAGE_CHANGE}"
                COMMAND_ERROR_IS_FATAL ANY)
install(FILES ${package_doc}/copyright ${package_doc}/changelog.gz DESTINATION ${LEDGER_PACKAGE_DOC_DIR})

set(CPACK_PACKAGE_NAME ${LEDGER_PACKAGE_NAME})
set(CPACK_PACKAGE_VERSION ${LEDGER_PACKAGE_VERSION})
set(CPACK_PACKAGE_VENDOR "算子性能复算组")
set(CPACK_PACKAGE_CONTACT "Operator-performance book maintainers <maintainers@users.noreply.a-seed-64d260e7.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "operator-performance book: its chapter programs and the book")
# One generator: scripts/lib/make_package.sh makes the tarball from this .deb's files, with tar.
set(CPACK_GENERATOR "DEB")
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGE_FILE_NAME ${LEDGER_PACKAGE_NAME}-${LEDGER_PACKAGE_VERSION})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The extended description (Debian's synopsis is the summary above).
set(CPACK_PACKAGE_DESCRIPTION "The programs of a Chinese book on operator performance (roofline models,
operator ledgers, an Ascend kernel report): op_traffic, op_ledger and
head_roofline print the tables the book prints, for the flags the reader
gives. Each has a Chinese manual page and bash and zsh completion. The
book itself (HTML, EPUB and PDF) is in /usr/share/doc/op-perf-book/.")
set(CPACK_DEBIAN_PACKAGE_DEPENDS "")  # static programs: nothing at run time
# What makes `man op_traffic` and Tab work: apt installs them with the package (dpkg -i does not).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "man-db, bash-completion")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)  # data.tar.gz, CPack's own
# The time of every file in the package: scripts/lib/make_package.sh runs CPack with it as
# SOURCE_DATE_EPOCH, so the same build packaged twice gives the same bytes (docs/install.md).
set(CPACK_LEDGER_SOURCE_DATE_EPOCH ${LEDGER_PACKAGE_EPOCH})
include(CPack)

# The generator on a sample manual of its own, and on planted faults it must refuse.
add_test(NAME packaging/shell-docs COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/common/packaging/shell_docs_test.py)
set_tests_properties(packaging/shell-docs PROPERTIES LABELS unit TIMEOUT 60)

# What readers run: the rendered book's `$ …` commands, and the package installed as a reader
# does. Deferred: BOOK_TESTS and the book_rendered fixture come from book/CMakeLists.txt.
function(add_package_tests)
  if(NOT BOOK_TESTS)
    return()
  endif()
  set(render ${CMAKE_BINARY_DIR}/book/test-render)
  set(path_args "")
  foreach(chapter IN LISTS BOOK_CHAPTERS)
    list(APPEND path_args --path ${CMAKE_BINARY_DIR}/chapters/${chapter})
  endforeach()
  add_test(NAME book/commands
    COMMAND ${LEDGER_PYTHON} ${CMAKE_SOURCE_DIR}/common/packaging/tests/book_commands.py ${render}/html
            --cwd ${CMAKE_SOURCE_DIR} ${path_args} --label book/commands)
  set_tests_properties(book/commands PROPERTIES LABELS book TIMEOUT 120 FIXTURES_REQUIRED book_rendered)
  add_test(NAME package/install
    COMMAND bash ${CMAKE_SOURCE_DIR}/common/packaging/package-test.sh ${CMAKE_BINARY_DIR}
            ${CMAKE_BINARY_DIR}/package-test ${render})
  set_tests_properties(package/install PROPERTIES LABELS tools TIMEOUT 600 FIXTURES_REQUIRED book_rendered
    ENVIRONMENT "LEDGER_PYTHON=${Python3_EXECUTABLE}")
endfunction()
cmake_language(DEFER DIRECTORY ${CMAKE_SOURCE_DIR} CALL add_package_tests)
