-- bench/sim.lua: random playouts of one Hokm-4 hand through the Lua
-- framework and games/hokm.lua (quiet mode), side by side with bench_hokm
-- (the same hand played by a minimal C loop over talon_core) when its path
-- is given, and the ratio; the target is the Lua game within 10x of C.
--   talon run bench/sim.lua [PATH_TO_bench_hokm] [N] [ROUNDS]
-- Both modes are measured: the hand stops when a side has 7 tricks (the
-- rule), and all 13 tricks are played (option play_all_tricks, Hokm K2).
-- Three framework paths: the hands of one long match in one g:playout (the
-- comparison the target is about: bench_hokm plays hand after hand, and so
-- does a match; the first line and its verdict), a new game per hand then
-- g:playout (game.new sets up options and state and draws for the Hakem,
-- HOK-R6, which the C loop does not), and the same with g:play per action
-- (bots, front ends); and, for scale, the hand written in plain Lua over
-- the same primitives without the framework. Every figure is the best of
-- ROUNDS (default 5) runs, as other processes share the machine, in
-- processor time to the nanosecond (talon.sandbox.cputime: os.clock moves
-- in the kernel's ticks while the budget's timer is armed).
local game = require "talon.game"
local loader = require "talon.host.loader"
local talon = require "talon"
local clock = talon.sandbox.cputime

local c_bench = arg[1]
local n = math.tointeger(tonumber(arg[2] or "")) or 3000
local rounds = math.tointeger(tonumber(arg[3] or "")) or 5
local def = assert(loader.load("hokm"))

local function best(f)
  local b
  for _ = 1, rounds do
    local r = table.pack(f())
    if not b or r[1] < b[1] then b = r end
  end
  return table.unpack(b, 1, b.n)
end

-- Plays n one-hand games with 'options'; 'step' uses g:play per action
-- instead of the batch g:playout. Returns seconds and actions per hand.
local function one_hand_games(options, step)
  local rng = talon.rng(1)
  local t0, actions = clock(), 0
  for seed = 1, n do
    local g = game.new(def, { seed = seed, quiet = true, hands = 1, options = options })
    if step then
      while not g:over() do
        g:play(g:random(rng))
        actions = actions + 1
      end
    else
      actions = actions + g:playout(rng)
    end
  end
  return clock() - t0, actions / n
end

-- The seconds of the n game.new calls of one_hand_games alone (timed
-- as one run: a clock read per game would cost a part of what it times).
local function new_games(options)
  local t0 = clock()
  for seed = 1, n do game.new(def, { seed = seed, quiet = true, hands = 1, options = options }) end
  return clock() - t0
end

-- Plays n hands of one match (a target nobody reaches) in one g:playout.
local function match_hands(options)
  local opts = { target = math.maxinteger }
  for k, v in pairs(options or {}) do opts[k] = v end
  local g = game.new(def, { seed = 1, quiet = true, hands = n, options = opts })
  local t0 = clock()
  g:playout(talon.rng(1), n * 1000)
  assert(g:over() and g.hands_done == n, "the match played every hand")
  return clock() - t0
end

-- The same hand written directly in Lua over the talon primitives, with no
-- framework (no hooks, state, record): what Lua itself costs, for scale.
local function direct_lua(all)
  local deck = talon.deck { ranks = "A K Q J T 9 8 7 6 5 4 3 2" }
  local rng, blank = talon.rng(1), deck:hand()
  local suit, rank = {}, {}
  for _, c in ipairs(deck:kinds()) do suit[c], rank[c] = c.suit, c.rank_index end
  local SUITS = { "S", "H", "D", "C" }
  local t0 = clock()
  for _ = 1, n do
    local hands = { blank:copy(), blank:copy(), blank:copy(), blank:copy() }
    local pile = deck:pile():shuffle(rng)
    pile:deal({ hands[1] }, { 5 })
    local trump = SUITS[rng:int(1, 4)]
    pile:deal({ hands[2], hands[3], hands[4] }, { 5 })
    pile:deal(hands, { 4, 4 })
    local into, leader, won = blank:copy(), 1, { 0, 0 }
    for _ = 1, 13 do
      local led, top, winner = nil, nil, leader
      for i = 0, 3 do
        local s = (leader + i - 1) % 4 + 1
        local h = hands[s]
        local c = h:follow(led, into):pick(rng) -- HOK-R3
        h:remove(c)
        if not led then
          led, top = suit[c], c
        elseif (suit[c] == suit[top] and rank[c] < rank[top]) -- HOK-R4
          or (suit[c] == trump and suit[top] ~= trump) then
          top, winner = c, s
        end
      end
      leader = winner
      local side = (winner - 1) % 2 + 1
      won[side] = won[side] + 1
      if not all and won[side] == 7 then break end
    end
  end
  return clock() - t0
end

local function c_rate(all)
  if not c_bench then return nil end
  local rate
  for _ = 1, rounds do
    local p = assert(io.popen(('"%s" 200000 %s'):format(c_bench, all and "all" or "")))
    local out = p:read("a")
    p:close()
    local r = tonumber(out:match("([%d.]+) playouts/s"))
    if r and (not rate or r > rate) then rate = r end
  end
  return rate
end

local MODES = {
  { name = "to 7 tricks", options = nil, all = false },
  { name = "all 13 tricks", options = { play_all_tricks = true }, all = true },
}

-- One line per path: rate, time per hand or game, and the ratio to C.
local function line(label, rate, unit, c, note)
  local ratio = c and ("%5.1fx C"):format(c / rate) or ""
  print(("  %-44s %9.0f %s/s %7.2f us  %s%s"):format(label, rate, unit, 1e6 / rate, ratio,
    note or ""))
end

for _, m in ipairs(MODES) do
  local dt, per_hand = best(function() return one_hand_games(m.options, false) end)
  local t_new = best(function() return new_games(m.options) end)
  local rate = n / dt
  local step_rate = n / best(function() return one_hand_games(m.options, true) end)
  local match_rate = n / best(function() return match_hands(m.options) end)
  local direct_rate = n / best(function() return direct_lua(m.all) end)
  local c = c_rate(m.all)
  print(("Hokm-4 random playouts, %s (%d hands, best of %d runs):"):format(m.name, n, rounds))
  if c then line("C, bench_hokm (the yardstick)", c, "hands", nil) end
  local verdict = c and (c / match_rate <= 10 and "met" or "NOT met")
  line("framework: hands of one running match", match_rate, "hands", c,
    verdict and ("  (target within 10x: %s)"):format(verdict))
  line("framework: new game, then g:playout", rate, "games", c,
    ("  (game.new %.1f us: options, state, ace draw; then %.0f ns per action)")
      :format(t_new / n * 1e6, (dt - t_new) / (per_hand * n) * 1e9))
  line("framework: new game, g:play per action", step_rate, "games", c)
  line("plain Lua over the primitives, no framework", direct_rate, "hands", c)
end
