-- Scores outside the `score` hook (docs/framework.md §1, §10): a credit
-- "at once" through score.add_now is accepted by the checking mode and
-- logged with its reason; any other change during play is still caught.
-- Starting scores (params.scores) are set before the first check, written
-- to the record and read back.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local variant = require "talon.variant"
local invariants = require "talon.host.invariants"
local record = require "talon.host.record"
local score = require "talon.score"
local talon = require "talon"

local template = assert(loader.load("_template"))

-- The template crediting one point at once for every card played.
local credit = variant.of(template, {
  name = "Credit at once",
  summary = "the template crediting a point for every card, at once",
  wrap = {
    ["play.apply"] = function(orig, st, seat, card)
      score.add_now(st, st.side_of[seat], 1, "T-1", "a card played")
      return orig(st, seat, card)
    end,
  },
})

t.test("score.add_now: accepted by the checking mode, logged with its reason", function()
  t.eq(invariants.run(credit, { hands = 2 }, 20), nil, "no invariant broken in 20 games")
  local g = game.new(credit, { seed = 3, hands = 1, checking = true })
  local mover = g:mover()
  g:play(g:legal()[1])
  t.eq(invariants.check(g), nil, "checked after the action")
  t.eq(g:view(mover).scores[g.state.side_of[mover]], 1, "the view shows it at once")
  local ev = g:events()[#g:events()]
  t.eq(ev.kind, "score", "a score event")
  t.eq(ev.text, "P" .. mover .. " is credited 1 at once (T-1: a card played); total 1", "sentence")
  t.ok(g:explain("score"):find("credited 1 at once", 1, true), "explain('score') lists it")
end)

t.test("a change beside score.add_now is still caught, naming the credit", function()
  local cheat = variant.of(credit, {
    name = "Cheat", summary = "credits 1 at once but adds 2",
    wrap = { ["play.apply"] = function(orig, st, seat, card)
      st.scores[st.side_of[seat]] = st.scores[st.side_of[seat]] + 1
      return orig(st, seat, card)
    end },
  })
  local bad = invariants.run(cheat, { hands = 1 }, 1)
  t.ok(bad and bad.message:find("from 0 to 2 (1 of it credited with score.add_now)", 1, true),
    bad and bad.message)
end)

t.test("params.scores: the match starts there, checked, recorded, replayed", function()
  local g = game.new(template, { seed = 9, scores = { 7, -2 }, checking = true, hands = 1,
    game = "_template" })
  t.eq(g:scores(), { 7, -2 }, "starting scores")
  t.eq(invariants.check(g), nil, "starting scores are no change of score")
  t.ok(g:explain(1):find("starts with scores 7 / -2", 1, true), g:explain(1))
  g:playout(talon.rng(9))
  local text = g:record()
  t.ok(text:find("\nscores 7 -2\n", 1, true), "a scores line: " .. text)
  t.eq(record.read(text).scores, { 7, -2 }, "read back")
  local again = record.replay(text)
  t.eq(again:scores(), g:scores(), "replayed to the same scores")
  t.eq(record.write(again), text, "same record")
end)

t.test("params.scores: a wrong list is refused naming the problem", function()
  t.checkerror("params.scores needs 2 starting scores (one per side), got 3", game.new,
    template, { scores = { 1, 2, 3 } })
  t.checkerror("params.scores[2] must be an integer, got x", game.new, template,
    { scores = { 1, "x" } })
  t.checkerror("record:3: scores must be integers, got 'a'", record.read,
    "talon-record 1\ngame x\nscores 1 a\n")
end)

-- Without params.scores a score set by `setup` is a change outside `score`.
t.test("scores set by setup are caught by the checking mode", function()
  local early = variant.of(template, {
    name = "Early", summary = "sets a score in setup",
    setup = function(st) st.scores[1] = 5 end,
  })
  local g = game.new(early, { seed = 1, checking = true })
  t.ok((invariants.check(g) or ""):find("setup or the first deal", 1, true),
    tostring(invariants.check(g)))
end)

-- score.lowest_result (docs/framework.md "Scores"): where points are
-- penalties, once a side is at or above the target the strictly lowest
-- score wins; nobody at the target, or a tie for the lowest, plays on.
t.test("score.lowest_result: the strictly lowest wins once a side reaches the target", function()
  local function at(scores, target)
    local st = { opts = { target = target }, scores = scores, names = { "P1", "P2", "P3", "P4" },
                 sides = { { 1 }, { 2 }, { 3 }, { 4 } } }
    return score.lowest_result(st)
  end
  t.eq(at({ 30, 99, 20, 25 }, 100), nil, "nobody at the target: play on")
  local res = at({ 30, 100, 20, 25 }, 100)
  t.eq(res and res.winner, 3, "a side at the target ends it; the lowest wins")
  t.eq(res.winners, { 3 }, "the winning seats")
  t.eq(res.text, "P3 wins 30-100-20-25", "the result line")
  t.eq(at({ 30, 104, 20, 20 }, 100), nil, "tied for the lowest: play on")
  t.eq(at({ 30, 104, 20, 20 }), nil, "no target option: never ends here")
  t.eq(at({ 110, 104, 120, 101 }, 100).winner, 4, "all past the target: still the lowest")
  t.eq({ score.lowest { scores = { 5, 3, 3, 9 } } }, { { 2, 3 }, 3 }, "score.lowest lists ties")
end)

-- The checking mode keeps one snapshot of the scores from check to check
-- (talon.host.scorewatch): after each action the scores must be the
-- snapshot plus the credits taken, so a score changed between two actions,
-- by a hook that is no action (an invariant, a view) or by anything else,
-- is caught after the next action, and so are credits across actions.
t.test("a score changed between two actions is caught after the next", function()
  local g = game.new(template, { seed = 9, checking = true, hands = 1 })
  g:play(g:legal()[1])
  t.eq(invariants.check(g), nil, "an honest action")
  g.state.scores[2] = g.state.scores[2] + 5
  g:play(g:legal()[1])
  local msg = invariants.check(g)
  t.ok(msg and msg:find("scores changed outside 'score' (after an action): side 2 from 0 to 5",
    1, true), msg)
  local c = game.new(credit, { seed = 3, hands = 1, checking = true })
  for _ = 1, 3 do c:play(c:legal()[1]) end
  t.eq(invariants.check(c), nil, "three credits at once, one after each action: no violation")
  t.eq(c:scores()[1] + c:scores()[2], 3, "all three counted")
end)

-- docs/framework.md, "Scores": points are whole numbers; 5.0 counts as 5,
-- and 2.5 or the text "3" is an error at the line that passed it.
t.test("score.add takes whole numbers only, naming the caller's line", function()
  local st = { scores = { 0 }, quiet = true }
  score.add(st, 1, 5.0, nil, "a float that is whole")
  t.eq(math.type(st.scores[1]), "integer", "5.0 is kept as 5")
  t.eq(st.scores[1], 5)
  for _, bad in ipairs { 2.5, "3", 0 / 0 } do
    local ok, err = pcall(score.add, st, 1, bad, nil, "bad")
    t.ok(not ok and tostring(err):find("score: points must be a whole number, got", 1, true),
      tostring(err))
  end
  t.eq(st.scores[1], 5, "nothing added by a refused change")
end)
