-- talon.sandbox from Lua (docs/api.md "The sandbox"): the fail tuple of load,
-- the four results of a failed call, budgets and the memory cap; and the
-- program's one policy of what game code may reach, talon.host.sandbox,
-- whose environments every test here uses. The C side is tested in
-- tests/c/test_sandbox.c.
local t = require "talon.host.testing"
local sandbox = require("talon").sandbox
local policy = require "talon.host.sandbox"

local FIX = "tests/fixtures/"

local function load_fixture(dir, name, env)
  return sandbox.load(FIX .. dir .. "/" .. name .. ".lua", "games/" .. name .. ".lua",
    env or policy.env())
end

-- Runs 'code' as games/probe.lua in a fresh policy environment (with
-- 'names' seen first); returns what sandbox.call returns.
local function run(code, names)
  local chunk = assert(load(code, "@games/probe.lua", "t", policy.env(names)))
  return sandbox.call(0, chunk)
end

-- 'code' fails with 'want' as the first line of its message.
local function refuses(code, want, names)
  local ok, msg = run(code, names)
  t.eq(ok, false, code .. " fails")
  t.eq(tostring(msg):match("^[^\n]*"), want, code)
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

-- api.md "sandbox.load": the environment is the caller's; no default.
t.test("load: the environment is required", function()
  t.checkerror("bad argument #3 to 'load' %(table expected, got no value%)", function()
    sandbox.load(FIX .. "sandbox/game_a.lua", "games/game_a.lua")
  end)
  t.eq(sandbox.env, nil, "no environment builder in C")
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

-- api.md "sandbox.describe": a game's error table is shown by what it
-- says, read raw, on one bounded line; a table without __tostring in a
-- call's message reads the same.
t.test("describe: a table error is shown by its fields, raw, escaped and bounded", function()
  local describe = sandbox.describe
  t.eq(describe({ because = "must follow", rule = "X1" }), "X1: must follow")
  t.eq(describe({ message = "bad bid", seat = 3, [1] = "a", cards = { 1 }, f = print, ok = false }),
    'bad bid {[1] = "a", cards = <table>, f = <function>, ok = false, seat = 3}')
  t.eq(describe({ msg = 7 }), "7")
  t.eq(describe({ seat = 2, ["a key"] = 1.5 }),
    '(error object is a table value: {["a key"] = 1.5, seat = 2})')
  t.eq(describe({}), "(error object is a table value with no text)")
  t.eq(describe({ [true] = "x" }), "(error object is a table value with no text)")
  local cycle = {}
  cycle.self = cycle
  t.eq(describe(cycle), "(error object is a table value: {self = <table>})")
  -- control bytes escaped (a quoted value's quotes too): one line, no escape sequence
  t.eq(describe({ message = "a\27]52;c;x\7\nb", rule = "\27[2J", k = 'say "hi"\\' }),
    '\\27[2J: a\\27]52;c;x\\7\\nb {k = "say \\"hi\\"\\\\"}')
  -- the C1 controls too (U+0080 … U+009F: U+009B is CSI on some terminals), byte by byte
  -- as the terminal filter writes them (repl/termsafe.h), and a byte 0x80 … 0x9F that no
  -- lead byte announced; other characters of UTF-8 (U+00A0, U+201B) as they are
  t.eq(describe({ message = "a\194\155" .. "2J b\194\128\194\159 \194\160\226\128\155 \155" }),
    "a\\194\\1552J b\\194\\128\\194\\159 \194\160\226\128\155 \\155")
  t.eq(describe({ ["k\194\155"] = "v\194\133" }),
    '(error object is a table value: {["k\\194\\155"] = "v\\194\\133"})')
  -- bounded: a long text cut at a character boundary, six fields at most
  local long = describe({ message = string.rep("é", 1000), note = string.rep("x", 1000) })
  t.ok(#long < 600, #long)
  t.eq(long, string.rep("é", 200) .. '… {note = "' .. string.rep("x", 80) .. '…"}')
  local many = {}
  for i = 1, 100 do many[i] = i end
  t.eq(describe(many),
    "(error object is a table value: {[1] = 1, [2] = 2, [3] = 3, [4] = 4, [5] = 5, [6] = 6, …})")
  -- read raw: no metamethod runs, whatever the metatable holds
  local trap = setmetatable({ message = "raw" }, {
    __index = function() error("ran __index") end,
    __pairs = function() error("ran __pairs") end,
    __tostring = function() error("ran __tostring") end,
  })
  t.eq(describe(trap), "raw")
  -- other values
  t.eq(describe("text"), "text")
  t.eq(describe(nil), "(error object is a nil value)")
  t.eq(describe(print), "(error object is a function value)")
  -- the message handler of every call reads a table without __tostring the same way
  local ok, msg = sandbox.call(0, error, { rule = "X2", because = "raised" })
  t.eq(ok, false)
  t.eq(msg:match("^[^\n]*"), "X2: raised")
end)

-- api.md "sandbox.safe": a table raised by the game's error keeps the
-- position a text raised there gets (level 2: the caller's line; level 0
-- and a raise again at level 0 keep the position noted), and its text
-- shows it first, in a call's message too.
t.test("error: a table raised keeps the file and line that raised it", function()
  local raise = sandbox.safe().error
  local here, caller, bare = { message = "here" }, { message = "caller" }, { message = "bare" }
  local line = debug.getinfo(1, "l").currentline
  local function raise_here() raise(here) end
  local function raise_caller() raise(caller, 2) end
  local function call_it() raise_caller() end
  t.eq(pcall(raise_here), false)
  t.eq(pcall(call_it), false)
  t.eq(pcall(raise, here, 0), false) -- raised again: still where it was raised first
  t.eq(pcall(function() raise(bare, 0) end), false)
  local file = debug.getinfo(1, "S").short_src
  t.eq(sandbox.describe(here), ("%s:%d: here"):format(file, line + 1))
  t.eq(sandbox.describe(caller), ("%s:%d: caller"):format(file, line + 3))
  t.eq(sandbox.describe(bare), "bare")
  local _, msg = sandbox.call(0, raise_here)
  t.eq(msg:match("^[^\n]*"), ("%s:%d: here"):format(file, line + 1))
  -- a text as Lua's error makes it
  t.eq(select(2, pcall(raise, "text", 0)), "text")
  local text_line = debug.getinfo(1, "l").currentline + 1
  t.eq(select(2, pcall(function() raise("text") end)), ("%s:%d: text"):format(file, text_line))
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

-- {================================================== the policy

t.test("policy: an unknown global raises with the game file's line", function()
  local chunk = assert(load_fixture("broken_games", "unknown_global"))
  local ok, msg = sandbox.call(0, chunk)
  t.eq(ok, false, "fails")
  t.eq(msg:match("^[^\n]*"), "games/unknown_global.lua:4: unknown global 'sets'")
  refuses("local a = 1\n\nreturn a + x", "games/probe.lua:3: unknown global 'x'")
  refuses("return _ENV[1]", "games/probe.lua:1: unknown global (a number key)")
end)

t.test("policy: assigning a global raises with the game file's line", function()
  local chunk = assert(load_fixture("broken_games", "assigns_global"))
  local ok, msg = sandbox.call(0, chunk)
  t.eq(ok, false, "fails")
  t.eq(msg:match("^[^\n]*"),
    "games/assigns_global.lua:4: cannot assign global 'deal' (use a local)")
  refuses("local y = 2\nx = y", "games/probe.lua:2: cannot assign global 'x' (use a local)")
  refuses("_ENV[true] = 1", "games/probe.lua:1: cannot assign a global (a boolean key)")
end)

t.test("policy: dangerous globals are absent", function()
  for _, name in ipairs { "rawset", "rawget", "load", "loadfile", "dofile", "require",
    "io", "os", "debug", "package", "collectgarbage", "coroutine", "_G" } do
    refuses("return " .. name, ("games/probe.lua:1: unknown global '%s'"):format(name))
  end
end)

t.test("policy: string.dump, ('').dump and math.random are absent", function()
  t.eq({ run("return string.dump, ('').dump, math.random, math.randomseed, "
    .. "talon.sandbox, talon.root") }, { true }, "all nil")
  refuses("return string.dump(print)",
    "games/probe.lua:1: attempt to call a nil value (field 'dump')")
  refuses("return (''):dump()",
    "games/probe.lua:1: attempt to call a nil value (method 'dump')")
end)

t.test("policy: getmetatable('') is not the string metatable", function()
  t.eq({ run("return getmetatable(''), getmetatable('x'), getmetatable(string)") },
    { true }, "nil for strings and libraries")
  t.eq(getmetatable(""), false, "locked for trusted code too")
  t.eq({ run("local mt = setmetatable({}, {__metatable = 'no'}) return getmetatable(mt)") },
    { true, "no" }, "tables as in Lua")
end)

t.test("policy: libraries cannot be modified, by assignment or by rawset", function()
  local function library(name) return policy.library(name) end
  for _, name in ipairs { "string", "table", "math", "utf8", "talon" } do
    refuses(("%s.upper = print"):format(name),
      ("games/probe.lua:1: cannot modify library '%s'"):format(name))
    refuses(("rawset(%s, 'upper', print)"):format(name),
      "games/probe.lua:1: bad argument #1 to 'rawset' (table expected, got library)",
      { rawset = rawset }) -- what trusted code has, handed to the game
  end
  for _, name in ipairs { "talon.game", "talon.deal", "talon.tricks", "talon.score" } do
    refuses(("local m = require('%s')\nm.extra = 1"):format(name),
      ("games/probe.lua:2: cannot modify library '%s'"):format(name), { require = library })
    refuses(("local m = require('%s')\nrawset(m, 'extra', 1)"):format(name),
      "games/probe.lua:2: bad argument #1 to 'rawset' (table expected, got library)",
      { require = library, rawset = rawset })
  end
  t.eq({ run("local g = require('talon.game') return g.new, talon.sandbox",
    { require = library }) }, { true }, "withheld entries")
  t.eq(type(string.upper), "function", "trusted string untouched")
  t.eq(type(require("talon.game").new), "function", "trusted talon.game untouched")
end)

t.test("policy: the host and the command line are not in the library", function()
  for _, name in ipairs { "talon.host.sandbox", "talon.host.loader", "talon.host.testing",
    "talon.host.files", "talon.cli", "talon.cli.play" } do
    t.eq(policy.library(name), nil, name)
  end
  t.ok(policy.library("talon.game"), "the game library is")
  local path = os.tmpname()
  for _, name in ipairs { "talon.host.sandbox", "talon.cli" } do
    local f = assert(io.open(path, "w"))
    f:write(("local s = require '%s'\nreturn s"):format(name))
    f:close()
    local def, err = require("talon.host.loader").load(path)
    t.eq(def, nil, name .. " refused")
    t.ok(err:find(path .. ":1: require: '" .. name .. "' is not available to games", 1, true),
      err)
  end
  os.remove(path)
end)

-- }==================================================

-- api.md "sandbox.charge", "sandbox.method": the host's charged calls check
-- what they are given and spend a meter honestly.
t.test("charge and method: bad arguments are argument errors; a spent meter fails", function()
  local C = require("talon").sandbox
  local ok, err = pcall(C.charge, nil, print)
  t.ok(not ok and err:find("bad argument #1 to", 1, true)
    and err:find("(table expected, got nil)", 1, true), err)
  ok, err = pcall(C.charge, { left = 10 })
  t.ok(not ok and err:find("bad argument #2 to", 1, true), err)
  local r1, msg, original, kind = C.charge({ left = 0, total = 5, who = "x.lua" }, error, "no")
  t.eq(r1, false)
  t.eq(msg, "x.lua: total time budget of 5 ms used up")
  t.eq(original, nil)
  t.eq(kind, "budget")
  local m = { left = 1000, total = 1000, who = "m" }
  t.eq(select("#", C.charge(m, function(...) return ... end, 1, nil, 3)), 4, "true and 3 results")
  t.ok(m.left <= 1000, "the meter was charged")
  local wrapped = C.method(function(self, x) return self.v + x end)
  ok, err = pcall(wrapped, 5)
  t.ok(not ok and err:find("table expected", 1, true), err)
  ok, err = pcall(wrapped, { v = 1 })
  t.ok(not ok and err:find("table expected, got nil", 1, true), "no meter: " .. tostring(err))
  t.eq(wrapped({ v = 1, meter = m }, 2), 3)
  -- a plain table (a violation) is raised again as it was raised; one with
  -- a metatable, or one that says it is the program's usage error, as its
  -- message, made under the budget (docs/security.md): reading it then
  -- runs nothing of the game's
  local v = { rule = "X-R1" }
  ok, err = pcall(C.method(function() error(v) end), { meter = m })
  t.ok(not ok and err == v, "a plain error table is raised again as it was raised")
  local w = setmetatable({}, { __tostring = function() return "violation" end })
  ok, err = pcall(C.method(function() error(w) end), { meter = m })
  t.ok(not ok and type(err) == "string" and err:find("violation", 1, true), tostring(err))
  ok, err = pcall(C.method(function() error({ usage = "forged" }) end), { meter = m })
  t.ok(not ok and type(err) == "string", "a game's usage table: " .. tostring(err))
end)

-- api.md "sandbox.cputime": the benchmarks' clock stays fine while a
-- budgeted call runs, where os.clock moves only in the kernel's ticks (4
-- ms on this kind of kernel): a short run must not read as 0 or a tick.
t.test("cputime: processor seconds, finer than a tick inside a budgeted call", function()
  local cputime = sandbox.cputime
  t.eq(math.type(cputime()), "float")
  local ok, steps = sandbox.call(2000, function()
    local seen, prev = {}, cputime()
    while #seen < 20 do
      local now = cputime()
      t.ok(now >= prev, "it never goes back")
      if now > prev then seen[#seen + 1] = now - prev end
      prev = now
    end
    return seen
  end)
  t.ok(ok, tostring(steps))
  table.sort(steps)
  t.ok(steps[10] < 1e-3, ("the median step is below a millisecond: %.6f s"):format(steps[10]))
  local t0, x = cputime(), 0
  for i = 1, 2e6 do x = x + i % 3 end
  t.ok(cputime() - t0 > 0, "a loop of two million steps takes time " .. x)
end)

-- api.md "sandbox.foreign": the host refuses a legal action with a
-- metatable of the game's own; the walk is raw, so neither the list's
-- metamethods nor an __eq of the item's metatable's own metatable (which
-- would answer "equal" to the framework's Action) decide it.
t.test("foreign: the first table item whose metatable is not the one given, read raw", function()
  local Action = {}
  local loop = function() error("a metamethod ran") end
  local plain, ours = { verb = "pass" }, setmetatable({ verb = "bid" }, Action)
  t.eq(sandbox.foreign({ plain, ours, "QS", 3 }, Action), nil)
  t.eq(sandbox.foreign({}, Action), nil)
  local theirs = setmetatable({ verb = "pass" }, { __eq = loop, __index = loop })
  t.eq(sandbox.foreign({ ours, plain, theirs }, Action), 3)
  local disguised = setmetatable({}, setmetatable({ __tostring = loop }, { __eq = function()
    return true
  end }))
  t.eq(getmetatable(disguised) == Action, true, "the disguise fools ==")
  t.eq(sandbox.foreign({ ours, disguised }, Action), 2)
  local lying = setmetatable({ ours, theirs }, { __index = loop, __len = function() return 0 end })
  t.eq(sandbox.foreign(lying, Action), 2)
  t.checkerror("table expected", sandbox.foreign, "list", Action)
end)

-- api.md "sandbox.plain": what a game made reaches the front ends as data;
-- no metamethod of it runs, and what could run code is left out.
t.test("plain: a deep raw copy that keeps data and leaves out what could run", function()
  local loop = function() error("a metamethod ran") end
  local trap = setmetatable({ 1 }, { __index = loop, __pairs = loop, __len = loop,
    __tostring = loop, __eq = loop })
  local d = require("talon").deck { ranks = "A K" }
  local hand, card = d:hand("AS KS"), d:kinds()[1]
  local Action = {}
  local keep = { [debug.getmetatable(hand)] = true, [debug.getmetatable(card)] = true,
                 [Action] = true }
  local shared = { 7 }
  local v = { n = 3, s = "x", b = false, hand = hand, card = card, f = print, trap = trap,
              list = { 1, trap, 3 }, [trap] = "key", act = setmetatable({ verb = "bid" }, Action),
              a = shared, b2 = shared, co = coroutine.create(print) }
  v.self = v
  local c = sandbox.plain(v, keep)
  t.ok(c ~= v, "a copy")
  t.eq(c.n, 3); t.eq(c.s, "x"); t.eq(c.b, false)
  t.ok(rawequal(c.hand, hand) and rawequal(c.card, card), "Hands and Cards kept as they are")
  t.eq(c.f, nil, "a function left out"); t.eq(c.co, nil, "a coroutine left out")
  t.eq(c.trap, nil, "a table with another metatable left out")
  t.eq(c.list[1], 1); t.eq(c.list[2], nil); t.eq(c.list[3], 3)
  local keys = 0
  for k in pairs(c) do keys = keys + (type(k) == "table" and 1 or 0) end
  t.eq(keys, 0, "as a key too")
  t.ok(debug.getmetatable(c.act) == Action and c.act ~= v.act and c.act.verb == "bid",
    "a kept table: copied, with its metatable")
  t.ok(rawequal(c.self, c), "a cycle keeps its shape")
  t.ok(rawequal(c.a, c.b2) and c.a ~= shared, "a shared part is copied once")
  t.eq(sandbox.plain(trap, keep), nil, "the value itself left out")
  t.eq(sandbox.plain(5, keep), 5)
  local deep = {}
  local x = deep
  for _ = 1, 150 do x.n = {}; x = x.n end
  t.checkerror("nested more than 100", sandbox.plain, deep, keep)
  -- every deck's Cards have a metatable of their own: kept by its name,
  -- which only a userdata's counts (a game may name a table's metatable)
  local other = require("talon").deck({ ranks = "Q" }):kinds()[1]
  local byname = { ["talon.Card"] = true }
  t.ok(rawequal(sandbox.plain({ other }, byname)[1], other), "a Card of another deck, by name")
  local fake = setmetatable({}, { __name = "talon.Card", __index = loop })
  t.eq(sandbox.plain({ fake }, byname)[1], nil, "a table named like a Card is left out")
  t.checkerror("table expected", sandbox.plain, {}, nil)
end)

-- api.md "sandbox.plain" on random graphs of tables (shared parts,
-- cycles, values with metatables kept or not, functions), checked against
-- the originals node by node: every table the copy holds stands for one
-- original, a kept metatable stays, and an entry is there exactly when
-- its key and value are kept.
t.test("plain: random graphs copy node for node", function()
  local Kept = {}
  local keep = { [Kept] = true }
  local Foreign = { __index = function() error("a metamethod ran") end }
  local function kept(x)
    local tx = type(x)
    if tx == "function" then return false end
    if tx ~= "table" then return true end
    local mt = debug.getmetatable(x)
    return mt == nil or keep[mt] == true
  end
  local copy_of = {}
  local function check(x, c)
    if copy_of[x] then return rawequal(copy_of[x], c) end
    if type(c) ~= "table" or rawequal(c, x) then return false end
    copy_of[x] = c
    if debug.getmetatable(c) ~= debug.getmetatable(x) then return false end
    local n = 0
    for k, v in next, x do
      local cv = rawget(c, k)
      if kept(k) and kept(v) then
        n = n + 1
        if type(v) == "table" then
          if not check(v, cv) then return false end
        elseif not rawequal(v, cv) then
          return false
        end
      elseif type(k) ~= "function" and cv ~= nil then
        return false
      end
    end
    for _ in next, c do n = n - 1 end
    return n == 0
  end
  local rng = require("talon").rng(11)
  for round = 1, 300 do
    local nodes = {}
    for i = 1, rng:int(1, 12) do
      local r = rng:int(1, 6)
      nodes[i] = r == 1 and setmetatable({}, Kept) or r == 2 and setmetatable({}, Foreign) or {}
    end
    local values = { function() return nodes[rng:int(1, #nodes)] end,
      function() return rng:int(-3, 3) end, function() return "s" .. rng:int(1, 3) end,
      function() return print end, function() return rng:int(1, 2) == 1 end }
    for _, node in ipairs(nodes) do
      for _ = 1, rng:int(0, 5) do
        local key = rng:int(1, 4) == 1 and ("k" .. rng:int(1, 3)) or rng:int(1, 4)
        if rng:int(1, 8) == 1 then key = print end
        rawset(node, key, values[rng:int(1, #values)]())
      end
    end
    copy_of = {}
    local root = nodes[rng:int(1, #nodes)]
    local got = sandbox.plain(root, keep)
    local ok = kept(root) and check(root, got) or not kept(root) and got == nil
    if not ok then t.fail(("round %d: the copy does not stand for the original"):format(round)) end
  end
end)
