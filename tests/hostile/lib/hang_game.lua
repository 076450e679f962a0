-- Not a case: a game (for records' `file` lines) whose legal and zones
-- hooks loop.
local variant = require "talon.variant"
local base = require "games._template"
return variant.of(base, {
  name = "Hang",
  summary = "the template whose legal hook loops",
  wrap = { ["play.legal"] = function() while true do end end },
  zones = function() while true do end end,
})
