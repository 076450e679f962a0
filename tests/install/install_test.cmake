# ctest install/run: installs the build into a fresh prefix and runs the
# installed program from another directory with no TALON_PATH, so it must
# find stdlib/ and games/ next to itself (docs/program.md "Finding stdlib/
# and games/"). Run as: cmake -DBUILD=<build dir> -DPREFIX=<dir> -P this.
file(REMOVE_RECURSE "${PREFIX}")
file(MAKE_DIRECTORY "${PREFIX}/elsewhere")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD}" --prefix "${PREFIX}"
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc})")
endif()
set(talon "${PREFIX}/bin/talon")
file(WRITE "${PREFIX}/elsewhere/root.lua" "io.write(require('talon').root or 'nil')\n")

function(run_talon expect)
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env --unset=TALON_PATH "${talon}" ${ARGN}
                  WORKING_DIRECTORY "${PREFIX}/elsewhere"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "talon ${ARGN}: exit ${rc}\n${out}\n${err}")
  endif()
  if(NOT out MATCHES "${expect}")
    message(FATAL_ERROR "talon ${ARGN}: expected '${expect}' in\n${out}")
  endif()
  message(STATUS "talon ${ARGN}: ok")
endfunction()

# The data root is the installed one, not the source tree it was built from.
file(REAL_PATH "${PREFIX}/share/talon" want)
run_talon("^${want}$" run root.lua)
run_talon("hokm .*hosgin" list)
run_talon("2 matches" sim hokm --games 2 --seed 1)

# The manual page is installed where man finds it (man talon).
if(NOT EXISTS "${PREFIX}/share/man/man1/talon.1")
  message(FATAL_ERROR "no manual page at ${PREFIX}/share/man/man1/talon.1")
endif()
message(STATUS "share/man/man1/talon.1: ok")
