-- talon.host.sandbox: the one protected call through which the framework enters
-- game code.
--
-- With the program's `talon.sandbox` every call gets the sandbox's time
-- budget, memory cap and traceback (docs/api.md "The sandbox"); without it (a bare
-- `lua5.4`) a plain xpcall with a traceback, so the framework still runs.
local guard = {}

local ok_talon, talon = pcall(require, "talon")
local sandbox = ok_talon and type(talon) == "table" and talon.sandbox or nil
local traceback = debug and debug.traceback

-- Time budget of one call into game code (milliseconds); a whole action,
-- with every hook it runs, is one call. 0 when the state cannot time calls.
guard.budget_ms = 2000

if sandbox then
  local ok = pcall(sandbox.call, 1, function() end)
  if not ok then guard.budget_ms = 0 end
end

local last_error
local function handler(err)
  last_error = err
  local msg = err
  if type(err) == "table" then msg = tostring(err) end
  if traceback then msg = traceback(tostring(msg), 2) end
  return msg
end

local function finish(ok, ...)
  if ok then return true, ... end
  local e = last_error
  last_error = nil
  return false, (...), e, "error"
end

-- Calls f(...) protected. Returns true, results... or false, message (with
-- traceback), the original error value, and the kind ("error", "budget",
-- "memory", "interrupt", "handler").
function guard.call(f, ...)
  if sandbox then return sandbox.call(guard.budget_ms, f, ...) end
  return finish(xpcall(f, handler, ...))
end

guard.sandbox = sandbox

return guard
