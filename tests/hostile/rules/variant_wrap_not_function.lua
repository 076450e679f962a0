-- attack: a variant whose wrap entries are not functions
-- rule: a variant is game code like a game: its wrappers run under the budget, its mistakes are clean errors
-- expect: error
local variant = require "talon.variant"
local hokm = require "games.hokm"

return variant.of(hokm, {
  name = "Hokm (hostile)",
  summary = "a variant of Hokm carrying an attack",
  wrap = { score = 42, ["play.apply"] = setmetatable({}, { __call = function() while true do end end }) },
})
