-- invariants.run (docs/framework.md §10): a hook that raises is a failure
-- like a broken invariant — {seed, kind = "error", message, record} — not
-- an error out of the whole run; a run without failure reports its games.
local t = require "talon.host.testing"
local loader = require "talon.host.loader"
local invariants = require "talon.host.invariants"
local record = require "talon.host.record"

local FIX = "tests/fixtures/broken_games/"

t.test("a raising hook is a failure with its seed, message and record", function()
  local def = assert(loader.load(FIX .. "runtime_error.lua"))
  local ok, bad = pcall(invariants.run, def, { hands = 1, game = FIX .. "runtime_error.lua" }, 3)
  t.ok(ok, "the run itself does not raise: " .. tostring(bad))
  t.eq(bad.kind, "error", "kind")
  t.eq(bad.seed, 1, "the first seed fails")
  t.ok(bad.message:find("runtime_error.lua:14: attempt to index a nil value", 1, true),
    bad.message)
  t.ok(bad.text:find("^seed 1: "), bad.text)
  t.ok(bad.record:find("# raised the error\n$"), "the record ends with the action that raised")
  local r = record.read(bad.record)
  t.eq(#r.actions, 2, "the first card, then the second that raised")
end)

t.test("a broken invariant has kind 'invariant'; a clean run counts its games", function()
  local bad = invariants.run(assert(loader.load(FIX .. "lose_card.lua")), { hands = 1 }, 3)
  t.eq(bad.kind, "invariant", "kind")
  -- the template's hand has 5 tricks of one point, its target is 10
  local none, stats = invariants.run(assert(loader.load("_template")), { hands = 1 }, 5, 10)
  t.eq(none, nil, "no failure")
  t.eq(stats.games, 5, "games")
  t.ok(stats.actions > 0, "actions counted")
  t.eq(stats.ended, 0, "one hand cannot reach the target: every game stopped at the bound")
end)

t.test("a hand that does not end within the limit is named", function()
  local bad = invariants.run(assert(loader.load("_template")), { hands = 1 }, 1, 1, 3)
  t.eq(bad.message, "hand 1 does not end: 3 actions", bad.message)
end)

-- docs/framework.md §10: a game's own check.invariants run after every
-- action or after every hand scored, and a failure names their rule.
t.test("a game's own invariants run at their moment and name their rule", function()
  local template = assert(loader.load("_template"))
  local variant = require "talon.variant"
  local seen = { action = 0, hand = 0 }
  local function counting(after)
    return { rule = "T-" .. after, after = after, test = function()
      seen[after] = seen[after] + 1
    end }
  end
  local def = variant.of(template, { summary = "counts its checks",
    check = { invariants = { counting("action"), counting("hand") } } })
  local none, stats = invariants.run(def, { hands = 2 }, 1)
  t.eq(none, nil, "no failure")
  t.eq(seen.hand, 2, "once per hand scored")
  t.eq(seen.action, stats.actions + 1, "after every action and at the start")
  local broken = variant.of(template, { summary = "a hand check that fails",
    check = { invariants = { { rule = "T-9", after = "hand", test = function(st)
      return ("hand %d is wrong"):format(st.hand_no)
    end } } } })
  local bad = invariants.run(broken, { hands = 3 }, 1)
  t.eq(bad.kind, "invariant", "kind")
  t.eq(bad.message, "T-9: hand 1 is wrong", "the rule and the game's sentence")
end)

t.test("a malformed game invariant is refused when the game is defined", function()
  local game = require "talon.game"
  local def = assert(loader.load("_template"))
  local copy = {}
  for k, v in pairs(def) do copy[k] = v end
  copy.check = { invariants = { { rule = "X", after = "trick", test = print } } }
  local ok, err = pcall(game.validate, copy, "x.lua")
  t.ok(not ok, "refused")
  t.ok(tostring(err):find('x.lua: check.invariants[1] must be {rule =, after = "action" or "hand"',
    1, true), tostring(err))
end)

-- HOS-R6 (EXAMPLES.md HOS-21): Hosgin declares that a played deal gives out
-- 500 card points; `talon check` holds every Hosgin deal to it.
t.test("Hosgin's 500-point invariant catches a house rule that loses points", function()
  local bad = invariants.run(assert(loader.load(FIX .. "hosgin_loses_points.lua")), {}, 3)
  t.ok(bad, "the broken variant fails")
  t.ok(bad.message:find("^HOS%-R6: deal %d+ gave out 480 card points, not 500"), bad.message)
  local none, stats = invariants.run(assert(loader.load("hosgin")), {}, 200)
  t.eq(none, nil, none and none.text)
  t.eq(stats.ended, 200, "200 random matches of Hosgin end (check.options)")
end)

-- KOZ-R14, KOZ-R11: a party that is out takes no part in the deal. The
-- generic invariants catch a game that lets it draw (as deal.replenish
-- once did) twice over: a seat sitting out gets a card, and the deal's
-- declared card points (check.card_points, KOZ-R2) end up short.
t.test("a seat sitting out that draws is caught, and so are vanished card points", function()
  local broken = assert(loader.load(FIX .. "kosel_out_draws.lua"))
  local bad = invariants.run(broken, { options = { players = 3 } }, 20)
  t.ok(bad, "the broken variant fails")
  t.ok(bad.message:find("^seat %d sits out but holds %d card%(s%), %d more than"), bad.message)
  local burnt = invariants.run(assert(loader.load(FIX .. "kosel_burns_aces.lua")), {}, 1)
  t.ok(burnt, "burnt aces fail")
  t.ok(burnt.message:find("^hand 1: the won piles hold %d+ card points, not the 120 the game"
    .. " declares %(check.card_points%)"), burnt.message)
  local none = invariants.run(assert(loader.load("kosel")), { options = { players = 3 } }, 60)
  t.eq(none, nil, none and none.text)
end)

t.test("check.card_points must be an integer or a function", function()
  local game = require "talon.game"
  local copy = {}
  for k, v in pairs(assert(loader.load("_template"))) do copy[k] = v end
  copy.check = { card_points = "120" }
  local ok, err = pcall(game.validate, copy, "x.lua")
  t.ok(not ok, "refused")
  t.ok(tostring(err):find("x.lua: check.card_points must be an integer", 1, true), tostring(err))
  copy.check = { card_points = function() return nil end }
  t.ok(pcall(game.validate, copy, "x.lua"), "a function is a declaration")
end)

-- Seeds are counted by index: a loop to first + n - 1 wrapped past the
-- largest integer and played no game while reporting n.
t.test("a run from the largest seeds plays every game it reports", function()
  local def = assert(loader.load("_template"))
  local none, stats = invariants.run(def, { hands = 1 }, 3, math.maxinteger - 1)
  t.eq(none, nil, "no failure")
  t.eq(stats.games, 3, "games played")
  t.ok(stats.actions > 0, "actions were played: " .. stats.actions)
end)
