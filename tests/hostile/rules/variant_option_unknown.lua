-- attack: a variant setting an option the base does not have, and a default of the wrong type
-- rule: a variant is game code like a game: its wrappers run under the budget, its mistakes are clean errors
-- expect: error
local variant = require "talon.variant"
local hokm = require "games.hokm"

return variant.of(hokm, {
  name = "Hokm (hostile)",
  summary = "a variant of Hokm carrying an attack",
  options = { nosuch = 1, target = "seven" },
})
