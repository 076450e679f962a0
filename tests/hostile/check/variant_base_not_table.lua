-- attack: variant.of given a string and nil as the base
-- rule: a variant is game code like a game: its wrappers run under the budget, its mistakes are clean errors
-- expect: error
-- line: 6
local variant = require "talon.variant"
return variant.of("hokm", { summary = "x" })
