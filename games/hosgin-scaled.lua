-- Hosgin with the series values of current Turkish apps (RULES.md HOS-R21,
-- option multi_series = "scaled"): three of a rank in every suit count
-- 1.5 times, four of them twice the double series (aces 1500 / 2000,
-- kings 1200 / 1600, queens 900 / 1200, jacks 600 / 800). The seed defines
-- only single and double series, so the base game counts them as double.
local variant = require "talon.variant"
local hosgin = require "games.hosgin"

return variant.of(hosgin, {
  name = "Hosgin (scaled series)",
  summary = "Hosgin where triple and quadruple rank series score 1.5x and 2x the double (HOS-R21)",
  options = { multi_series = "scaled" },
})
