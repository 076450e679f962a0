-- invariants.run (docs/framework.md §10): a hook that raises is a failure
-- like a broken invariant — {seed, kind = "error", message, record} — not
-- an error out of the whole run; a run without failure reports its games.
local t = require "talon.testing"
local loader = require "talon.loader"
local invariants = require "talon.invariants"
local record = require "talon.record"

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
