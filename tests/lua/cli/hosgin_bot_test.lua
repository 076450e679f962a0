-- The rule-of-thumb Hosgin bot (games/bots/hosgin.lua) explains each
-- decision by the seed's tactical advice ("Taktische Hinweise"): it bids
-- up to the advisor's safe bid (melds + about 200 trick points + the lesser
-- of two hoped-for stock cards), names the trump with the highest safe bid,
-- concedes only when even 300 trick points cannot make the bid (HOS-R14),
-- and gives a reason for every card. Played through real games, seat views
-- only, as `talon play`'s `hint` asks it.
local t = require "talon.host.testing"
local talon = require "talon"
local game = require "talon.game"
local loader = require "talon.host.loader"
local bots = require "talon.cli.bots"

local def = assert(loader.load("hosgin"))
local bot = assert(bots.rule("hosgin", def))
local advisor = require "games.hosgin.advisor"

-- Plays 'deals' deals of a match with the bot in every seat, calling
-- 'inspect(view, action, reason)' before each decision is played.
local function play(seed, deals, inspect)
  local g = game.new(def, { seed = seed, hands = deals })
  local rng = talon.rng(seed)
  while not g:over() do
    local seat = g:mover()
    local v = g:view(seat)
    local a, reason = bots.suggest(bot, g, seat, rng)
    t.ok(a, "the bot found a legal action: " .. tostring(reason))
    inspect(v, a, reason)
    g:play(a)
  end
end

t.test("every decision comes with a reason", function()
  local n = 0
  play(5, 2, function(v, a, reason)
    t.ok(type(reason) == "string" and #reason > 0,
      ("phase %s, %s: no reason"):format(v.phase, tostring(a.verb or a)))
    n = n + 1
  end)
  t.ok(n > 150, "two deals hold more than 150 decisions")
end)

-- Seed advice: do not bid above melds + about 200 + the lesser hoped-for card.
t.test("bids only within the advisor's safe bid, and says so", function()
  local bids, passes = 0, 0
  for seed = 1, 12 do
    play(seed, 1, function(v, a, reason)
      if v.phase ~= "auction" then return end
      local best = advisor.advise(v.hand, { known = v.known }).best
      t.ok(reason:find(tostring(best.ceiling), 1, true),
        ("the reason names the safe bid %d: %s"):format(best.ceiling, reason))
      if a.verb == "bid" then
        bids = bids + 1
        t.ok(a.arg <= best.ceiling, ("bid %d within %d"):format(a.arg, best.ceiling))
      else
        passes = passes + 1
      end
    end)
  end
  t.ok(bids > 0 and passes > 0, ("both bids (%d) and passes (%d) were seen"):format(bids, passes))
end)

-- HOS-R14: conceding costs the bid; the bot concedes only a hopeless game.
t.test("plays or concedes by melds + 300 against the bid", function()
  local seen = 0
  for seed = 1, 12 do
    play(seed, 1, function(v, a, reason)
      if v.phase ~= "decide" then return end
      seen = seen + 1
      local m = v.melds[v.seat].total
      t.eq(a.verb, m + 300 <= v.bid and "concede" or "play", reason)
      t.ok(reason:find(tostring(m), 1, true), "the reason names the melds: " .. reason)
    end)
  end
  t.ok(seen > 0, "some deal reached the declarer's decision")
end)
