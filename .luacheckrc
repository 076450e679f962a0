-- luacheck configuration: the Lua tree is plain Lua 5.4 and sets no globals.
std = "lua54"
max_line_length = 100
codes = true
exclude_files = { "build/**", "tests/hostile/**" }
