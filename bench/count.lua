-- bench/count.lua: a fixed workload of random Hokm-4 hands (seeded, quiet),
-- or of another game's hands, for counting instructions with callgrind,
-- which the load of a shared machine does not disturb (timings do not
-- repeat; counts do).
--   talon run bench/count.lua MODE N [GAME]
-- MODE: "new" (N new games, no play), "playout" (N games, each a new game
-- then g:playout of its one hand), "play" (the same with g:play per
-- action), "match" (one match of N hands in one g:playout; keep N small
-- under valgrind: one playout is one call under the 2 s sandbox budget; a
-- game with a `target` option plays to a target nobody reaches). GAME is a
-- game name or path, default "hokm" (`talon run bench/count.lua playout
-- 1001 hearts`: random Hearts hands).
-- game.new: (count of "new 1001" - count of "new 1") / 1000; the actions of
-- a hand: ("playout 1001" - "new 1001") / 1000; a hand of a running match:
-- ("match 200" - "match 0") / 200. A count is the "Collected" line of
--   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
--     build/release/repl/talon run bench/count.lua playout 1001
local game = require "talon.game"
local loader = require "talon.host.loader"
local talon = require "talon"

local mode, n = arg[1] or "playout", math.tointeger(tonumber(arg[2] or "")) or 1000
local def = assert(loader.load(arg[3] or "hokm"))
local rng = talon.rng(1)

if mode == "match" then
  local options = def.options and def.options.target and { target = math.maxinteger } or nil
  local g = game.new(def, { seed = 1, quiet = true, hands = math.max(n, 1), options = options })
  if n > 0 then g:playout(rng, n * 1000) end
  return
end
for seed = 1, n do
  local g = game.new(def, { seed = seed, quiet = true, hands = 1 })
  if mode == "playout" then
    g:playout(rng)
  elseif mode == "play" then
    while not g:over() do g:play(g:random(rng)) end
  elseif mode ~= "new" then
    error("mode must be new, playout, play or match")
  end
end
