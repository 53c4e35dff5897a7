# The package's version (common/cmake/Package.cmake): LEDGER_PACKAGE_VERSION, with the date
# (RFC 2822) and one line on the change for its Debian changelog.
#
# THE EDITIONS HOOK: the version is the book's edition once one is released (issue 34,
# "Editions": its common/cmake/Edition.cmake sets BOOK_EDITION, 0 before the first, and
# BOOK_EDITION_COMMIT from editions/latest.txt; included below when present, so the order of
# the includes does not matter). -DLEDGER_EDITION_VERSION=... overrides it.
#   the edition's own commit        <edition>            e.g. 1
#   a later commit                  <edition>+git<date>.<commit>   (sorts after the edition)
#   no edition yet                  0~git<date>.<commit>           (sorts before edition 1)
include_guard(GLOBAL)
execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} log -1 --format=%cd%n%h%n%cD%n%s --date=format:%Y%m%d
                OUTPUT_VARIABLE commit RESULT_VARIABLE git_status ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
set(LEDGER_PACKAGE_DATE "Thu, 01 Jan 1970 00:00:00 +0000")
set(LEDGER_PACKAGE_CHANGE "Built from a tree without git history.")
set(tree_version 0~tree)
set(commit_hash "")
if(git_status EQUAL 0 AND commit)
  string(REPLACE "\n" ";" commit "${commit}")
  list(GET commit 0 commit_day)
  list(GET commit 1 commit_hash)
  list(GET commit 2 LEDGER_PACKAGE_DATE)
  list(GET commit 3 commit_subject)
  set(tree_version 0~git${commit_day}.${commit_hash})
  set(LEDGER_PACKAGE_CHANGE "Built from commit ${commit_hash}.")
endif()
if(NOT DEFINED BOOK_EDITION AND EXISTS ${CMAKE_CURRENT_LIST_DIR}/Edition.cmake)
  include(${CMAKE_CURRENT_LIST_DIR}/Edition.cmake)
endif()
if(LEDGER_EDITION_VERSION)
  set(LEDGER_PACKAGE_VERSION ${LEDGER_EDITION_VERSION})
  set(LEDGER_PACKAGE_CHANGE "Edition ${LEDGER_EDITION_VERSION}.")
elseif(BOOK_EDITION GREATER 0)
  set(LEDGER_PACKAGE_VERSION ${BOOK_EDITION})
  set(LEDGER_PACKAGE_CHANGE "Edition ${BOOK_EDITION}.")
  if(commit_hash AND NOT "${BOOK_EDITION_COMMIT}" MATCHES "^${commit_hash}")
    set(LEDGER_PACKAGE_VERSION ${BOOK_EDITION}+git${commit_day}.${commit_hash})
    set(LEDGER_PACKAGE_CHANGE "Edition ${BOOK_EDITION}, then commit ${commit_hash}.")
  endif()
else()
  set(LEDGER_PACKAGE_VERSION ${tree_version})
endif()
# Configure again after a commit or a checkout (git appends to logs/HEAD on each; a worktree
# has its own), so the version names the commit built.
execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} rev-parse --path-format=absolute --git-path logs/HEAD
                OUTPUT_VARIABLE head_log RESULT_VARIABLE git_status ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
if(git_status EQUAL 0 AND EXISTS "${head_log}")
  set_property(DIRECTORY ${CMAKE_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${head_log})
endif()
