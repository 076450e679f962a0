-- The in-process layer of the hostile suite (promise 4: the next game
-- loaded in the same process is untouched). Run by tests/hostile/run.lua
-- once per case, in a fresh process:
--   HOSTILE_CASE=path/to/case.lua talon test tests/hostile/inprocess.lua
-- (a record, *.rec, is replayed with talon.host.record instead). It takes
-- snapshots of the library, the talon module and a reference Hokm record,
-- loads the hostile file through talon.host.loader and plays it a little
-- under pcall, then checks everything is as before.
local t = require "talon.host.testing"

local CASE = os.getenv("HOSTILE_CASE")
local BUDGET = tonumber(os.getenv("HOSTILE_BUDGET_MS") or "") or 300

local talon = require "talon"
local guard = require "talon.host.sandbox"
local loader = require "talon.host.loader"
local game = require "talon.game"
local record = require "talon.host.record"

guard.budget_ms = BUDGET
-- the total budget of a game or a bot (a meter), where the host has one:
-- a bot that loops on every move stops after a few moves, not 120 s
local TOTAL = tonumber(os.getenv("HOSTILE_TOTAL_MS") or "") or 1000
if guard.total_ms ~= nil then guard.total_ms = TOTAL end

local LIB = { "game", "deal", "tricks", "score", "actions", "seats", "window", "variant",
  "explain", "passing" }
local HOST = { "host.loader", "host.sandbox", "host.record", "host.running", "host.flow",
  "host.state", "host.view", "host.invariants", "host.bot" }

local function fields(tbl)
  local s = {}
  if type(tbl) ~= "table" then return s end
  for k, v in next, tbl do s[k] = v end
  return s
end

local DECK = talon.deck { ranks = "A K Q J T 9 8 7" }

-- Every value a game might try to change, keyed by a readable name.
local function snapshot()
  local snap = {}
  local function add(prefix, tbl)
    for k, v in pairs(fields(tbl)) do snap[prefix .. "." .. tostring(k)] = v end
  end
  for _, lib in ipairs({ "string", "table", "math", "utf8", "coroutine", "os", "io" }) do
    add(lib, _G[lib])
  end
  add("_G", _G)
  add("talon", talon)
  add("talon.sandbox", talon.sandbox)
  for _, m in ipairs(LIB) do add("talon." .. m, require("talon." .. m)) end
  for _, m in ipairs(HOST) do add("talon." .. m, require("talon." .. m)) end
  -- the metatables of the C objects, and what they index
  local d = DECK
  local objs = { string = "", card = d:card("AS"), hand = d:hand("AS KS"), deck = d,
    rng = talon.rng(1), pile = d:pile() }
  for name, o in pairs(objs) do
    local mt = debug.getmetatable(o)
    snap["mt(" .. name .. ")"] = mt
    if type(mt) == "table" then
      add("mt(" .. name .. ")", mt)
      if type(mt.__index) == "table" then add("mt(" .. name .. ").__index", mt.__index) end
    end
  end
  snap["getmetatable('')"] = getmetatable("")
  return snap
end

-- What the basic functions do (an identical function may still have been
-- given another upvalue or environment).
local function behaviour()
  local d = talon.deck { ranks = "A K Q J T 9 8 7" }
  local h = d:hand("AS KS QH")
  return table.concat({
    string.format("%d|%s|%5.2f", 42, "x", 1.5), string.rep("ab", 3, ","),
    (function() local a = { 1, 3 }; table.insert(a, 2, 2); return table.concat(a, ",") end)(),
    tostring(math.floor(2.5)), tostring(math.max(1, 9)), ("abc"):upper(), #h, tostring(h),
    tostring(d:card("QH")), tostring(talon.rng(7):int(1, 1000)),
    tostring(select(2, pcall(error, "e"))), type(load), type(io.open), type(os.execute),
  }, " ")
end

-- The reference game: Hokm, seed 7, random bots from a fixed generator,
-- one hand, through the framework and the record.
local function reference()
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = 7, hands = 1 })
  local rng = talon.rng(99)
  local n = 0
  while not g:over() and n < 400 do
    g:play(g:random(rng))
    n = n + 1
  end
  return g:record()
end

-- A probe game (tests/hostile/lib/probe.lua) reports what a game sees of
-- its environment: what a hostile file changed in the shared sandbox
-- base shows in the next game.
local function probe()
  local def, err = loader.load(os.getenv("TALON_PATH") .. "/tests/hostile/lib/probe.lua")
  if not def then return "probe failed: " .. tostring(err) end
  return def.tools.report
end

local before = snapshot()
local before_b = behaviour()
local before_ref = reference()
local before_probe = probe()

