-- bench/search.lua: determinised playouts per second of the search player
-- (talon.host.search), sampling included, from mid-hand positions of
-- every shipped game.
--   talon run bench/search.lua [PLAYOUTS] [POSITIONS] [GAME...]
-- For each game, POSITIONS (default 6) decisions in the middle of a hand
-- (a trick phase, two tricks played, a choice of actions) are reached by
-- random play; at each the search runs with a budget of PLAYOUTS (default
-- 3000) futures: the deals of the unseen cards, a fork per future, the
-- action, the random play to the end of the hand and its value. The
-- figure is futures per second of processor time (talon.sandbox.cputime), one core,
-- the tracker's catching up with the record left out; the best of three
-- rounds, as other processes share the machine.
local game = require "talon.game"
local loader = require "talon.host.loader"
local knowledge = require "talon.host.knowledge"
local search = require "talon.host.search"
local talon = require "talon"
local clock = talon.sandbox.cputime -- (os.clock moves in ticks: bench/sim.lua)

local budget = math.tointeger(tonumber(arg[1] or "")) or 3000
local positions = math.tointeger(tonumber(arg[2] or "")) or 6

local SPECS = {
  { "hokm", { players = 4 } }, { "hokm", { players = 3 } }, { "hokm", { players = 2 } },
  { "hosgin", {} }, { "kosel", {} }, { "kosel", { players = 2 } }, { "bura", {} },
  { "koselpot", {} }, { "hearts", {} }, { "euchre", {} }, { "besigue", { players = 2 } },
  { "besigue", { players = 3 } }, { "besigue", { players = 4 } },
  { "hokm-no-trump-lead", {} }, { "hokm-must-trump", {} }, { "hokm-trump-after-four", {} },
}
if arg[3] then
  local only = {}
  for i = 3, #arg do only[arg[i]] = true end
  local keep = {}
  for _, s in ipairs(SPECS) do if only[s[1]] then keep[#keep + 1] = s end end
  SPECS = keep
end

-- A decision in the middle of a hand of 'def', reached at random.
local function mid_hand(def, opts, seed)
  local g = game.new(def, { seed = seed, options = opts, quiet = true })
  local rng = talon.rng(seed)
  for _ = 1, 5000 do
    if g:over() then return nil end
    if g.ph.trick and g.state.tricks_played >= 2 and #g:legal() > 1 then return g end
    g:play(g:random(rng))
  end
  return nil
end

print(("search: %d futures a decision, %d positions a game"):format(budget, positions))
for _, spec in ipairs(SPECS) do
  local def = assert(loader.load(spec[1]))
  local best = 0
  for _ = 1, 3 do
    local total, secs, found = 0, 0, 0
    for seed = 1, positions * 4 do
      if found >= positions then break end
      local g = mid_hand(def, spec[2], seed)
      if g then
        found = found + 1
        local tr = knowledge.new(g, g:mover())
        search.direction(g.def, g.opts)
        local t0 = clock()
        local r = search.estimate(g, g:mover(), tr, { playouts = budget, rng = talon.rng(seed) })
        secs = secs + clock() - t0
        total = total + r.playouts
      end
    end
    if secs > 0 then best = math.max(best, total / secs) end
  end
  local label = spec[1] .. (spec[2].players and ("-" .. spec[2].players) or "")
  print(("  %-10s %8.0f futures/s"):format(label, best))
end
