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
})
