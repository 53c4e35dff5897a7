# LEDGER_PYTHON: the command line the suite's Python checks start (included by the
# other files of common/cmake/).
#
# Python3_EXECUTABLE may be a wrapper rather than the interpreter: a pyenv shim is a bash
# script that runs `pyenv exec`, 0.1-0.15 s of every start on the project's machine, more
# than most checks take. So it is asked once, here, for the interpreter it runs
# (sys.executable), and the tests start that one. -S: the checks use the standard library
# alone, so site-packages' .pth start-up hooks (60 ms a start on that machine) are skipped.
include_guard(GLOBAL)
execute_process(COMMAND ${Python3_EXECUTABLE} -c "import sys; print(sys.executable)"
  OUTPUT_VARIABLE ledger_python_interpreter OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE ledger_python_status)
if(ledger_python_status EQUAL 0 AND IS_ABSOLUTE "${ledger_python_interpreter}" AND EXISTS "${ledger_python_interpreter}")
  set(LEDGER_PYTHON ${ledger_python_interpreter} -S)
else()
  set(LEDGER_PYTHON ${Python3_EXECUTABLE} -S)
endif()
