-- A house rule as one line of data: Hokm where the trump may not be led
-- while the leader holds another suit (docs/variants.md). The trick rules
-- say it, so every path obeys it, fast playouts included, and a refused
-- lead is explained under this variant's name.
local variant = require "talon.variant"

return variant.of(require "games.hokm", {
  name = "Hokm (no trump lead)",
  summary = "the trump may not be led while you hold a card of another suit",
  trick_rules = { play = { unbroken = "trump", break_on_play = false } },
})
