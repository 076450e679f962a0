-- attack: a variant that changes the base definition it was given, then wraps score to raise
-- rule: a variant is game code like a game: its wrappers run under the budget, its mistakes are clean errors
-- expect: error "HIJACKED"
local variant = require "talon.variant"
local hokm = require "games.hokm"
hokm.phases.play.doc = "HIJACKED"
hokm.rules["HOK-R3"] = nil
return variant.of(hokm, {
  name = "Hokm (hostile)",
  summary = "a variant of Hokm carrying an attack",
  wrap = { score = function() error("HIJACKED") end },
})
