-- talon.host.sandbox: the one policy of what game code may reach, and the
-- one call through which the host enters it.
--
-- Game, variant, bot and record files may come from anyone. They run in
-- environments built here, from one base table and one table of game
-- library modules, each handed out as a frozen copy: a game can read the
-- library but change nothing another game, a bot or the host sees. Every
-- entry into game code (hooks, views, rule texts, phase docs, zones,
-- invariants, bots, commands, and the metamethods of game values the host
-- prints or walks) goes through sandbox.call, under a time budget per call
-- and, for a meter (a game, a bot), a total budget. The whole policy is the
-- three tables below; docs/security.md explains it to users.
local talon = require "talon"
local explain = require "talon.explain"

local C = talon.sandbox
local sandbox = {}

-- What a game may `require`, besides `talon` (the C module) and `games.*`:
-- the game library, stdlib/talon/*.lua. Nothing under talon.host or
-- talon.cli, nor the loader, the test runner or the sandbox itself.
local LIBRARY = {
  "talon.game", "talon.deal", "talon.tricks", "talon.score", "talon.actions",
  "talon.seats", "talon.window", "talon.variant", "talon.explain", "talon.cards",
  "talon.passing", "talon.beside",
}

-- Entries kept out of the frozen copies, each with its reason.
local WITHHELD = {
  talon = {
    sandbox = "the sandbox's own controls (memory cap, budgets, loader)",
    root = "where the program's files are",
    program = "the path of the running binary (workers of sim --jobs)",
  },
  ["talon.game"] = { new = "starts a running game: the host's job" },
  ["talon.tricks"] = {
    declare_draw = "g:random trusts a declared draw as it trusts the legal list: only the"
      .. " library's own phases (tricks.set_phase, window.force_lead, beside.action) declare one",
  },
}

-- Entries the copies hold in a form of their own, each with its reason.
local REPLACED = {
  talon = {
    -- the print style is the user's (--ascii, --no-color, the locale): a
    -- game reads it; set, it would change every later text of the program
    style = function(name)
      if name ~= nil then
        error("talon.style: a game reads the print style; the user sets it", 2)
      end
      return talon.style()
    end,
  },
}

-- Lua's base functions a game gets as they are (error, xpcall,
-- setmetatable and getmetatable it gets in forms of their own, build_base
-- below). Left out on purpose: load, loadfile, dofile, require (each file
-- gets its own, below), rawset and rawget (they would pass the library's
-- freeze), collectgarbage, and the io, os, debug, package and coroutine
-- libraries.
local BASE = {
  "assert", "pcall", "select", "type", "pairs", "ipairs", "next",
  "tostring", "tonumber", "rawequal", "rawlen", "print",
}

-- Per game and per bot, over all its calls (milliseconds); --total-budget.
sandbox.total_ms = 120000

-- {================================================== frozen copies

-- freeze(t, name): a userdata view of a private deep copy of t, which
-- neither assignment nor rawset can change (vm/lua/sandbox_freeze.c).
local freeze = C.freeze

local function without(t, drop)
  local copy = {}
  for k, v in pairs(t) do
    if not (drop and drop[k]) then copy[k] = v end
  end
  return copy
end

local frozen = {} -- module name -> frozen copy, made once per state

-- The frozen copy of library module 'name' ("talon", "talon.deal"), or nil
-- when games may not have it.
function sandbox.library(name)
  local f = frozen[name]
  if f then return f end
  local allowed = name == "talon"
  for _, m in ipairs(LIBRARY) do allowed = allowed or m == name end
  if not allowed then return nil end
  local mod = talon
  if name ~= "talon" then
    local ok, m = pcall(require, name)
    if not ok then error(("the game library module '%s' does not load"):format(name), 0) end
    mod = m
  end
  local copy = without(mod, WITHHELD[name])
  for k, v in pairs(REPLACED[name] or {}) do copy[k] = v end
  f = freeze(copy, name)
  frozen[name] = f
  return f
end

-- The names a game may require, for messages and docs.
function sandbox.library_names()
  local list = { "talon" }
  for _, m in ipairs(LIBRARY) do list[#list + 1] = m end
  return list
end

-- }==================================================

-- {================================================== the base

-- Replacements for what Lua's own would let game code escape with
-- (vm/lua/sandbox_safe.c): bounded table and pattern functions, an xpcall
-- whose handler runs under the budget, a setmetatable without __gc.
local safe = C.safe()

local function unknown(_, k)
  if type(k) == "string" then error(("unknown global '%s'"):format(k), 2) end
  error(("unknown global (a %s key)"):format(type(k)), 2)
end

local function assign(_, k)
  if type(k) == "string" then error(("cannot assign global '%s' (use a local)"):format(k), 2) end
  error(("cannot assign a global (a %s key)"):format(type(k)), 2)
end

-- math without random and randomseed: games draw from st.rng, so that a
-- seed replays a game exactly.
local function build_base()
  local base = {}
  for _, k in ipairs(BASE) do base[k] = _G[k] end
  base.error = safe.error -- a table raised keeps its position (as a text), shown with it
  base.xpcall = safe.xpcall -- the handler runs under the budget
  base.setmetatable = safe.setmetatable -- no __gc: finalizers escape budgets
  base.getmetatable = safe.getmetatable -- tables only; honours __metatable
  base.string = freeze(safe.string, "string") -- no dump; bounded patterns
  base.table = freeze(safe.table, "table") -- bounded lengths and ranges
  base.math = freeze(without(math, { random = true, randomseed = true }), "math")
  base.utf8 = freeze(utf8, "utf8")
  base.talon = sandbox.library("talon")
  return setmetatable(base, { __index = unknown, __metatable = false })
end

local base

-- A fresh environment for one game file: its reads go to 'names' (the
-- file's own require; optional) and then the base; unknown names and
-- assignments to globals raise.
function sandbox.env(names)
  base = base or build_base()
  local lookup = setmetatable(without(names or {}), { __index = base, __metatable = false })
  return setmetatable({}, { __index = lookup, __newindex = assign, __metatable = false })
end

-- load(path, chunkname, env): the text file 'path' (binary chunks refused)
-- as chunk 'chunkname' in environment 'env'; the function, or nil and a
-- message (vm/lua/sandbox_load.c).
sandbox.load = C.load

-- }==================================================

-- {================================================== calls

-- Per call into game code (milliseconds); a whole action, with every hook
-- it runs, is one call. The program's --budget option sets it.
function sandbox.set_budget(ms) C.budget(ms) end
function sandbox.budget() return C.budget() end

-- Calls f(...) under the per-call budget. Returns true, results... or
-- false, message (with traceback), the original error value, and the kind
-- ("error", "budget", "memory", "interrupt", "handler").
sandbox.call = C.run

-- A meter: the total budget of one game or one bot ('who' names it in the
-- message that ends it).
function sandbox.meter(who, total_ms)
  local ms = total_ms or sandbox.total_ms
  return { who = who, left = ms, total = ms }
end

-- As sandbox.call, charging the time to meter 'm' (only the outermost
-- charged call counts); once the meter is spent, every further call fails
-- at once (vm/lua/sandbox_charge.c).
sandbox.charge = C.charge

-- As sandbox.charge with twice the per-call budget: for host code that
-- walks game state and calls game code in turn, so that those calls stop
-- first and the host can clean up after them.
sandbox.walk = C.walk

-- method(f): f(self, ...) as a walk charged to self.meter, raising what it
-- raised; inside another charged call it simply runs there.
sandbox.method = C.method

-- Text that game code computes (a rule text, a phase doc): f(...) under
-- the budget, raising its error; a result that is not a string or nil is
-- an error naming what it was.
function sandbox.text_of(f, ...)
  local ok, r = sandbox.call(f, ...)
  if not ok then error(r, 0) end
  if r ~= nil and type(r) ~= "string" then
    error(("a rule text or phase doc must be a string, got %s"):format(type(r)), 0)
  end
  return r
end

-- What plain() keeps besides plain data: the engine's Cards and Hands (by
-- their metatables' names: each deck's Cards have a metatable of their
-- own; their methods are C and read nothing of the game's) and the
-- framework's actions (by their metatable).
local KEEP = { ["talon.Card"] = true, ["talon.Hand"] = true,
               [require("talon.actions").Action] = true }

-- plain(v): a deep copy of a value game code made, as data the host can
-- print and compare without running any of the game's code: tables read
-- raw and without a metatable, strings, numbers, booleans, Cards, Hands
-- and actions; anything else (a function, a table with a metatable of
-- the game's) left out, as a key or as a value (vm/lua/sandbox_plain.c).
-- Views, events, scores and results reach the front ends this way (a bot
-- reads the view as the game made it, under its own budget).
function sandbox.plain(v) return C.plain(v, KEEP) end

-- Like tostring(v), for a value game code made: its __tostring runs under
-- the budget; a failure gives a placeholder instead of an error.
function sandbox.text(v)
  local t = type(v)
  if t == "string" then return v end
  if t == "number" or t == "boolean" or t == "nil" then return tostring(v) end
  local ok, s = sandbox.call(tostring, v)
  if ok and type(s) == "string" then return s end
  return ("(a %s that cannot be shown)"):format(t)
end

-- The text of an error value, for the front ends, which print it outside
-- any budget: a text as it is; the host's own violation by its __tostring
-- (talon.explain); a Card or Hand as sandbox.text shows it; anything else,
-- a game's table above all, as talon.sandbox.describe reads it: raw (no
-- metamethod of the game's runs), on one bounded line, after the file and
-- line that raised it (the base's error keeps them), its message field or
-- else its fields, never "table: 0x...".
function sandbox.error_text(e)
  if type(e) == "string" then return e end
  if explain.is_violation(e) then return tostring(e) end
  if type(e) == "userdata" then return sandbox.text(e) end
  return C.describe(e)
end

-- }==================================================

return sandbox
