-- attack: a variant whose deal wrapper loops
-- rule: a variant is game code like a game: its wrappers run under the budget, its mistakes are clean errors
-- expect: error "time budget"
-- line: 11
local variant = require "talon.variant"
local hokm = require "games.hokm"

return variant.of(hokm, {
  name = "Hokm (hostile)",
  summary = "a variant of Hokm carrying an attack",
  wrap = { deal = function(orig, st) while true do end end },
})
