-- Hosgin under random and bot play: every invariant of talon.host.invariants
-- after every action (each card in exactly one place, HOS-R4; a legal move
-- for the mover; scores change only when a deal is scored), and 500 card
-- points in every played deal (HOS-R6, EXAMPLES.md HOS-21).
--
-- Random bidders almost always overbid and lose, so a match to 4555 would
-- not end; these matches use a low target and bid_limit to stay short.
local t = require "talon.host.testing"
local talon = require "talon"
local game = require "talon.game"
local loader = require "talon.host.loader"
local variant = require "talon.variant"
local invariants = require "talon.host.invariants"
local sup = require "tests.lua.games.hosgin_support"

local deals, totals = 0, {}

-- Hosgin with a check of the 500 points and of the cards at every scoring.
local checked = variant.of(sup.def, {
  summary = "Hosgin checking HOS-R6 at every deal",
  wrap = { score = function(orig, st)
    local all = st.deck:hand()
    for s = 1, st.n do all:add(st.hands[s]); all:add(st.won[s]) end
    all:add(st.discards)
    all:add(st.stock:hand())
    assert(all == st.full, "HOS-R4: cards lost or doubled at the end of a deal")
    orig(st)
    deals = deals + 1
    local tl = st.tally
    if tl.kind == "played" then
      local p = tl.points
      local sum = p[1] + p[2] + p[3]
      if not st.opts.discard_points_to_declarer then sum = sum + tl.discard_points end
      totals[#totals + 1] = sum
    end
  end },
})

local OPTION_SETS = {
  {},
  { must_head_plain = true, overtrump_reference = "previous" },
  { discard_from = "any", discard_points_to_declarer = false, show_stock = false },
  { multi_series = "scaled", money = true, fine = "A/2", target_strict = true },
}

t.test("HOS-R4/R6 240 random matches: invariants after every action, 500 per deal", function()
  local first = 1
  for _, opts in ipairs(OPTION_SETS) do
    opts.target, opts.bid_limit = opts.target or 1500, 700
    local fail = invariants.run(checked, { options = opts }, 60, first)
    t.ok(fail == nil, fail and fail.text)
    first = first + 60
  end
  t.ok(deals >= 240, "deals scored: " .. deals)
  t.ok(#totals > 0, "some deals were played")
  for i, v in ipairs(totals) do
    if v ~= 500 then t.eq(v, 500, "HOS-21 played deal " .. i) end
  end
end)

t.test("HOS-R34 random matches end and name a winner with an account over the target", function()
  for seed = 1, 20 do
    local g = game.new(sup.def, { seed = seed, quiet = true,
                                  options = { target = 1500, bid_limit = 700 } })
    g:playout(talon.rng(seed))
    local res = g:result()
    t.ok(res and res.winner, "seed " .. seed .. " has a winner")
    t.ok(g:scores()[res.winner] >= 1500, "winner over the target")
  end
end)

t.test("the rule bot plays whole matches from its views; bids stay within the advice", function()
  local bot = assert(loader.module("games.bots.hosgin"))
  local advisor = require "games.hosgin.advisor"
  for seed = 1, 2 do
    local g = game.new(sup.def, { seed = seed, quiet = true })
    local rng = talon.rng(seed)
    local steps = 0
    while not g:over() and steps < 5000 do
      local v = g:view(g:mover())
      local a = bot.choose(v, rng)
      if type(a) == "table" and a.verb == "bid" then
        local ceiling = advisor.advise(v.hand, { known = v.known }).best.ceiling
        t.ok(a.arg <= ceiling, ("bid %d within the ceiling %d"):format(a.arg, ceiling))
      end
      g:play(a)
      steps = steps + 1
    end
    t.ok(g:over(), "match " .. seed .. " ended")
  end
end)

t.test("variants load and change their option (HOS-R21, HOS-R35)", function()
  local scaled = assert(loader.load("hosgin-scaled"))
  t.eq(game.options(scaled).multi_series, "scaled", "scaled series")
  local money = assert(loader.load("hosgin-money"))
  local g = game.new(money, { seed = 3 })
  t.eq(g.state.pot, 36, "antes in the pot")
end)

t.test("records replay and undo restores (HOS-R8 … R27 through the framework)", function()
  local record = require "talon.host.record"
  local g = game.new(sup.def, { seed = 4, game = "hosgin",
                                options = { target = 1500, bid_limit = 700 } })
  local rng = talon.rng(4)
  for _ = 1, 200 do
    if g:over() then break end
    g:play(g:random(rng))
  end
  local g2 = record.replay(g:record())
  t.eq(g2.nact, g.nact, "same number of actions")
  t.eq(g2:scores(), g:scores(), "same scores")
  t.eq(tostring(g2.state.hands[1]), tostring(g.state.hands[1]), "same hand")
  local before = g.state.hands[g:mover()]:copy()
  local seat = g:mover()
  g:play(g:random(rng))
  t.ok(g:undo(1), "undo")
  t.ok(g.state.hands[seat] == before, "hand restored")
end)
