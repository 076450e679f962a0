-- bench/bots.lua: the rule-of-thumb bots' self-play as `talon sim` plays
-- it (quiet games, each bot handed its seat's view under its own budget,
-- its answer judged, then played), in decisions and hands per second, per
-- game: the path of every simulation with bots, of `talon compare` and of
-- the bots at the table.
--   talon run bench/bots.lua [GAME...] [--hands N] [--rounds R]
-- Each game (default: every shipped game with a rule-of-thumb bot) plays
-- matches of at most 5 hands (seeds 1, 2, ...) until N hands in all
-- (default 200) are played; every figure is the best of R runs (default
-- 3), as other processes share the machine. The decisions are the bots'
-- (every action of such a game is one).
local game = require "talon.game"
local loader = require "talon.host.loader"
local talon = require "talon"
local bots = require "talon.cli.bots"
local clock = talon.sandbox.cputime -- (os.clock moves in ticks: bench/sim.lua)

local names, hands, rounds = {}, 200, 3
local i = 1
while i <= #arg do
  local a = arg[i]
  if a == "--hands" or a == "--rounds" then
    local v = math.tointeger(tonumber(arg[i + 1] or ""))
    if not v or v < 1 then error(a .. " needs a positive integer", 0) end
    if a == "--hands" then hands = v else rounds = v end
    i = i + 1
  else
    names[#names + 1] = a
  end
  i = i + 1
end
if #names == 0 then
  names = { "hokm", "hosgin", "kosel", "koselpot", "bura", "besigue", "hearts", "euchre" }
end

-- Plays matches of 'key' until 'hands' hands are done; returns the seconds
-- taken and the decisions made.
local function play(key, def)
  local done, decisions, seed, t = 0, 0, 0, 0
  while done < hands do
    seed = seed + 1
    local g = game.new(def, { seed = seed, quiet = true, hands = math.min(5, hands - done) })
    local list = bots.list("rule", g:seats(), key, def)
    local rng = talon.rng(seed)
    local t0 = clock()
    while not g:over() do
      local s = g:mover()
      bots.move(list[s], g, s, rng)
      decisions = decisions + 1
    end
    t = t + clock() - t0
    done = done + g.hands_done
  end
  return t, decisions
end

print(("rule-of-thumb bots, quiet self-play (%d hands per game, best of %d runs):")
  :format(hands, rounds))
for _, key in ipairs(names) do
  local def = assert(loader.load(key))
  local best, decisions
  for _ = 1, rounds do
    local t, d = play(key, def)
    if not best or t < best then best, decisions = t, d end
  end
  print(("  %-12s %9.0f decisions/s %8.1f us each %9.0f hands/s"):format(key,
    decisions / best, 1e6 * best / decisions, hands / best))
end
