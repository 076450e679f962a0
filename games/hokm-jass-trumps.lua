-- A house rule as data: Hokm with the trump order of Jass and Klaverjas,
-- the jack of trumps highest and the nine next (J 9 A K Q T 8 … 2 of the
-- trump suit), by players who bring that order to Hokm (docs/variants.md).
-- The other suits keep their order. Only the trick order changes; the
-- trick rules say it, so every path obeys it, fast playouts included, and
-- `why` explains a trick by it.
local variant = require "talon.variant"

return variant.of(require "games.hokm", {
  name = "Hokm (Jass trumps)",
  summary = "the jack of trumps ranks highest and the nine next: J 9 A K Q T 8 … 2 in trumps",
  trick_rules = { play = { trumps = { S = "JS 9S", H = "JH 9H", D = "JD 9D", C = "JC 9C" } } },
  rules = { ["HOK-R1"] = function(o)
    local pack = o.players == 3 and ("51 cards (the %s taken out, HOK-R12)"):format(o.removed_two)
      or "52 cards"
    return ("%s, A high to 2 low in every suit but trumps, which run J 9 A K Q T 8 … 2"
      .. " (this house rule); no card points; dealing and play go counter-clockwise (to the"
      .. " right)."):format(pack)
  end },
})
