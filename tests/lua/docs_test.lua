-- Docs are checked (STYLE.md rule 24): every function of the `talon` Lua
-- API, and every method of its userdata types, has an entry in
-- docs/api.md. A new primitive without documentation fails here.
local t = require "talon.host.testing"
local talon = require "talon"

local function read(path)
  local f = assert(io.open(path, "r"))
  local text = f:read("a")
  f:close()
  return text
end

local api = read("docs/api.md")

local function documented(pattern)
  return api:find(pattern, 1, true) ~= nil
end

-- The method table of a userdata type: its metatable's __index when that
-- is a table, or the table a Deck keeps in __methods.
local function methods_of(obj)
  local mt = getmetatable(obj)
  if type(mt.__index) == "table" and mt.__methods == nil then return mt.__index end
  return mt.__methods
end

t.test("every talon.* function is documented", function()
  for name, v in pairs(talon) do
    if type(v) == "function" then
      t.ok(documented("talon." .. name .. "("), "talon." .. name)
    end
  end
  for name, v in pairs(talon.sandbox) do
    if type(v) == "function" then
      t.ok(documented("sandbox." .. name .. "("), "sandbox." .. name)
    end
  end
end)

t.test("every method of every type is documented", function()
  local deck = talon.deck { ranks = "A T K Q J", copies = 2 }
  local rules = talon.trickrules(deck, { follow = true })
  local objects = {
    Deck = deck, Hand = deck:hand(), Pile = deck:pile(), Rng = talon.rng(1),
    Trick = talon.trick(rules, "S"), -- TrickRules has fields only
    Melds = talon.melds(deck, { { name = "pair", cards = "QS JD", points = 40 } }),
  }
  for type_name, obj in pairs(objects) do
    local methods = methods_of(obj)
    t.ok(methods, type_name .. " has a method table")
    for name in pairs(methods or {}) do
      t.ok(documented(":" .. name .. "("), type_name .. ":" .. name)
    end
  end
end)
