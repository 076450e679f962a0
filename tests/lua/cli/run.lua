-- Runs the talon program under test (arg[-1] under `talon test`) for the
-- front-end tests: arguments, standard input, and optionally a working
-- directory (commands that write files, such as `talon check`, run in a
-- fresh temporary directory, never in the source tree). Returns the exit
-- code, stdout and stderr.
local run = {}

local function quote(s)
  return "'" .. tostring(s):gsub("'", [['\'']]) .. "'"
end

local function absolute(path)
  if path:sub(1, 1) == "/" or not path:find("/", 1, true) then return path end
  return (os.getenv("PWD") or ".") .. "/" .. path
end

run.program = absolute(arg and arg[-1] or "talon")
run.root = require("talon").root or "."

local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  os.remove(path)
  return text
end

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
  local parts = {}
  for i, a in ipairs(args) do parts[i] = quote(a) end
  local inp, out, err = os.tmpname(), os.tmpname(), os.tmpname()
  local f = assert(io.open(inp, "wb"))
  f:write(input or "")
  f:close()
  local cmd = ("%sNO_COLOR=1 LANG=C.UTF-8 %s %s <%s >%s 2>%s"):format(
    dir and ("cd " .. quote(dir) .. " && ") or "", quote(run.program),
    table.concat(parts, " "), inp, out, err)
  local _, _, code = os.execute(cmd)
  os.remove(inp)
  return code, slurp(out), slurp(err)
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
