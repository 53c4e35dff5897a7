# LEDGER_PYTHON: the interpreter itself, not a wrapper such as a pyenv shim (0.1 s a start),
# with -S: the checks use the standard library alone, so site-packages' hooks are skipped.
include_guard(GLOBAL)
execute_process(COMMAND ${Python3_EXECUTABLE} -c "import sys; print(sys.executable)"
  OUTPUT_VARIABLE ledger_python_interpreter OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE ledger_python_status)
if(ledger_python_status EQUAL 0 AND IS_ABSOLUTE "${ledger_python_interpreter}" AND EXISTS "${ledger_python_interpreter}")
  set(LEDGER_PYTHON ${ledger_python_interpreter} -S)
else()
  set(LEDGER_PYTHON ${Python3_EXECUTABLE} -S)
endif()
