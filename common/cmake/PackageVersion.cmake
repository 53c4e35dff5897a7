# The package's version (common/cmake/Package.cmake): LEDGER_PACKAGE_VERSION, with the date
# (RFC 2822) and one line on the change for its Debian changelog.
#
# THE EDITIONS HOOK: when the tree has edition data (issue 34, "Editions"), its version is the
# package's: set LEDGER_EDITION_VERSION here from that data (or pass -DLEDGER_EDITION_VERSION=...).
# Until then the version comes from the tree: 0~git<commit date>.<commit>, which sorts before
# any edition's number, so an edition's package upgrades these.
include_guard(GLOBAL)
execute_process(COMMAND git -C ${CMAKE_SOURCE_DIR} log -1 --format=%cd%n%h%n%cD%n%s --date=format:%Y%m%d
                OUTPUT_VARIABLE commit RESULT_VARIABLE git_status ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
set(LEDGER_PACKAGE_DATE "Thu, 01 Jan 1970 00:00:00 +0000")
set(LEDGER_PACKAGE_CHANGE "Built from a tree without git history.")
set(tree_version 0~tree)
if(git_status EQUAL 0 AND commit)
  string(REPLACE "\n" ";" commit "${commit}")
  list(GET commit 0 commit_day)
  list(GET commit 1 commit_hash)
  list(GET commit 2 LEDGER_PACKAGE_DATE)
  list(GET commit 3 commit_subject)
  set(tree_version 0~git${commit_day}.${commit_hash})
  set(LEDGER_PACKAGE_CHANGE "Built from commit ${commit_hash}.")
endif()
if(LEDGER_EDITION_VERSION)
  set(LEDGER_PACKAGE_VERSION ${LEDGER_EDITION_VERSION})
  set(LEDGER_PACKAGE_CHANGE "Edition ${LEDGER_EDITION_VERSION}.")
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
