-- Not a case: the probe game of tests/hostile/inprocess.lua. Its
-- tools.report says what a game sees of its sandbox (names, what the
-- basic functions return); the in-process layer loads it before and after
-- each hostile file, and the two reports must be equal.
local game = require "talon.game"
local base = require "games._template"

local function keys(t)
  local out = {}
  for k, v in pairs(t) do out[#out + 1] = tostring(k) .. ":" .. type(v) end
  table.sort(out)
  return table.concat(out, ",")
end

local parts = {
  string.format("%d|%s", 7, "x"), string.rep("a", 3), ("xy"):upper(),
  tostring(math.floor(2.7)), (function()
    local a = { 1, 3 }
    table.insert(a, 2, 2)
    return table.concat(a, ",")
  end)(),
  keys(string), keys(table), keys(math), keys(talon), keys(game),
  keys(require "talon.deal"), keys(require "talon.tricks"), keys(require "talon.score"),
  keys(require "talon.actions"), keys(require "talon.seats"), keys(require "talon.window"),
  keys(require "talon.variant"), keys(require "talon.explain"),
  tostring(getmetatable("")), tostring(pcall(function() return io end)),
  tostring(pcall(function() return os end)),
  tostring(#talon.deck { ranks = "A K" }:hand("AS KS")),
}

local def = {}
for k, v in pairs(base) do def[k] = v end
def.name = "Probe"
def.tools = { report = table.concat(parts, "\n") }
return game.define(def)
