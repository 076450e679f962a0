-- attack: variant.of given a string and nil as the base
-- rule: a variant is game code like a game: its wrappers run under the budget, its mistakes are clean errors
-- expect: error "variant_base_not_table.lua: variant.of: the base game must be a table"
-- (variant.of is called in a tail call: no line of the file is left to
-- name, so the message names the file)
local variant = require "talon.variant"
return variant.of("hokm", { summary = "x" })
