# The search's tests and the live preview's (label book), included by book/CMakeLists.txt.
#   book/search-terms   the tokenizer and MiniSearch on small hand-written documents
#   book/search         the rendered book in headless Chromium (Debian's, driven by
#                       playwright-core): typed queries, their first hits, nothing for
#                       nonsense, 375 px and dark mode
find_program(NODE_EXECUTABLE node)
find_program(CHROMIUM_EXECUTABLE NAMES chromium chromium-browser)
if(NOT NODE_EXECUTABLE)
  message(STATUS "book search tests skipped: node not found (scripts/install-deps --book installs it)")
  return()
endif()
set(search_tests ${CMAKE_CURRENT_SOURCE_DIR}/search/tests)
add_test(NAME book/search-terms COMMAND bash ${search_tests}/run.sh terms_test.js)
set_tests_properties(book/search-terms PROPERTIES LABELS book TIMEOUT 120)
if(CHROMIUM_EXECUTABLE)
  add_test(NAME book/search COMMAND bash ${search_tests}/run.sh search_page.js ${render_dir}/html)
  set_tests_properties(book/search PROPERTIES LABELS book FIXTURES_REQUIRED book_rendered TIMEOUT 300
                       ENVIRONMENT CHROMIUM=${CHROMIUM_EXECUTABLE})
else()
  message(STATUS "book/search skipped: chromium not found (scripts/install-deps --book installs it)")
endif()

# scripts/preview in a copy of the tree (scripts/tests/preview_test.py): serves the page,
# shows an edit, shows a broken golden file's diff, stops cleanly on Ctrl-C. Labels book
# and preview (`ctest -L book -LE preview` skips it); its copy's build/ stays warm in
# build/preview-test/, a cold first run builds common/ and one chapter.
add_test(NAME book/preview
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/tests/preview_test.py ${CMAKE_BINARY_DIR}/preview-test)
set_tests_properties(book/preview PROPERTIES LABELS "book;preview" TIMEOUT 900)
