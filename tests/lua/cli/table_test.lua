-- The terminal table of `talon play` (repl/talon/table.lua) draws the score
-- line from the view alone: partnerships from the view's public sides
-- (HOK-R1), and accounts readable when some are negative (HOS-R24).
local t = require "talon.testing"
local game = require "talon.game"
local loader = require "talon.loader"
local tbl = require "talon.table"

t.test("the score line names partnerships from the view's sides", function()
  local g = game.new(assert(loader.load("hokm")), { seed = 3, hands = 1 })
  local text = tbl.render(g:view(1), "Hokm")
  local v = g:view(1)
  local first = v.names[v.sides[1][1]] .. "+" .. v.names[v.sides[1][2]]
  t.ok(text:find("scores " .. first:gsub("%+", "%%+") .. " 0  –  ", 1), text)
end)

t.test("single-seat sides with a negative account are separated by slashes", function()
  local g = game.new(assert(loader.load("hosgin")), { seed = 3, scores = { -300, 120, 0 } })
  local text = tbl.render(g:view(1), "Hosgin")
  t.ok(text:find("scores -300 / 120 / 0", 1, true), text)
end)
