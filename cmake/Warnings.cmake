# talon_warnings(target): the project's warning set, errors with TALON_WERROR.
function(talon_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic
    -Wshadow -Wstrict-prototypes -Wmissing-prototypes)
  if(TALON_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()
