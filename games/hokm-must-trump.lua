-- A house rule as one line of data: Hokm where a player who cannot follow
-- suit must play a trump if he holds one (docs/variants.md). The trick
-- rules say it, so every path obeys it, fast playouts included, and a
-- refused card is explained under this variant's name.
local variant = require "talon.variant"

return variant.of(require "games.hokm", {
  name = "Hokm (must trump)",
  summary = "a player who cannot follow suit must play a trump if he holds one",
  trick_rules = { play = { void = "trump" } },
  rules = { ["HOK-R3"] = "Follow the suit led if you can; otherwise play a trump if you hold one"
    .. " (this house rule), else any card." },
})
