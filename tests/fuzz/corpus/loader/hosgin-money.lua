-- Hosgin played for money as the seed describes it (RULES.md HOS-R35, seed
-- "Die Sache mit der Knete"): everyone pays the ante into the pot, a
-- declarer who loses or concedes pays a third of the ante, and the winner
-- of the match takes the pot. The base game keeps only the points.
local variant = require "talon.variant"
local hosgin = require "games.hosgin"

return variant.of(hosgin, {
  name = "Hosgin (money)",
  summary = "Hosgin with the money ledger: ante, a fine of A/3 per lost game, the pot (HOS-R35)",
  options = { money = true },
})
