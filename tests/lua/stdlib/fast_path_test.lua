-- `talon check` tests the fast path differentially (docs/variants.md): every
-- quiet playout (the batch path of simulations) is replayed action by
-- action through the per-action path, and any difference is a failure
-- naming the seed, the action and both answers.
local t = require "talon.host.testing"
local loader = require "talon.host.loader"
local invariants = require "talon.host.invariants"

-- A playout that ignores follow suit (the template's rule, "follow suit if
-- you can") is caught at the first card the per-action path refuses.
t.test("a playout that disagrees with legal is a failure naming the action", function()
  local def = assert(loader.load("tests/fixtures/broken_games/fast_path_disagrees.lua"))
  local bad = invariants.run(def, { options = { players = 3 } }, 20, 1)
  t.ok(bad, "the check fails")
  t.eq(bad.kind, "invariant")
  t.ok(bad.message:find("^fast path: action %d+, seat %d played %S+; the per%-action path"
    .. " refuses it: follow: must follow"), bad.message)
  t.ok(bad.record and bad.record:find("^talon%-record 1"), "with the fast game's record")
end)

-- The checked game stands for the replay only when the checking mode made
-- no difference to the game: a game invariant that changes the state, or
-- a game that reads the credits the checking mode forgets, is replayed in
-- full, and the card only the checked game allowed is reported.
t.test("a checked game that differs from an unchecked one does not stand for the replay",
  function()
    for _, name in ipairs { "fast_path_agrees_when_checked",
                            "fast_path_agrees_when_credits_reset" } do
      local def = assert(loader.load("tests/fixtures/broken_games/" .. name .. ".lua"))
      local bad = invariants.run(def, { hands = 1 }, 5, 1)
      t.ok(bad, name .. ": the check fails")
      t.eq(bad and bad.kind, "invariant", name)
      t.ok(bad and bad.message:find("^fast path: action %d+, seat %d played %S+; the per%-action"
        .. " path refuses it: follow: must follow"), name .. ": " .. tostring(bad and bad.message))
    end
  end)

-- Every shipped game agrees with itself, and the house rule that wraps
-- play.legal holds in its playouts (the batch is off for that phase).
t.test("shipped games and the no-trump-lead variant agree on both paths", function()
  for _, name in ipairs { "hokm", "hosgin", "kosel", "bura", "koselpot", "besigue", "hearts",
                          "euchre", "hokm-no-trump-lead",
                          "tests/fixtures/variants/no_trump_lead.lua" } do
    local def = assert(loader.load(name))
    local bad, stats = invariants.run(def, { hands = 2 }, 8, 1)
    t.eq(bad and bad.text, nil, name)
    t.eq(stats.games, 8, name .. ": every game played")
  end
end)
