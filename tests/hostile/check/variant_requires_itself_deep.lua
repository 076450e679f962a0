-- attack: a variant whose base requires games modules in a cycle (games.hokm requires nothing; games.x does not exist)
-- rule: a variant is game code like a game: its wrappers run under the budget, its mistakes are clean errors
-- expect: error
-- line: 6
local variant = require "talon.variant"
local base = require "games.hostile_nosuch_base"
return variant.of(base, { summary = "x" })
