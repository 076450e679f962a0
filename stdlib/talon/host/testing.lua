-- talon.host.testing: the runner behind `talon test FILE...`.
--
-- A test file registers named tests and returns nothing:
--
--   local t = require "talon.host.testing"
--   -- HOK-R3: a player who holds the led suit must follow it
--   t.test("must follow suit", function()
--     t.eq(legal_cards("KS QH", "S"), "KS", "only the spade")
--   end)
--
-- The runner loads each file (trusted: full standard library), runs its
-- tests in order, fails a test that leaves a new global behind, prints
-- each failure with file:line, and ends with the line `N passed, N failed`
-- that CI reads. A file that fails to load, or registers no test, counts
-- as one failure.
local pretty = require "talon.host.pretty"
local sandbox = require "talon.host.sandbox"

local testing = {}

local registered = nil -- the tests of the file being loaded

-- A failed assertion: raised as a table so the report shows its position
-- and message without a traceback.
local Failure = {}
Failure.__index = Failure
Failure.__tostring = function(f) return f.msg end

local function fail(msg, level)
  local info = debug.getinfo(level + 1, "Sl")
  local where = info and (info.short_src .. ":" .. info.currentline .. ": ") or ""
  error(setmetatable({ msg = where .. msg }, Failure), 0)
end

local function labelled(label, msg)
  return label and (label .. ": " .. msg) or msg
end

local function deep_equal(a, b, seen)
  if rawequal(a, b) then return true end
  if type(a) ~= "table" or type(b) ~= "table" or debug.getmetatable(a) or debug.getmetatable(b) then
    return a == b
  end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, v in pairs(a) do
    if not deep_equal(v, rawget(b, k), seen) then return false end
  end
  for k in pairs(b) do
    if rawget(a, k) == nil then return false end
  end
  return true
end

--- Registers test `fn` under `name`; tests run in the order registered.
function testing.test(name, fn)
  if type(name) ~= "string" then error("test name must be a string", 2) end
  if type(fn) ~= "function" then error("test '" .. name .. "' needs a function", 2) end
  if not registered then error("testing.test called outside 'talon test'", 2) end
  registered[#registered + 1] = { name = name, fn = fn }
end

--- Fails unless `got` equals `want` (tables compared by contents).
function testing.eq(got, want, label)
  if not deep_equal(got, want) then
    fail(labelled(label, "expected " .. pretty.show(want, 3) .. ", got "
      .. pretty.show(got, 3)), 2)
  end
  return got
end

--- Fails if `got` equals `want`.
function testing.ne(got, want, label)
  if deep_equal(got, want) then
    fail(labelled(label, "expected something other than " .. pretty.show(want, 3)), 2)
  end
  return got
end

--- Fails unless `v` is truthy.
function testing.ok(v, label)
  if not v then fail(labelled(label, "expected a true value, got " .. pretty.show(v)), 2) end
  return v
end

--- Fails unless |got - want| <= tol (default 1e-9).
function testing.near(got, want, tol, label)
  tol = tol or 1e-9
  if type(got) ~= "number" or math.abs(got - want) > tol then
    fail(labelled(label, string.format("expected %s within %s, got %s",
      pretty.show(want), pretty.show(tol), pretty.show(got))), 2)
  end
  return got
end

--- Calls f(...) and fails unless it raises an error whose text contains
-- `pattern` (a Lua pattern, or else plain text). Returns the error text.
function testing.checkerror(pattern, f, ...)
  local ok, err = pcall(f, ...)
  if ok then
    fail("expected an error matching '" .. pattern .. "', but the call succeeded", 2)
  end
  local okmsg, msg = pcall(tostring, err)
  msg = okmsg and msg or "(error object whose __tostring fails)"
  local okfind, found = pcall(string.find, msg, pattern)
  if not ((okfind and found) or msg:find(pattern, 1, true)) then
    fail("expected an error matching '" .. pattern .. "', got: " .. msg, 2)
  end
  return msg
end

--- Fails the current test with `msg`.
function testing.fail(msg)
  fail(tostring(msg), 2)
end

-- A test's error as the front ends show a game's (talon.host.sandbox
-- error_text): a table by what it says, read raw by the describer, one C
-- call (pretty.show, Lua through and through, fails near the C stack's
-- limit, where a deep recursion raises), then the traceback.
local function handler(e)
  if debug.getmetatable(e) == Failure then return e.msg end
  local ok, text = pcall(sandbox.error_text, e)
  if not ok or type(text) ~= "string" then text = "(error object of type " .. type(e) .. ")" end
  local tb = debug.traceback(text, 2)
  local cut = tb:find("\n\t%[C%]: in function 'xpcall'")
  return cut and tb:sub(1, cut - 1) or tb -- the runner's own frames are noise
end

local function globals()
  local keys = {}
  for k in pairs(_G) do keys[k] = true end
  return keys
end

-- Names of globals added since `before`, removed again so that the next
-- test starts clean.
local function leaked(before)
  local names = {}
  for k in pairs(_G) do
    if not before[k] then names[#names + 1] = tostring(k) end
  end
  table.sort(names)
  for _, k in ipairs(names) do rawset(_G, k, nil) end
  return names
end

local function run_one(test, counts)
  local before = globals()
  local ok, err = xpcall(test.fn, handler)
  local names = leaked(before)
  if ok and #names > 0 then
    local info = debug.getinfo(test.fn, "S")
    ok, err = false, info.short_src .. ":" .. info.linedefined .. ": leaked global(s): "
      .. table.concat(names, ", ") .. " (declare them local)"
  end
  if ok then
    counts.passed = counts.passed + 1
    print("  ok    " .. test.name)
  else
    counts.failed = counts.failed + 1
    print("  FAIL  " .. test.name .. "\n        " .. tostring(err):gsub("\n", "\n        "))
  end
end

local function load_file(file)
  local chunk, err = loadfile(file)
  if not chunk then return nil, err end
  local before = globals()
  registered = {}
  local ok, lerr = xpcall(chunk, handler)
  local tests = registered
  registered = nil
  if not ok then return nil, "error while loading: " .. tostring(lerr) end
  local names = leaked(before)
  if #names > 0 then
    return nil, "leaked global(s) while loading: " .. table.concat(names, ", ")
  end
  if #tests == 0 then return nil, "no tests registered (use testing.test)" end
  return tests
end

--- Runs the test files; prints `N passed, N failed` and returns the exit
-- code (1 if any test failed or a file could not be run).
function testing.main(files)
  local counts = { passed = 0, failed = 0 }
  for _, file in ipairs(files) do
    print(file)
    local tests, err = load_file(file)
    if not tests then
      counts.failed = counts.failed + 1
      print("  FAIL  " .. file .. ": " .. tostring(err):gsub("\n", "\n        "))
    else
      for _, test in ipairs(tests) do run_one(test, counts) end
    end
  end
  print(string.format("%d passed, %d failed", counts.passed, counts.failed))
  return counts.failed > 0 and 1 or 0
end

return testing
