-- Runs the talon program under test (the binary that runs this test file,
-- arg[-1] under `talon test`) with arguments, standard input and
-- environment, and returns its exit code, stdout and stderr.
local program = {}

-- A shell word for 's'.
function program.quote(s)
  return "'" .. tostring(s):gsub("'", [['\'']]) .. "'"
end
local quote = program.quote

-- The binary by an absolute path, so a command may change directory.
local function absolute(path)
  if path:sub(1, 1) == "/" or not path:find("/", 1, true) then return path end
  return (os.getenv("PWD") or ".") .. "/" .. path
end

program.path = absolute(arg and arg[-1] or "talon")

local function slurp(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  os.remove(path)
  return text
end

--- Writes `text` to a new temporary file and returns its name.
function program.file(text)
  local path = os.tmpname()
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
  return path
end

--- Runs `talon ARGS... <input`; `env` is a shell prefix ("NO_COLOR=1").
function program.run(args, input, env)
  local parts = {}
  for i, a in ipairs(args) do parts[i] = quote(a) end
  local inp, out, err = program.file(input or ""), os.tmpname(), os.tmpname()
  local cmd = string.format("%s %s %s <%s >%s 2>%s", env or "",
    quote(program.path), table.concat(parts, " "), inp, out, err)
  local _, _, code = os.execute(cmd)
  os.remove(inp)
  return code, slurp(out), slurp(err)
end

return program
