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

-- `talon ARGS...` in a pseudo-terminal (tests/pty/ptydrive.c, found by
-- TALON_PTYDRIVE, which ctest sets), typing as 'script' says (its lines:
-- expect TEXT, send TEXT, sleep MS). Returns the driver's exit code (0 when
-- every expected text came), the transcript and the driver's complaints.
function run.pty(args, script, dir)
  local driver = os.getenv("TALON_PTYDRIVE")
  assert(driver, "TALON_PTYDRIVE is not set (ctest sets it to the built tests/pty driver)")
  local parts = {}
  for i, a in ipairs(args) do parts[i] = quote(a) end
  local cmd = ("%sTERM=xterm NO_COLOR=1 LANG=C.UTF-8 TALON_PATH=%s %s -t 60 -- %s %s"):format(
    dir and ("cd " .. quote(dir) .. " && ") or "", quote(run.root), quote(driver),
    quote(program.path), table.concat(parts, " "))
  local inp = program.file(script)
  local out, err = os.tmpname(), os.tmpname()
  local _, _, code = os.execute(("%s <%s >%s 2>%s"):format(cmd, inp, out, err))
  os.remove(inp)
  local function slurp(path)
    local f = assert(io.open(path, "rb"))
    local text = f:read("a")
    f:close()
    os.remove(path)
    return text
  end
  return code, slurp(out):gsub("\r", ""), slurp(err)
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
