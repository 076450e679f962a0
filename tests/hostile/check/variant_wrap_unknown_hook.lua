-- attack: a variant wrapping a hook that does not exist (play.nope, nope)
-- rule: a variant is game code like a game: its wrappers run under the budget, its mistakes are clean errors
-- expect: error
local variant = require "talon.variant"
local hokm = require "games.hokm"

return variant.of(hokm, {
  name = "Hokm (hostile)",
  summary = "a variant of Hokm carrying an attack",
  wrap = { ["play.nope"] = function(orig) return orig end, nope = function() end },
})
