-- Docs are checked (STYLE.md rule 24, docs/doc-tests.md): every function of
-- the `talon` Lua API and every method of its userdata types has an entry
-- in docs/api.md; every function the game library exports (the modules a
-- game may require, stdlib/talon/*.lua), every method of a running game
-- and of the state its hooks get, is documented in docs/framework.md or
-- docs/api.md; and the other way round, every function those pages name
-- exists. A new primitive without documentation fails here, and so does a
-- documented one that was renamed or removed.
local t = require "talon.host.testing"
local talon = require "talon"
local markdown = require "tests.lua.docs.markdown"
local hsandbox = require "talon.host.sandbox"

local api = markdown.read("docs/api.md")
local framework = markdown.read("docs/framework.md")
local both = api .. "\n" .. framework

local function documented(text, name)
  return text:find(name, 1, true) ~= nil
end

-- The method table of a userdata type: its metatable's __index when that
-- is a table, or the table a Deck keeps in __methods.
local function methods_of(obj)
  local mt = debug.getmetatable(obj)
  if type(mt.__index) == "table" and mt.__methods == nil then return mt.__index end
  return mt.__methods
end

local function sorted(set)
  local list = {}
  for k in pairs(set) do list[#list + 1] = k end
  table.sort(list)
  return list
end

-- Fails once, listing every name of 'missing' (a set).
local function none_missing(missing, what)
  local list = sorted(missing)
  t.ok(#list == 0, what .. ": " .. table.concat(list, ", "))
end

-- Every `PREFIX.name(` the text calls (PREFIX a Lua pattern, e.g.
-- "talon%."), as a set of names.
local function calls(text, prefix)
  local found = {}
  for name in text:gmatch("%f[%w_.:]" .. prefix .. "([%a_][%w_]*)%(") do found[name] = true end
  return found
end

-- ===== the talon module (docs/api.md)

local deck = talon.deck { ranks = "A T K Q J", copies = 2 }
local rules = talon.trickrules(deck, { follow = true })
local OBJECTS = {
  Deck = deck, Hand = deck:hand(), Pile = deck:pile(), Rng = talon.rng(1),
  Trick = talon.trick(rules, "S"), Card = deck:card("AS"), TrickRules = rules,
  Melds = talon.melds(deck, { { name = "pair", cards = "QS JD", points = 40 } }),
}

t.test("every talon.* function is documented in docs/api.md", function()
  local missing = {}
  for name, v in pairs(talon) do
    if type(v) == "function" and not documented(api, "talon." .. name .. "(") then
      missing["talon." .. name] = true
    end
  end
  for name, v in pairs(talon.sandbox) do
    if type(v) == "function" and not documented(api, "sandbox." .. name .. "(") then
      missing["sandbox." .. name] = true
    end
  end
  none_missing(missing, "not in docs/api.md")
end)

t.test("every method of every type is documented in docs/api.md", function()
  local missing = {}
  for type_name, obj in pairs(OBJECTS) do
    local methods = methods_of(obj)
    if type(methods) == "table" then
      for name, f in pairs(methods) do
        if type(f) == "function" and not documented(api, ":" .. name .. "(") then
          missing[type_name .. ":" .. name] = true
        end
      end
    end
  end
  none_missing(missing, "not in docs/api.md")
end)

t.test("every talon.* and sandbox.* function docs/api.md names exists", function()
  local wrong = {}
  for name in pairs(calls(api, "talon%.")) do
    if type(talon[name]) ~= "function" then wrong["talon." .. name] = true end
  end
  for name in pairs(calls(api, "sandbox%.")) do
    if type(talon.sandbox[name]) ~= "function" and type(hsandbox[name]) ~= "function" then
      wrong["sandbox." .. name] = true
    end
  end
  none_missing(wrong, "named in docs/api.md but not in the API")
end)

t.test("every method docs/api.md names is a method of some type", function()
  local all = {}
  for _, obj in pairs(OBJECTS) do
    local methods = methods_of(obj)
    for name, f in pairs(type(methods) == "table" and methods or {}) do
      if type(f) == "function" then all[name] = true end
    end
  end
  local wrong = {}
  -- methods of the engine's objects, in the forms the page writes them
  for _, prefix in ipairs { "deck", "h", "hand", "p", "r", "t", "m", "card", "trick" } do
    for name in pairs(calls(api, prefix .. ":")) do
      if not all[name] then wrong[prefix .. ":" .. name] = true end
    end
  end
  none_missing(wrong, "named in docs/api.md but no type has it")
end)

-- ===== the game library and the running game (docs/framework.md)

-- The modules a game may require, by short name (talon.tricks -> tricks).
local LIBRARY = {}
for _, full in ipairs(hsandbox.library_names()) do
  if full ~= "talon" then LIBRARY[full:match("^talon%.(.*)$")] = require(full) end
end

-- The host modules framework.md documents, by the name it calls them.
local HOST = {}
for _, name in ipairs { "loader", "record", "position", "files", "bot", "invariants" } do
  HOST[name] = require("talon.host." .. name)
end

t.test("every function of the game library is documented", function()
  local missing = {}
  for short, mod in pairs(LIBRARY) do
    for name, v in pairs(mod) do
      if type(v) == "function" and not documented(both, short .. "." .. name .. "(") then
        missing["talon." .. short .. "." .. name] = true
      end
    end
  end
  none_missing(missing, "not in docs/framework.md or docs/api.md")
end)

t.test("every library and host function docs/framework.md names exists", function()
  local wrong = {}
  for short, mod in pairs(LIBRARY) do
    for name in pairs(calls(framework, short .. "%.")) do
      if type(mod[name]) ~= "function" then wrong[short .. "." .. name] = true end
    end
  end
  for short, mod in pairs(HOST) do
    for name in pairs(calls(framework, short .. "%.")) do
      if type(mod[name]) ~= "function" then wrong[short .. "." .. name] = true end
    end
  end
  none_missing(wrong, "named in docs/framework.md but not exported")
end)

-- A running game of the template and the state its hooks get.
local game = require "talon.game"
local loader = require "talon.host.loader"
local g = game.new(assert(loader.load("games/_template.lua")), { seed = 1 })

-- Every function a table reaches through its own keys and __index chain.
local function methods(obj)
  local found, seen, v = {}, {}, obj
  while type(v) == "table" and not seen[v] do
    seen[v] = true
    for k, f in pairs(v) do
      if type(k) == "string" and type(f) == "function" and not k:match("^_") then
        found[k] = true
      end
    end
    local mt = debug.getmetatable(v)
    v = mt and mt.__index
  end
  return found
end

t.test("every method of a running game and of st is documented, and exists", function()
  local missing, wrong = {}, {}
  for prefix, obj in pairs { g = g, st = g.state } do
    local have = methods(obj)
    for name in pairs(have) do
      if not documented(framework, prefix .. ":" .. name .. "(") then
        missing[prefix .. ":" .. name] = true
      end
    end
    for name in pairs(calls(framework, prefix .. ":")) do
      if not have[name] then wrong[prefix .. ":" .. name] = true end
    end
  end
  none_missing(missing, "not in docs/framework.md")
  none_missing(wrong, "named in docs/framework.md but not a method")
end)

-- The tables of framework.md §1: a row per key of a definition and of a
-- phase, and no row for a key the framework does not take.
local function table_keys(text, heading)
  local at = assert(text:find(heading, 1, true), heading)
  local keys, started = {}, false
  for line in text:sub(at):gmatch("[^\n]*") do
    local key = line:match("^| `([%w_]+)` |")
    if key then
      keys[key], started = true, true
    elseif started and not line:match("^|") then
      break
    end
  end
  return keys
end

t.test("the key tables of framework.md §1 are game.keys and game.phase_keys", function()
  local tables = { ["### Top-level keys"] = game.keys, ["### Phases"] = game.phase_keys }
  for heading, known in pairs(tables) do
    local rows, missing, wrong = table_keys(framework, heading), {}, {}
    for k in pairs(known) do
      if not rows[k] then missing[k] = true end
    end
    for k in pairs(rows) do
      if not known[k] then wrong[k] = true end
    end
    none_missing(missing, heading .. ": no row for")
    none_missing(wrong, heading .. ": a row for an unknown key")
  end
end)
