-- The rule-of-thumb Kosel bot (games/bots/kosel.lua) through the bot
-- interface of docs/cli.md: choose(view, rng) -> action, reason; views
-- are built by hand as the framework gives them to one seat (a set is a
-- Hand, a face-down play false).
local t = require "talon.host.testing"
local talon = require "talon"
local loader = require "talon.host.loader"
local actions = require "talon.actions"
local run = require "tests.lua.cli.run"

talon.style("ascii")

local bot = assert(loader.module("games.bots.kosel"))
local deck = talon.deck { ranks = "A T K Q J 9 8 7 6",
                          points = { A = 11, T = 10, K = 4, Q = 3, J = 2 } }

-- A four-player view of 'seat' in the play phase: 'trick' holds "seat:CARDS"
-- words (cards joined by '+', "-" for face down), 'legal' "verb:CARDS" words.
local function view(seat, trick, legal, trump)
  local v = { seat = seat, n = 4, phase = "play", trump = trump or "H",
              trick = { seats = {}, cards = {} }, legal = {},
              sides = { { 1, 3 }, { 2, 4 } }, side_of = { 1, 2, 1, 2 } }
  for s, c in (trick or ""):gmatch("(%d):(%S+)") do
    v.trick.seats[#v.trick.seats + 1] = tonumber(s)
    v.trick.cards[#v.trick.cards + 1] = c ~= "-" and deck:hand((c:gsub("%+", " "))) or false
  end
  for verb, c in legal:gmatch("(%a+):(%S+)") do
    v.legal[#v.legal + 1] = actions.make(verb, deck:hand((c:gsub("%+", " "))))
  end
  return v
end

local function text(a) return actions.text(a) end

-- KOZ-R9: a lead holding the Schocha cannot be beaten.
t.test("leads the longest set with the Schocha", function()
  local a, why = bot.choose(view(1, "", "lead:AC lead:6S lead:AC+6S lead:7D"), talon.rng(1))
  t.eq(text(a), "lead 6S AC"); t.ok(why:find("Schocha", 1, true), why)
  local b = bot.choose(view(1, "", "lead:AC lead:7D lead:TH"), talon.rng(1))
  t.eq(text(b), "lead 7D", "else the cheapest single card outside trump")
end)

-- KOZ-R10: the face-down cards go to the trick's winner.
t.test("gives the winning partner its richest cards face down", function()
  local a, why = bot.choose(view(3, "1:AD 2:-", "down:AC down:7D beat:TH"), talon.rng(1))
  t.eq(text(a), "down AC"); t.ok(why:find("partner", 1, true), why)
end)

t.test("beats cheaply when the trick is worth it, else throws the cheapest", function()
  local a = bot.choose(view(2, "1:AD", "beat:7H beat:TH down:7C down:TC"), talon.rng(1))
  t.eq(text(a), "beat 7H", "11 points on the table: the cheapest trump that beats")
  local b, why = bot.choose(view(2, "1:7D", "beat:7H down:7C down:TC"), talon.rng(1))
  t.eq(text(b), "down 7C", "no points on the table: no trump spent")
  t.ok(why:find("not worth a trump", 1, true), why)
end)

t.test("declares its combination", function()
  local v = { phase = "combos", legal = { actions.make("moskwa"), actions.make("pass") } }
  t.eq(text(bot.choose(v, talon.rng(1))), "moskwa")
end)

-- Every form, no illegal move, and better than random.
t.test("plays every form legally and beats random", function()
  for _, n in ipairs { "2", "3", "4" } do
    local code, out = run.talon { "sim", "kosel", "--players", n, "--games", "40", "--seed", "3",
      "--bots", n == "3" and "rule,random,random" or "rule,random", "--json" }
    t.eq(code, 0)
    t.ok(out:find('"bot_failures":0', 1, true), n .. " players: no failed move")
    local first = tonumber(out:match('"seat_wins":%[(%d+)'))
    t.ok(first >= 25, ("%s players: the bot won %d of 40"):format(n, first))
  end
end)
