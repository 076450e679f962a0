-- tests/lua/cli/playout_record.lua: the record of one quiet random playout
-- (the batch path of simulations, g:playout), for golden_test.lua.
--   talon run tests/lua/cli/playout_record.lua GAME SEED [PLAYERS [HANDS]]
-- A record written after g:playout holds every action the batches drew,
-- so a change to a batch that draws or records differently shows here
-- even where `talon sim --json` (figures only) would not.
local game = require "talon.game"
local loader = require "talon.host.loader"
local record = require "talon.host.record"
local talon = require "talon"

local name, seed = assert(arg[1], "GAME needed"), math.tointeger(tonumber(arg[2] or "1"))
local players = math.tointeger(tonumber(arg[3] or ""))
local hands = math.tointeger(tonumber(arg[4] or ""))
local def = assert(loader.load(name))
local g = game.new(def, { game = name, seed = seed, quiet = true, hands = hands,
                          options = players and { players = players } or nil })
g:playout(talon.rng(seed))
io.write(record.write(g))
