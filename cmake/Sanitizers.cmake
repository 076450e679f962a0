# TALON_SANITIZE=ON builds everything with AddressSanitizer and UBSan; any
# undefined behaviour aborts the run so a test cannot pass over it.
if(TALON_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
    -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=address,undefined)
endif()
