-- The rule-of-thumb Bura bot (games/bots/bura.lua) through the bot
-- interface of docs/cli.md: choose(view, rng) -> action, reason; views
-- are built by hand as the framework gives them to one seat.
local t = require "talon.host.testing"
local talon = require "talon"
local loader = require "talon.host.loader"
local actions = require "talon.actions"
local run = require "tests.lua.cli.run"

talon.style("ascii")

local bot = assert(loader.module("games.bots.bura"))
local deck = talon.deck { ranks = "A T K Q J 9 8 7 6",
                          points = { A = 11, T = 10, K = 4, Q = 3, J = 2 } }

-- A three-player view of 'seat' in the play phase: 'trick' holds
-- "seat:CARDS" words (cards joined by '+'), 'legal' "verb:CARDS" words.
local function view(seat, trick, legal, memory)
  local v = { seat = seat, n = 3, phase = "play", trump = "D", hand = deck:hand("6C"),
              trick = { seats = {}, cards = {} }, legal = {}, memory = memory or 0,
              options = { face_down = false } }
  for s, c in (trick or ""):gmatch("(%d):(%S+)") do
    v.trick.seats[#v.trick.seats + 1] = tonumber(s)
    v.trick.cards[#v.trick.cards + 1] = deck:hand((c:gsub("%+", " ")))
  end
  for verb, c in legal:gmatch("(%a+):(%S*)") do
    v.legal[#v.legal + 1] = actions.make(verb, c ~= "" and deck:hand((c:gsub("%+", " "))) or nil)
  end
  return v
end

local function text(a) return actions.text(a) end

-- BUR-R10: a claim once it has seen itself take 31 card points.
t.test("claims with 31 seen taken, not before", function()
  local a, why = bot.choose(view(1, "", "lead:AS lead:7C claim:", 33), talon.rng(1))
  t.eq(text(a), "claim"); t.ok(why:find("33", 1, true), why)
  t.eq(text(bot.choose(view(1, "", "lead:AS lead:7C claim:", 30), talon.rng(1))), "lead AS",
    "a plain ace leads")
end)

-- BUR-01 (with an ace led): with trump D, KD 8D is the only pair that
-- beats 9D JS, and 13 points are worth two trumps.
t.test("beats with the cheapest set that beats (BUR-01)", function()
  local v = view(3, "1:AS+7S 2:9D+JS", "play:KD+8D play:8D+9S play:KD+9S claim:")
  local a, why = bot.choose(v, talon.rng(1))
  t.eq(text(a), "play KD 8D"); t.ok(why:find("beats", 1, true), why)
  local cheap = bot.choose(view(3, "1:7S", "play:9D play:8S claim:"), talon.rng(1))
  t.eq(text(cheap), "play 8S", "no points on the table: no trump spent")
end)

-- Sessions often end in a tie (everyone down one ante when a random
-- player's wrong claims break him), so the wins of the rule seats are
-- compared with those of the random seats; 100 sessions, as 40 leave the
-- four-player ratio (about 5 to 1) too close to the threshold of 3.
t.test("plays every form legally and beats random", function()
  for _, n in ipairs { "2", "3", "4" } do
    local spec = n == "3" and "rule,random,random" or "rule,random"
    local code, out = run.talon { "sim", "bura", "--players", n, "--games", "100", "--seed", "3",
      "--bots", spec, "--json" }
    t.eq(code, 0)
    t.ok(out:find('"bot_failures":0', 1, true), n .. " players: no failed move")
    local rule, random, s = 0, 0, 0
    for w in out:match('"seat_wins":%[([%d,]+)%]'):gmatch("%d+") do
      s = s + 1
      if (s == 1 or (n == "4" and s == 3)) then rule = rule + w else random = random + w end
    end
    t.ok(rule >= 25 and rule > 3 * random,
      ("%s players: the rule seats won %d, the random ones %d"):format(n, rule, random))
  end
end)

-- KZM-R5: in Kosel, the pot game, the same player (no claims to make)
-- beats random players too.
t.test("plays Kosel (pot) legally and beats random", function()
  local code, out = run.talon { "sim", "koselpot", "--games", "40", "--seed", "3",
    "--bots", "rule,random,random", "--json" }
  t.eq(code, 0)
  t.ok(out:find('"bot_failures":0', 1, true), "no failed move")
  local wins = {}
  for w in out:match('"seat_wins":%[([%d,]+)%]'):gmatch("%d+") do wins[#wins + 1] = tonumber(w) end
  t.ok(wins[1] > wins[2] + wins[3], ("the rule seat won %d, the random ones %d and %d")
    :format(wins[1], wins[2], wins[3]))
end)
