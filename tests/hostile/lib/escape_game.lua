-- Not a case: a game (for records' `file` lines) that tries to reach the
-- host's testing module, which would run lib/payload.lua unsandboxed.
require("talon.host.testing").main { (os and os.getenv("HOSTILE_CANARY")) or "payload.lua" }
return require "games._template"
