-- talon.sandbox from Lua (docs/api.md "The sandbox"): the fail tuple of load,
-- the four results of a failed call, budgets and the memory cap, with
-- environments from the program's one policy, talon.host.sandbox. The C
-- side is tested in tests/c/test_sandbox.c.
local t = require "talon.host.testing"
local sandbox = require("talon").sandbox
local policy = require "talon.host.sandbox"

local FIX = "tests/fixtures/"

local function load_fixture(dir, name, env)
  return sandbox.load(FIX .. dir .. "/" .. name .. ".lua", "games/" .. name .. ".lua",
    env or policy.env())
end

-- api.md "sandbox.load": environmental failures are nil, message.
t.test("load: missing file and syntax error are fail tuples", function()
  local chunk, err = sandbox.load(FIX .. "nope.lua", "games/nope.lua", policy.env())
  t.eq(chunk, nil, "no chunk")
  t.eq(err, "cannot open games/nope.lua: No such file or directory")
  chunk, err = load_fixture("broken_games", "syntax_error")
  t.eq(chunk, nil, "no chunk")
  t.ok(err:find("^games/syntax_error%.lua:3: "), err)
end)

-- api.md "sandbox.call": false, message with traceback, original
-- error value, kind.
t.test("call: a violation table stays a table next to its message", function()
  local violation = setmetatable({ rule = "HOK-R3" }, {
    __tostring = function(v) return v.rule .. ": must follow suit" end })
  local ok, msg, err, kind = sandbox.call(0, error, violation)
  t.eq(ok, false, "ok")
  t.ok(msg:find("^HOK%-R3: must follow suit\nstack traceback:"), msg)
  t.ok(rawequal(err, violation), "original object")
  t.eq(kind, "error", "kind")
end)

t.test("call: success returns true and every result", function()
  t.eq({ sandbox.call(100, function(a, b) return a + b, "x", nil end, 1, 2) },
    { true, 3, "x" })
end)

t.test("call: a hang is stopped as kind budget and the state goes on", function()
  local chunk = assert(load_fixture("broken_games", "hangs_in_pcall"))
  local _, def = sandbox.call(0, chunk)
  local ok, msg, _, kind = sandbox.call(50, def.legal)
  t.eq(ok, false, "stopped")
  t.eq(kind, "budget", "kind")
  t.ok(msg:find("^games/hangs_in_pcall%.lua:6: time budget of 50 ms exceeded"), msg)
  t.eq(select(2, sandbox.call(50, function() return 7 end)), 7, "usable")
end)

t.test("call: bad budgets are argument errors", function()
  t.checkerror("bad argument #1 to 'call' %(budget must be", function()
    sandbox.call(-1, print)
  end)
  t.checkerror("bad argument #2 to 'call' %(value expected%)", function()
    sandbox.call(10)
  end)
end)

-- talon.host.sandbox.env: the names given first, then the base; globals
-- raise.
t.test("env: names given are visible, assignment raises, metatable locked", function()
  local env = policy.env({ require = function(m) return "mod " .. m end })
  local chunk = assert(load("return require('talon.game')", "=games/x.lua", "t", env))
  t.eq(select(2, sandbox.call(0, chunk)), "mod talon.game", "framework require")
  chunk = load("score = 1", "=games/x.lua", "t", env)
  local ok, msg = sandbox.call(0, chunk)
  t.eq(ok, false, "assignment fails")
  t.ok(msg:find("^games/x.lua:1: cannot assign global 'score' %(use a local%)"), msg)
  t.eq(getmetatable(env), false, "locked")
end)

t.test("env: library copies are read-only but iterable", function()
  local env = policy.env()
  local chunk = load("local n = 0 for k in pairs(string) do n = n + 1 end "
    .. "return n, pcall(function() table.insert = nil end)", "=games/y.lua", "t", env)
  local ok, n, set_ok, err = sandbox.call(0, chunk)
  t.ok(ok, "ran")
  t.ok(n > 10, "pairs(string) lists functions")
  t.eq(set_ok, false, "cannot set")
  t.ok(err:find("cannot modify library 'table'", 1, true), err)
  t.eq(type(table.insert), "function", "trusted table untouched")
end)

t.test("load: the chunk runs in the environment given; games do not leak", function()
  local env_a = policy.env()
  local chunk = assert(load_fixture("sandbox", "game_a", env_a))
  t.eq({ sandbox.call(0, chunk) }, { true, 42, 0 }, "ran; no attempt got through")
  t.eq(rawget(env_a, "shared_secret"), nil, "nothing left in its environment")
  chunk = assert(load_fixture("sandbox", "game_b"))
  t.eq({ sandbox.call(0, chunk) }, { true, "OK" }, "game_b sees nothing of game_a")
  chunk = assert(load_fixture("sandbox", "game_b", policy.env { shared_secret = 7 }))
  t.eq({ sandbox.call(0, chunk) }, { true, "OK", 7 }, "its _ENV is the one given")
end)

-- api.md "sandbox.memory": the cap turns a huge allocation into
-- kind memory; the state stays usable.
t.test("memory: the cap stops a gigabyte string", function()
  local used, limit = sandbox.memory()
  t.ok(used > 0 and limit > 0, "a sandbox state with a cap")
  sandbox.memory(used + 32 * 2^20)
  local ok, msg, _, kind = sandbox.call(0, string.rep, "x", 2^30)
  sandbox.memory(limit)
  t.eq(ok, false, "failed")
  t.eq(kind, "memory", "kind")
  t.eq(msg, "not enough memory", "message")
  t.eq(select(2, sandbox.call(0, string.rep, "x", 3)), "xxx", "usable")
end)
