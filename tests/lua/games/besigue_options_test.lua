-- Every option of Besigue's table of chosen defaults (E1 … E14, BES-R19;
-- docs/games/besigue.md "Variants") played in random games with every
-- invariant checked after every action: cards in their places (the table
-- cards too), the hand size with the table cards (BES-R11), and each
-- played deal giving out the card points and 10 (BES-R3, BES-R15).
local t = require "talon.host.testing"
local invariants = require "talon.host.invariants"
local def = require("tests.lua.games.besigue_support").def

local VALUES = {
  seed_literal = true, meld_timing = "after_trick_before_draw", seven_counts_as_meld = true,
  seven_on_play = true, wrong_out = "lose_match", must_declare_out = true,
  require_new_card = false, quint_any_suit = true, partner_melds = true,
}

t.test("each option holds every invariant with 2, 3 and 4 players", function()
  local names = {}
  for k in pairs(VALUES) do names[#names + 1] = k end
  table.sort(names)
  for _, name in ipairs(names) do
    for n = 2, 4 do
      local bad, stats = invariants.run(def, { options = { players = n, [name] = VALUES[name] },
        hands = 2 }, 4, 1)
      t.eq(bad and bad.text, nil, ("%s, %d players"):format(name, n))
      t.eq(stats and stats.games, 4, name)
    end
  end
  local bad = invariants.run(def, { options = { players = 4, four_hand_size = 6,
    partner_melds = true }, hands = 2 }, 4, 1)
  t.eq(bad and bad.text, nil, "E11: four players with six cards")
  t.eq(def.options.four_hand_size.values, { 8, 6 })
end)

t.test("every option has a default and a one-line description", function()
  for name, o in pairs(def.options) do
    t.ok(o.default ~= nil, name)
    t.ok(type(o.doc) == "string" and not o.doc:find("\n"), name .. ": one line")
  end
end)
