# The package's version (common/cmake/Package.cmake): LEDGER_PACKAGE_VERSION, with the date
# (RFC 2822) and one line on the change for its Debian changelog, and LEDGER_PACKAGE_EPOCH, the
# same date as seconds: SOURCE_DATE_EPOCH for CPack (every file's time in the package).
#
# The version names the commit a release or package build was configured with
# (BOOK_BUILD_COMMIT, common/cmake/Edition.cmake; scripts/package passes it), and the book's
# edition (BOOK_EDITION, BOOK_EDITION_COMMIT from editions/latest.txt):
#   the edition's own commit        <edition>                      e.g. 1
#   a later commit                  <edition>+git<date>.<commit>   (sorts after the edition)
#   no edition yet                  0~git<date>.<commit>           (sorts before edition 1)
#   no BOOK_BUILD_COMMIT            <edition>+dev, 0~dev           an author's development build,
#                                   dated as the edition (2000-01-01 before the first): never a
#                                   released version, and no git is asked, so a commit reconfigures nothing
# -DLEDGER_EDITION_VERSION=... overrides the version.
include_guard(GLOBAL)
if(NOT DEFINED BOOK_EDITION AND EXISTS ${CMAKE_CURRENT_LIST_DIR}/Edition.cmake)
  include(${CMAKE_CURRENT_LIST_DIR}/Edition.cmake)
endif()
if(BOOK_BUILD_COMMIT)
  execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} log -1 --format=%cd%n%h%n%cD%n%ct --date=format:%Y%m%d
                          ${BOOK_BUILD_COMMIT} --
                  OUTPUT_VARIABLE commit RESULT_VARIABLE git_status ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT git_status EQUAL 0 OR NOT commit)
    message(FATAL_ERROR "BOOK_BUILD_COMMIT=${BOOK_BUILD_COMMIT} is no commit git knows in ${CMAKE_SOURCE_DIR}")
  endif()
  string(REPLACE "\n" ";" commit "${commit}")
  list(GET commit 0 commit_day)
  list(GET commit 1 commit_hash)
  list(GET commit 2 LEDGER_PACKAGE_DATE)
  list(GET commit 3 LEDGER_PACKAGE_EPOCH)
  if(BOOK_EDITION GREATER 0 AND BOOK_BUILD_COMMIT STREQUAL BOOK_EDITION_COMMIT)
    set(LEDGER_PACKAGE_VERSION ${BOOK_EDITION})
    set(LEDGER_PACKAGE_CHANGE "Edition ${BOOK_EDITION}.")
  elseif(BOOK_EDITION GREATER 0)
    set(LEDGER_PACKAGE_VERSION ${BOOK_EDITION}+git${commit_day}.${commit_hash})
    set(LEDGER_PACKAGE_CHANGE "Edition ${BOOK_EDITION}, then commit ${commit_hash}.")
  else()
    set(LEDGER_PACKAGE_VERSION 0~git${commit_day}.${commit_hash})
    set(LEDGER_PACKAGE_CHANGE "Built from commit ${commit_hash}, before the first edition.")
  endif()
else()
  set(edition_day 2000-01-01)
  if(BOOK_EDITION GREATER 0)
    set(LEDGER_PACKAGE_VERSION ${BOOK_EDITION}+dev)
    set(edition_day ${BOOK_EDITION_DATE})
  else()
    set(LEDGER_PACKAGE_VERSION 0~dev)
  endif()
  execute_process(COMMAND env LC_ALL=C date -u -d "${edition_day} 00:00:00" "+%s%n%a, %d %b %Y %H:%M:%S %z"
                  OUTPUT_VARIABLE dated RESULT_VARIABLE date_status OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT date_status EQUAL 0)
    message(FATAL_ERROR "the package's date: `date -d '${edition_day}'` failed (editions/latest.txt's EDITION_DATE)")
  endif()
  string(REPLACE "\n" ";" dated "${dated}")
  list(GET dated 0 LEDGER_PACKAGE_EPOCH)
  list(GET dated 1 LEDGER_PACKAGE_DATE)
  set(LEDGER_PACKAGE_CHANGE "A development build: no commit recorded (scripts/package records it).")
endif()
if(LEDGER_EDITION_VERSION)
  set(LEDGER_PACKAGE_VERSION ${LEDGER_EDITION_VERSION})
  set(LEDGER_PACKAGE_CHANGE "Edition ${LEDGER_EDITION_VERSION}.")
endif()
