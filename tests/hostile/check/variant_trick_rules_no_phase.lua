-- attack: a variant that adds trick rules to a phase the game does not have
-- rule: a variant's trick_rules name phases of the base game; a wrong name is an error naming its line
-- expect: error "variant: trick_rules: 'nope' is not a phase of the game"
-- line: 11
local variant = require "talon.variant"
local hokm = require "games.hokm"

return variant.of(hokm, {
  name = "Hostile",
  summary = "trick rules for a phase that does not exist",
  trick_rules = { nope = { follow = true } },
})
