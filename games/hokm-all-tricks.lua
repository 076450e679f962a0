-- Hokm, all tricks played (option play_all_tricks): with two or four players the hand
-- does not stop at 7 tricks; all 13 are played, and Kot needs 13-0, as some
-- Court Piece groups play it.
local variant = require "talon.variant"
local hokm = require "games.hokm"

return variant.of(hokm, {
  name = "Hokm (all tricks)",
  summary = "Hokm where all 13 tricks are played; Kot needs 13-0",
  options = { play_all_tricks = true },
})
