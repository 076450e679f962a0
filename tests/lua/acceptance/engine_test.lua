-- Acceptance check of the engine foundation (issue A), as a user meets
-- it: the check script run with `talon run` (every seed deck, seeded deals
-- compared, malformed cards), the program's --help and --version, `talon
-- run` failing with file:line and a traceback, a REPL that survives every
-- kind of Lua error and keeps history in a terminal, cards in colour only
-- where the terminal takes it, and the data root search (docs/program.md).
local t = require "talon.host.testing"
local program = require "tests.lua.repl.program"

local run = program.run
local CHECK = "tests/lua/acceptance/engine_check.lua"

local function shell_quote(s)
  return "'" .. s:gsub("'", [['\'']]) .. "'"
end

-- Runs `talon ARGS` inside a pseudo-terminal (util-linux `script`, part of
-- every Debian system) with 'input' typed in; returns its output.
local function in_terminal(args, input, env)
  local parts = {}
  for i, a in ipairs(args) do parts[i] = shell_quote(a) end
  local cmd = shell_quote(program.path) .. " " .. table.concat(parts, " ")
  local inp, out = program.file(input or ""), os.tmpname()
  os.execute(("env -u NO_COLOR %s script -qec %s /dev/null <%s >%s 2>&1"):format(env or "",
    shell_quote(cmd), inp, out))
  os.remove(inp)
  local f = assert(io.open(out, "rb"))
  local text = f:read("a")
  f:close()
  os.remove(out)
  return (text:gsub("\r", ""))
end

local function tempdir()
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -p " .. shell_quote(dir)))
  return dir
end

-- Issue A's check: the script passes under `talon run` and says what it
-- checked (each seed deck built and dealt twice, the malformed tokens).
t.test("engine_check.lua under talon run: seed decks, seeded deals, bad cards", function()
  local code, out, err = run({ "run", CHECK })
  t.eq(err, "", "stderr")
  t.eq(code, 0, "exit code")
  for _, deck in ipairs { "52 French cards", "80 = four copies", "36 cards 6-A",
      "two 32-card packs", "three 32-card packs", "51 = 52 minus one 2" } do
    t.ok(out:find("deck  " .. deck, 1, true), "built: " .. deck)
    t.ok(out:find("deal  " .. deck, 1, true), "dealt twice: " .. deck)
  end
  t.ok(out:find("parse %d+ malformed tokens refused"), "malformed cards")
  t.ok(out:find("checks, all ok\n$"), "ends with all ok")
end)

-- program.md "talon run": the check script's own failure would be
-- reported as file:line with a traceback and exit 1.
t.test("talon run: a failure is file:line, a traceback, exit 1", function()
  local path = program.file("local talon = require 'talon'\n"
    .. "local d = talon.deck { ranks = 'A K Q' }\n"
    .. "local function deal() return d:card('ZS') end\n"
    .. "deal()\n")
  local code, out, err = run({ "run", path })
  os.remove(path)
  t.eq(code, 1, "exit code")
  t.eq(out, "", "stdout")
  t.ok(err:find(path .. ":3: bad argument #1 to 'card' (no card \"ZS\"", 1, true), err)
  t.ok(err:find("stack traceback:", 1, true), "traceback")
  t.ok(err:find("in local 'deal'", 1, true), "names the function")
end)

t.test("--help and --version", function()
  local code, out = run({ "--help" })
  t.eq(code, 0)
  t.ok(out:find("usage: talon", 1, true) and out:find("TALON_PATH", 1, true), out)
  code, out = run({ "--version" })
  t.eq(code, 0)
  t.ok(out:match("^talon %d+%.%d+%.%d+ %(Lua 5%.4"), out)
end)

-- program.md "The REPL": every kind of Lua error is reported and the
-- session goes on (the last line still answers).
t.test("the REPL survives every kind of Lua error", function()
  local lines = {
    "error('plain')",                                    -- error with a message
    "error()",                                           -- nil error object
    "error({})",                                         -- table without __tostring
    "error(setmetatable({}, {__tostring = function() return 'obj' end}))",
    "error(setmetatable({}, {__tostring = function() error('again') end}))",
    "nil + 1",                                           -- runtime error
    "x = = 1",                                           -- syntax error
    "local function f() return f() + 1 end f()",         -- stack overflow
    "s = string.rep('x', 1 << 30)",                      -- past the 1 GiB cap
    "coroutine.wrap(function() error('in coroutine') end)()",
    "setmetatable({}, {__index = function() error('in metamethod') end}).x",
    "require 'no.such.module'",
    "talon.deck{ rank = 'A' }",                           -- a C function's error
    "talon.deck{ ranks = 'A K' }:card('QS')",
    "'still here'",
  }
  local code, out, err = run({}, table.concat(lines, "\n") .. "\n")
  t.eq(code, 0, "exit code")
  t.eq(out, '"still here"\n', "the session went on")
  for _, want in ipairs { "plain", "nil", "error object is a table value", "obj",
      "__tostring failed", "arithmetic on a nil value", "unexpected symbol",
      "stack overflow", "not enough memory", "in coroutine", "in metamethod",
      "module 'no.such.module' not found", "unknown key 'rank'", 'no card "QS"' } do
    t.ok(err:find(want, 1, true), "reported: " .. want)
  end
end)

-- In a terminal: the banner, the continuation prompt of multi-line input,
-- results, errors, and the history file libedit writes (~/.talon_history).
t.test("the REPL in a terminal: prompts, multi-line input, history", function()
  local home = tempdir()
  local out = in_terminal({}, "function twice(a)\nreturn 2 * a\nend\ntwice(21)\nerror('x')\n1+1\n",
    "HOME=" .. shell_quote(home))
  t.ok(out:find("Talon %d+%.%d+%.%d+ %(Lua 5%.4"), "banner: " .. out)
  t.ok(out:find("talon> function twice(a)\n    >> return 2 * a\n    >> end\n", 1, true),
    "continuation prompt: " .. out)
  t.ok(out:find("twice(21)\n42\n", 1, true), "multi-line function works")
  t.ok(out:find("repl:1: x", 1, true), "error shown")
  t.ok(out:find("1+1\n2\n", 1, true), "still running after the error")
  local f = io.open(home .. "/.talon_history")
  local hist = f and f:read("a") or ""
  if f then f:close() end
  t.ok(hist:find("twice(21)", 1, true) and hist:find("1+1", 1, true), "history: " .. hist)
  -- A new session recalls the whole multi-line function as one entry:
  -- four times up (1+1, error, twice(21), the function), Enter, and use it.
  out = in_terminal({}, "\27[A\27[A\27[A\27[A\ntwice(4)\n", "HOME=" .. shell_quote(home))
  os.execute("rm -rf " .. shell_quote(home))
  t.ok(out:find("twice(4)\n8\n", 1, true), "recalled from history: " .. out)
end)

-- program.md "talon run" / api.md talon.style: colour on a terminal, not
-- under NO_COLOR or TERM=dumb; Unicode in a UTF-8 locale, else ASCII.
t.test("cards in colour only where the terminal supports it", function()
  local path = program.file("local d = require('talon').deck { ranks = 'A K Q' }\n"
    .. "print(d:hand('AS KH QD'))\n")
  local red = "\27[31mK♥\27[39m"
  local tty = in_terminal({ "run", path }, "", "TERM=xterm LC_ALL=C.UTF-8")
  t.ok(tty:find(red, 1, true), "terminal: red hearts: " .. tty)
  t.ok(tty:find("A♠", 1, true), "terminal: unicode spades")
  tty = in_terminal({ "run", path }, "", "TERM=xterm LC_ALL=C.UTF-8 NO_COLOR=1")
  t.eq(tty, "{A♠ K♥ Q♦}\n", "NO_COLOR")
  tty = in_terminal({ "run", path }, "", "TERM=dumb LC_ALL=C.UTF-8")
  t.eq(tty, "{A♠ K♥ Q♦}\n", "TERM=dumb")
  local _, out = run({ "run", path }, nil, "LC_ALL=C.UTF-8")
  t.eq(out, "{A♠ K♥ Q♦}\n", "a pipe: unicode, no colour")
  _, out = run({ "run", path }, nil, "LANG=C LC_ALL=C LC_CTYPE=C")
  t.eq(out, "{AS KH QD}\n", "not UTF-8: ASCII")
  os.remove(path)
end)

-- program.md "Finding stdlib/ and games/": TALON_PATH entries come first
-- (the first that holds stdlib/), -E ignores them.
t.test("TALON_PATH overrides the data root; -E ignores it", function()
  local root = tempdir()
  assert(os.execute("mkdir -p " .. shell_quote(root .. "/stdlib")))
  local path = program.file("io.write(tostring(require('talon').root))\n")
  local _, out = run({ "run", path }, nil, "TALON_PATH=/nonexistent:" .. shell_quote(root))
  t.eq(out, root, "the first entry holding stdlib/")
  local _, default = run({ "-E", "run", path }, nil, "TALON_PATH=" .. shell_quote(root))
  t.ne(default, root, "-E ignores TALON_PATH")
  t.ok(default ~= "nil", "a default root is found: " .. default)
  os.remove(path)
  os.execute("rm -rf " .. shell_quote(root))
end)

-- "Bad input gets a clear error, never a crash": seeded random strings of
-- card-ish pieces, control bytes and broken UTF-8 fed to the card, hand
-- and deck parsers; every failure is a Lua error string without raw
-- control bytes (tokens are shown as \xHH). Runs under ASan in ./test.sh.
t.test("random input never crashes the parsers; errors stay readable", function()
  local talon = require "talon"
  local r = talon.rng("parser fuzz")
  local pieces = { "A", "K", "Q", "J", "T", "10", "9", "2", "S", "H", "D", "C", "X", "x", "*",
    "×", "♠", "♥", "♤", " ", ",", "{", "}", "\0", "\255", "\226", "\153", "1", "0", "JOKER", ";",
    "\n", "\t" }
  local decks = { talon.deck { ranks = "A K Q J T 9 8 7 6 5 4 3 2" },
    talon.deck { ranks = "A T K Q J", copies = 4 }, talon.deck { ranks = "A K Q", jokers = 2 },
    talon.deck { ranks = "A K Q J T 9 8 7 6 5 4 3 2", strip = "2C" } }
  local failures = 0
  for _ = 1, 20000 do
    local parts = {}
    for j = 1, r:int(0, 12) do parts[j] = pieces[r:int(1, #pieces)] end
    local s = table.concat(parts)
    local d = decks[r:int(1, #decks)]
    local results = {
      { pcall(function() return d:card(s) end) },
      { pcall(function() return d:hand(s) end) },
      { pcall(talon.deck, { ranks = s }) },
      { pcall(talon.deck, { ranks = "A K", suits = s, strip = s }) },
    }
    for _, res in ipairs(results) do
      if not res[1] then
        failures = failures + 1
        local e = res[2]
        if type(e) ~= "string" or e:find("[%z\1-\31\127]") then
          t.fail(("unreadable error for %q: %q"):format(s, tostring(e)))
        end
      end
    end
  end
  t.ok(failures > 20000, "most random strings are refused: " .. failures)
end)
