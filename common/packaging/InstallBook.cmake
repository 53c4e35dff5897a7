# Installs the rendered book into share/doc/op-perf-book/ (run by `cmake --install` and CPack;
# common/cmake/Package.cmake sets LEDGER_BOOK_SOURCE and LEDGER_BOOK_DESTINATION first).
# The book is taken from $ENV{LEDGER_BOOK_DIR} when set (the package test's render), else from
# build/book/ (what scripts/build-book published). With LEDGER_REQUIRE_BOOK=1 (scripts/package)
# a missing book fails the install; otherwise it is left out with a line saying so.
set(book "$ENV{LEDGER_BOOK_DIR}")
if(book STREQUAL "")
  set(book "${LEDGER_BOOK_SOURCE}")
endif()
foreach(part html/index.html book.epub book.pdf)
  if(NOT EXISTS "${book}/${part}")
    if("$ENV{LEDGER_REQUIRE_BOOK}" STREQUAL "1")
      message(FATAL_ERROR "the book is not rendered: ${book}/${part} is missing (scripts/build-book renders it)")
    endif()
    message(STATUS "Not installing the book: ${book}/${part} is missing (scripts/build-book renders it)")
    return()
  endif()
endforeach()
file(INSTALL "${book}/html" "${book}/book.epub" "${book}/book.pdf"
     DESTINATION "${CMAKE_INSTALL_PREFIX}/${LEDGER_BOOK_DESTINATION}"
     FILE_PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ
     DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE
     PATTERN ".*" EXCLUDE)
