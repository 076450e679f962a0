-- A house rule as one line of data: Hokm with the ten ranked second, above
-- the king (A T K Q J 9 … 2), as in many German games (Besigue BES-R6,
-- Kosel, Schnapsen), by players who bring that order to Hokm
-- (docs/variants.md). Only the trick order changes: which card wins a
-- trick, which card heads another. The trick rules say it, so every path
-- obeys it, fast playouts included, and `why` explains a trick by it.
local variant = require "talon.variant"

return variant.of(require "games.hokm", {
  name = "Hokm (ten high)",
  summary = "the ten ranks second, above the king: A T K Q J 9 8 7 6 5 4 3 2",
  trick_rules = { play = { ranks = "A T K Q J 9 8 7 6 5 4 3 2" } },
  rules = { ["HOK-R1"] = function(o)
    local pack = o.players == 3 and ("51 cards (the %s taken out, HOK-R12)"):format(o.removed_two)
      or "52 cards"
    return ("%s, A T K Q J 9 … 2 in every suit, the ten above the king (this house rule); no"
      .. " card points; dealing and play go counter-clockwise (to the right)."):format(pack)
  end },
})
