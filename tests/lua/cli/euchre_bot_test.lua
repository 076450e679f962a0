-- The rule-of-thumb Euchre bot (games/bots/euchre.lua) through the bot
-- interface of docs/cli.md: choose(view, rng) -> action, reason; views are
-- taken from a running game at chosen positions, and whole matches are
-- played with `talon sim`.
local t = require "talon.host.testing"
local talon = require "talon"
local game = require "talon.game"
local loader = require "talon.host.loader"
local run = require "tests.lua.cli.run"

talon.style("ascii")

local bot = assert(loader.module("games.bots.euchre"))
local def = assert(loader.load("euchre"))

-- Seat 4 deals and turns up 10♥; seat 1 holds both red jacks and A♥.
local DEAL = { dealer = 4, stock = "TH KH QH JS", hands = {
  "JH JD AH KD 9S", "9H TC JC QC KC", "AS KS QS TS AD", "9C AC QD TD 9D" } }

local function new(...)
  local g = game.new(def, { seed = 1, hands = 1, deal = DEAL })
  for _, a in ipairs({ ... }) do g:play(a) end
  return g
end

local function choose(g)
  local a, why = bot.choose(g:view(g:mover()), talon.rng(1))
  return g:text(a), why
end

t.test("orders up with the bowers, counting the left bower as a trump (EUC-R6)", function()
  local a, why = choose(new())
  t.eq(a, "trump H")
  t.ok(why:find("3 trumps (JH JD AH)", 1, true), why)
  local b, why2 = choose(new("pass"))
  t.eq(b, "pass", "seat 2 holds one trump")
  t.ok(why2:find("only 1 trumps", 1, true), why2)
end)

t.test("the dealer discards low from a short side suit, never the up-card", function()
  local a, why = choose(new("trump H"))
  t.eq(a, "9C", "the lone club")
  t.ok(why:find("short in C", 1, true), why)
end)

t.test("goes alone with both bowers and the ace", function()
  local a, why = choose(new("trump H", "9C"))
  t.eq(a, "alone")
  t.ok(why:find("alone", 1, true), why)
end)

t.test("leads the right bower when its side made trump; plays low under its partner", function()
  local g = new("trump H", "9C", "partner")
  local a, why = choose(g)
  t.eq(a, "JH"); t.ok(why:find("right bower", 1, true), why)
  g:play("JH")
  g:play("9H")
  local b, why2 = choose(g) -- seat 3, whose partner's right bower wins
  t.eq(b, "TS", "the lowest card, no trump to follow with")
  t.ok(why2:find("partner is winning", 1, true), why2)
end)

t.test("plays every hand legally and beats random players", function()
  local code, out = run.talon { "sim", "euchre", "--games", "30", "--seed", "3",
    "--bots", "rule,random", "--json" }
  t.eq(code, 0)
  t.ok(out:find('"bot_failures":0', 1, true), "no failed move")
  local wins = {}
  for w in out:match('"seat_wins":%[([%d,]+)%]'):gmatch("%d+") do wins[#wins + 1] = tonumber(w) end
  t.ok(wins[1] >= 25, ("the rule side won %d of 30"):format(wins[1]))
  local code2, out2 = run.talon { "sim", "euchre", "--games", "10", "--seed", "5", "--bots",
    "rule", "--json", "-o", "allow_lone_defender=true", "-o", "alone_before_discard=true" }
  t.eq(code2, 0)
  t.ok(out2:find('"bot_failures":0', 1, true), "no failed move with the switches")
end)
