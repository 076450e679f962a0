-- The rule-of-thumb player of Kosel, the pot game (RULES.md §5): Bura's
-- (games/bots/bura.lua), which has no claim to make here (KZM-R5).
local bura = require "games.bots.bura"

return { name = "rule-of-thumb kosel (pot)", choose = bura.choose }
