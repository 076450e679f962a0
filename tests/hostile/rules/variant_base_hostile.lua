-- attack: variant.of given a base table whose __index and __pairs loop
-- rule: a variant is game code like a game: its wrappers run under the budget, its mistakes are clean errors
-- expect: error
local variant = require "talon.variant"
return variant.of(setmetatable({}, { __index = function() while true do end end, __pairs = function() while true do end end }), {
  name = "x", summary = "a variant of a hostile base",
})
