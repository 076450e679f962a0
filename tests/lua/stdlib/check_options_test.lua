-- A game's `check.options` (docs/framework.md, key `check`): random checks
-- play with them unless the caller gives its own, so a bidding game whose
-- random bidders never finish a match can still be checked end to end.
local t = require "talon.host.testing"
local loader = require "talon.host.loader"
local invariants = require "talon.host.invariants"

local hosgin = assert(loader.load("hosgin"))

t.test("check options sit under the caller's options", function()
  t.eq(invariants.options(hosgin, nil), { target = 1500, bid_limit = 700 }, "defaults")
  t.eq(invariants.options(hosgin, { target = 2000 }), { target = 2000, bid_limit = 700 },
    "the caller wins")
  local hokm = assert(loader.load("hokm"))
  t.eq(invariants.options(hokm, { players = 3 }), { players = 3 }, "no check key")
end)

-- HOS-R32 with the check target: random matches end and keep every
-- invariant (card conservation, a legal move for the mover, scores only in
-- scoring).
t.test("random Hosgin matches end under the check options", function()
  t.eq(invariants.run(hosgin, {}, 3, 1), nil, "no failure")
end)
