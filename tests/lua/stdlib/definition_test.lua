-- Keys of a game definition the framework keeps but never calls
-- (docs/framework.md §1): `tools`, functions for the REPL, bots and tests.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local variant = require "talon.variant"

t.test("tools: a definition may carry them; variant.of keeps or replaces them", function()
  local base = assert(loader.load("_template"))
  local def = variant.of(base, { name = "With tools", summary = "the template with a tool",
    tools = { double = function(x) return 2 * x end } })
  t.ok(game.validate(def), "a tools table is a known key")
  t.eq(def.tools.double(21), 42, "reached as def.tools.name")
  local v = variant.of(def, { name = "Variant", summary = "keeps its base's tools" })
  t.ok(v.tools == def.tools, "variant.of keeps the tools")
  local w = variant.of(def, { name = "Other", summary = "own tools",
    tools = { triple = function(x) return 3 * x end } })
  t.eq(w.tools.triple(2), 6, "a variant's tools replace the base's")
  t.checkerror("key 'tools' must be a table", game.validate,
    variant.of(base, { name = "Bad", summary = "tools not a table", tools = 1 }))
  t.ok(game.new(def, { seed = 1, hands = 1 }), "a game with tools runs")
end)

-- Hosgin's tools (docs/games/hosgin.md): the same through require, the
-- sandboxed loader and its variants (HOS-R19 melds, HOS-R29 rounding).
t.test("tools: Hosgin's melds, round and advise through every way of loading", function()
  local loaded = assert(loader.load("hosgin"))
  local required = require "games.hosgin"
  local scaled = assert(loader.load("hosgin-scaled"))
  for name, def in pairs({ loaded = loaded, required = required, scaled = scaled }) do
    t.eq(def.tools.melds("QD KD", "D").total, 40, name .. ": HOS-02 trump bella")
    t.eq(def.tools.round(155), 150, name .. ": HOS-R29 x5 rounds down")
    t.eq(type(def.tools.advise), "function", name .. ": advise")
  end
  t.eq(getmetatable(loaded), nil, "a plain definition: no metatable")
end)
