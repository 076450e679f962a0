-- Runs the talon program under test (arg[-1] under `talon test`) for the
-- front-end tests: arguments, standard input, and optionally a working
-- directory (commands that write files, such as `talon check`, run in a
-- fresh temporary directory, never in the source tree). Returns the exit
-- code, stdout and stderr.
local program = require "tests.lua.repl.program"
local quote = program.quote

local run = {}

run.program = program.path
run.root = require("talon").root or "."

-- A new empty directory.
function run.tmpdir()
  local d = os.tmpname()
  os.remove(d)
  assert(os.execute("mkdir -p " .. quote(d)))
  return d
end

function run.rmdir(d)
  os.execute("rm -rf " .. quote(d))
end

-- `talon ARGS... <input` with NO_COLOR and a UTF-8 locale, in 'dir'.
function run.talon(args, input, dir)
  local env = (dir and ("cd " .. quote(dir) .. " && ") or "") .. "NO_COLOR=1 LANG=C.UTF-8"
  return program.run(args, input, env)
end

-- Number of (plain) occurrences of 'needle' in 'text'.
function run.count(text, needle)
  local n, i = 0, 1
  while true do
    local s, e = text:find(needle, i, true)
    if not s then return n end
    n, i = n + 1, e + 1
  end
end

return run
