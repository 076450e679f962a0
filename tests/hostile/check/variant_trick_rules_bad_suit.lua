-- attack: a variant whose added trick rules name a suit the deck does not have, to fail in the middle of a game
-- rule: a variant's trick rules are checked against the game's deck as the variant loads: the error names its line
-- expect: error "variant: trick_rules.play: key 'unbroken'"
-- line: 11
local variant = require "talon.variant"
local hokm = require "games.hokm"

return variant.of(hokm, {
  name = "Hostile",
  summary = "trick rules naming a suit that is not in the deck",
  trick_rules = { play = { unbroken = "Z" } },
})
