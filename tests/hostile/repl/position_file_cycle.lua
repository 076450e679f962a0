-- attack: a position file whose game state holds itself, then one that never ends
-- rule: a position file is data: read in an empty environment under the budget, a table that holds itself refused, the session goes on
-- expect: contained
-- stdin: position = require("talon.host.position")
-- stdin: def = require("talon.host.loader").load("hokm")
-- stdin: p = assert(position.load("@FILE@"))
-- stdin: print(pcall(require("talon.game").new, def, { position = p }))
-- stdin: print(position.parse("while true do end", "loop"))
-- stdin: print("after")
local t = {}
t.self = t
return { phase = "play", hands = { "", "", "", "" }, state = { loop = t } }
