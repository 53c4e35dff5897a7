# The search's tests (label book) and the live preview's (label preview), included by
# book/CMakeLists.txt.
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
# an open tab shows an edit, a broken golden file shows its diff, Ctrl-C stops it cleanly.
# Label preview, not book: it builds a chapter in its copy (kept warm in
# build/preview-test/; a cold first run builds common/ and one chapter), and the
# template test, which runs the book's tests in a copy of its own, need not nest it.
add_test(NAME scripts/preview
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/scripts/tests/preview_test.py ${CMAKE_BINARY_DIR}/preview-test)
set_tests_properties(scripts/preview PROPERTIES LABELS "preview;tools" TIMEOUT 900)
set_tests_properties(scripts/preview PROPERTIES COST 100)  # started early by ctest -j (CMakeLists.txt, COST)
