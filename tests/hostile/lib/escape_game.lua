-- Not a case: a game (for records' `file` lines) that reaches for the
-- host's testing module and says so if it gets it.
local testing = require("talon.host.testing")
if testing then print("ESCAPED") end
return require "games._template"
