-- attack: a variant whose name and summary are tables with looping __tostring
-- rule: a variant is game code like a game: its wrappers run under the budget, its mistakes are clean errors
-- expect: error
local variant = require "talon.variant"
local hokm = require "games.hokm"

return variant.of(hokm, {
  name = "Hokm (hostile)",
  summary = "a variant of Hokm carrying an attack",
  rules = setmetatable({}, { __pairs = function() while true do end end }),
  players = setmetatable({}, { __len = function() while true do end end, __index = function() while true do end end }),
})
