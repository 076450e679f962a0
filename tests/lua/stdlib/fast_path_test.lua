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

-- The checked game stands for the replay whenever it can: a set of cards
-- is the same action in both games though each made its own Hand (the
-- actions compared as g:try's check compares them, by their texts), and a
-- numeric check.card_points (Kosel's 120, KOZ-R2) runs no game code. A
-- card_points function (Kosel for the pot) is game code: the replay runs.
t.test("a set game with numeric card points stands for its replay; a function does not",
  function()
    local G = require("talon.host.running").G
    local try = G.try
    local tries = 0
    G.try = function(...)
      tries = tries + 1
      return try(...)
    end
    local ok, err = pcall(function()
      for _, case in ipairs { { "kosel", false }, { "bura", false }, { "koselpot", true } } do
        tries = 0
        local bad = invariants.run(assert(loader.load(case[1])), { hands = 2 }, 3, 1)
        t.eq(bad and bad.text, nil, case[1])
        t.eq(tries > 0, case[2], case[1] .. ": the replay ran (" .. tries .. " actions tried)")
      end
    end)
    G.try = try
    if not ok then error(err, 0) end
  end)
