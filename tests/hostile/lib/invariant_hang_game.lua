-- Not a case: a game (for records' `file` lines) whose own invariant
-- (check.invariants, asked after every action by replay --check) loops.
local variant = require "talon.variant"
local base = require "games._template"
return variant.of(base, {
  name = "Invariant hang",
  summary = "the template whose own invariant loops",
  check = { invariants = { { after = "action", test = function() while true do end end } } },
})
