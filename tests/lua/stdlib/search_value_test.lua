-- What a future is worth to the search (talon.host.value) and how its
-- followers play (talon.host.search.tricks_pay): the fit reads the worth
-- of tricks and card points from the futures, never from the game's name.
local t = require "talon.host.testing"
local value = require "talon.host.value"
local search = require "talon.host.search"
local loader = require "talon.host.loader"
local game = require "talon.game"
local talon = require "talon"

t.test("the fit recovers the worth of a trick and of a card point", function()
  local f = value.fit()
  local rng = talon.rng(4)
  for _ = 1, 400 do
    local a, b = rng:int(-6, 6), rng:int(-60, 60)
    value.add(f, 0.25 * a + 0.01 * b + 3, a, b)
  end
  local sa, sb = value.slopes(f)
  t.near(sa, 0.25, 1e-9, "a trick is worth a quarter")
  t.near(sb, 0.01, 1e-9, "a card point a hundredth")
end)

t.test("a feature that never varies predicts nothing", function()
  local f = value.fit()
  for i = 1, 50 do value.add(f, i % 2, i % 5, 0) end
  local _, sb = value.slopes(f)
  t.eq(sb, 0, "no card points in this deck: no slope")
  local g = value.fit()
  t.eq(value.blend(g, 0.7, 3, 0), 0.7, "no futures yet: the plain mean")
end)

t.test("of two actions with the same mean, the one taking more tricks ranks higher", function()
  -- futures in which a trick more is worth a fifth of a point, and two
  -- actions whose hands scored alike but whose tricks differ
  local f = value.fit()
  for k = 1, 200 do
    local a = k % 7 - 3
    value.add(f, 0.2 * a + (k % 3 == 0 and 0.5 or 0), a, 0)
  end
  local more = value.blend(f, 0.3, 1.5, 0)
  local fewer = value.blend(f, 0.3, -1.5, 0)
  t.ok(more > fewer, ("blended %.3f > %.3f"):format(more, fewer))
end)

t.test("a side's change is its own less the mean of the others', turned round for penalty games",
  function()
    local st = { scores = { 5, 2, 2 }, side_of = { 1, 2, 3 }, tricks_won = { 4, 1, 1 },
                 won = {} }
    local s0 = { score = { 1, 1, 1 }, tricks = { 0, 0, 0 }, points = { 0, 0, 0 } }
    local v, a = value.change(st, s0, 1)
    t.eq(v[1], 4 - 1, "side 1: +4 against +1 on average")
    t.eq(a[1], 4 - 1, "and 4 tricks against 1")
    local w, b = value.change(st, s0, -1)
    t.eq(w[1], -3, "where the lowest score wins, points are bad")
    t.eq(b[1], 3, "but tricks are still counted as tricks")
  end)

-- The search asks every future for its side's three figures alone
-- (value.change_of): they must be exactly what value.change gives that
-- side, for every side, in both directions, in games of partnerships,
-- of each for himself and of card points, at the end of a hand and in
-- the middle of one.
t.test("one side's change is the same as the change of every side", function()
  local cases = { { "hokm", { players = 4 } }, { "hokm", { players = 3 } }, { "hearts", {} },
                  { "kosel", {} }, { "hosgin", {} }, { "bura", {} } }
  local compared = 0
  for _, case in ipairs(cases) do
    local def = assert(loader.load(case[1]))
    for seed = 1, 4 do
      local g = game.new(def, { seed = seed, options = case[2], quiet = true, hands = 1 })
      local s0 = value.snapshot(g.state)
      local rng = talon.rng(seed)
      for step = 1, 400 do
        if g:over() then break end
        g:play(g:random(rng))
        if step % 7 == 0 or g:over() then
          for _, dir in ipairs { 1, -1 } do
            local vs, as, bs = value.change(g.state, s0, dir)
            for side = 1, #vs do
              local v, a, b = value.change_of(g.state, s0, dir, side)
              t.ok(v == vs[side] and a == as[side] and b == bs[side],
                ("%s seed %d step %d side %d"):format(case[1], seed, step, side))
              compared = compared + 1
            end
          end
        end
      end
    end
  end
  t.ok(compared > 200, "positions compared: " .. compared)
end)

-- HOK-R10: the side that takes 7 tricks scores; Hearts HRT-R8: each heart
-- taken is a penalty point, Q♠ 13.
t.test("taking tricks pays in Hokm and costs in Hearts, as random hands show", function()
  for _, case in ipairs { { "hokm", 1 }, { "hearts", -1 } } do
    local def = assert(loader.load(case[1]))
    local g = game.new(def, { seed = 1, quiet = true })
    t.eq(search.tricks_pay(def, g.opts), case[2], case[1])
  end
end)

-- HOS-R29, HOS-R30: the card points of a player's tricks make his score
-- (and the declarer's contract), so tricks pay in Hosgin; a game without a
-- `players` option (Hosgin is for three) takes its resolved options back
-- for the probe's random games.
t.test("the probes run for a game whose options do not name the players", function()
  local def = assert(loader.load("hosgin"))
  local g = game.new(def, { seed = 1, quiet = true })
  t.eq(g.opts.players, 3, "resolved options name the players")
  t.eq(search.tricks_pay(def, g.opts), 1, "Hosgin: taking tricks pays")
end)