local function diff(a, b)
  local out = {}
  for k, v in pairs(a) do
    if not rawequal(b[k], v) then out[#out + 1] = k end
  end
  for k in pairs(b) do
    if a[k] == nil then out[#out + 1] = k .. " (new)" end
  end
  table.sort(out)
  return out
end

-- Nil when game 'g' replays from its record to the same actions, hands
-- and scores (what the host took from a bot is played as it is recorded);
-- else the difference. Nil too when the record cannot be written or
-- read back (the game's own failure, met by the other commands).
local bot_replay
local function record_differs(g)
  local wok, text = pcall(record.write, g)
  if not wok then return nil end
  local rok, r = pcall(record.replay, text, function() return g.def end)
  if not rok then
    -- a game whose verbs its record cannot write (not declared in its
    -- actions) fails its replays elsewhere: not this check's
    for i = 1, g.nact do
      local pok, a = pcall(g.parse, g, g:text(g.act[i]))
      if not (pok and a) then return nil end
    end
    return "the record does not replay: " .. tostring(r)
  end
  local function position(x)
    local out = { record.write(x):match("\nact.*") or "" }
    for s = 1, x.state.n do out[#out + 1] = tostring(x.state.hands[s]) end
    return table.concat(out, " | ")
  end
  local pok, a = pcall(position, g)
  local qok, b = pcall(position, r)
  if pok and qok and a ~= b then return "played: " .. a .. "\nreplayed: " .. b end
  return nil
end

-- Plays the hostile definition a little; every failure is caught.
local function exercise(def, path)
  local bots = require "talon.cli.bots"
  local function try(f, ...) return pcall(f, ...) end
  try(game.validate, def, path)
  local opts
  try(function() opts = game.options(def, {}) end)
  -- game text and checks reached the way the host reaches them (under the
  -- budget where the host has a wrapper for it)
  local text_of = guard.text_of or function(f, ...) return f(...) end
  if type(def.rules) == "table" then
    for id in pairs(def.rules) do try(text_of, game.rule_text, def, id, opts) end
  end
  if type(def.phases) == "table" then
    for name in pairs(def.phases) do try(text_of, game.phase_doc, def, name, opts) end
  end
  -- a few single actions with views and texts, then a random playout
  try(function()
    local g = game.new(def, { seed = 1, checking = true })
    local rng = talon.rng(1)
    local inv = require "talon.host.invariants"
    for _ = 1, 60 do
      if g:over() then break end
      local seat = g:mover()
      local v = g:view(seat)
      local _ = v and g:explain("score")
      local a = g:random(rng)
      g:text(a)
      g:why(a)
      g:play(a)
      local ok, msg
      if guard.charge and g.meter then
        ok, msg = guard.charge(g.meter, inv.check, g)
      else
        ok, msg = pcall(inv.check, g)
      end
      if not ok or msg then break end -- talon check stops at the first failure
    end
    g:events()
    g:record()
    g:result()
  end)
  try(function()
    local g = game.new(def, { seed = 2, quiet = true })
    g:playout(talon.rng(2), 2000)
  end)
  -- the same quiet game one action at a time (g:play: the one-card step
  -- of a trick phase, talon.tricks, with the protected path behind it)
  try(function()
    local g = game.new(def, { seed = 2, quiet = true })
    local rng = talon.rng(2)
    for _ = 1, 200 do
      if g:over() then break end
      g:play(g:random(rng))
    end
  end)
  -- a bot given by the file (tools.bot) plays every seat: a bot that
  -- loops on every move must be stopped by a total budget
  local bot = type(def.tools) == "table" and rawget(def.tools, "bot")
  if type(bot) == "table" then
    try(function()
      local g = game.new(def, { seed = 3 })
      local rng = talon.rng(3)
      for _ = 1, 200 do
        if g:over() then break end
        bots.move(bot, g, g:mover(), rng)
      end
      bot_replay = record_differs(g)
    end)
  end
  -- the same bot as the model of a search's futures (`--bots search:N+rule`):
  -- it is called inside the search's walk, for choices outside card play
  if type(bot) == "table" then
    try(function()
      local g = game.new(def, { seed = 5 })
      local rng, b = talon.rng(5), bots.search("4", false, bot)
      for _ = 1, 20 do
        if g:over() then break end
        bots.move(b, g, g:mover(), rng)
      end
    end)
  end
  -- the game's commands on a view
  local cmds = type(def.tools) == "table" and rawget(def.tools, "commands")
  if type(cmds) == "table" then
    try(function()
      local g = game.new(def, { seed = 4 })
      for _, c in pairs(cmds) do guard.call(c.run, g:view(1), {}) end
    end)
  end
end

local loaded_ok, load_msg
t.test("load and play the hostile file under pcall", function()
  t.ok(CASE, "HOSTILE_CASE names the file")
  if CASE:match("%.rec$") then
    local f = assert(io.open(CASE, "rb"))
    local text = f:read("a")
    f:close()
    loaded_ok, load_msg = pcall(record.replay, text)
  else
    local def, err = loader.load(CASE)
    loaded_ok, load_msg = def ~= nil, err
    if def then pcall(exercise, def, CASE) end
  end
  -- the error, if any, is a value that prints
  if not loaded_ok then t.ok(pcall(tostring, load_msg), "the error prints") end
end)

t.test("what the file's bot played replays from its record", function()
  t.eq(bot_replay, nil, "the bot's game and its record's replay")
end)

t.test("library, talon module and metatables unchanged", function()
  local changed = diff(before, snapshot())
  t.ok(#changed == 0, "changed: " .. table.concat(changed, ", "))
end)

t.test("basic functions behave as before", function()
  t.eq(behaviour(), before_b, "behaviour")
end)

t.test("the budget is the one set", function()
  t.eq(guard.budget_ms, BUDGET, "talon.host.sandbox.budget_ms")
  if guard.total_ms ~= nil then t.eq(guard.total_ms, TOTAL, "talon.host.sandbox.total_ms") end
  if talon.sandbox then
    local used, limit = talon.sandbox.memory()
    t.ok(used and limit and (limit == 0 or limit > 64 * 1024 * 1024),
      "memory limit still in place: " .. tostring(limit))
  end
end)

t.test("the next game sees the same sandbox", function()
  t.eq(probe(), before_probe, "probe report")
end)

t.test("the reference Hokm game gives the same record", function()
  t.ok(reference() == before_ref, "the Hokm record differs after the hostile file")
end)
