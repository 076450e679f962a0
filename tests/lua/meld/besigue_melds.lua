-- Besigue's melds (RULES.md §6.4, corrected seed §6.1) as data for
-- talon.melds: which melds a set of cards forms. Declaration bookkeeping
-- across tricks (BES-R11, BES-R12) is the game's job.
--
-- The quint major includes its trump marriage: once the quint is declared
-- its K Q are no marriage (BES-R12), and BES-01 values A T K Q J of trump
-- at 250. Marriages are counted per occurrence, so a double marriage is
-- 40 (80 in trump).
local besigue_melds = {}

function besigue_melds.deck(packs)
  return { ranks = "A T K Q J 9 8 7", points = "11 10 4 3 2 0 0 0", copies = packs or 2 }
end

-- opts.quint_any_suit (BES-R13) scores the quint major in every suit.
function besigue_melds.table(opts)
  opts = opts or {}
  return {
    { name = "marriage", ranks = "K Q", suit = "each", points = 20, trump_points = 40 },
    { name = "quint major", ranks = "A T K Q J", suit = opts.quint_any_suit and "each" or "trump",
      points = 250, includes = { "marriage" } },
    { name = "four jacks", ranks = "J", suit = "any", size = 4, points = 40 },
    { name = "four queens", ranks = "Q", suit = "any", size = 4, points = 60 },
    { name = "four kings", ranks = "K", suit = "any", size = 4, points = 80 },
    { name = "four aces", ranks = "A", suit = "any", size = 4, points = 100 },
    { name = "besigue", cards = "QS JD", points = { 40, 500, 1500 } },
    { name = "trump seven", ranks = "7", suit = "trump", points = 10 },
  }
end

return besigue_melds
