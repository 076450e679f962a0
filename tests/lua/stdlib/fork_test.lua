-- Forks (talon.host.fork): a fork of a running game continues exactly
-- as the game would under the same random draws, and playing the fork
-- leaves the game untouched.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local fork = require "talon.host.fork"
local talon = require "talon"

local GAMES = { "hokm", "hosgin", "kosel", "bura", "koselpot", "hearts", "_template",
                "hokm-trump-after-four", "euchre", "besigue" }

local function legal_text(g)
  if g.ph.cards then return tostring(g:legal_hand()) end
  local l = {}
  for i, a in ipairs(g:legal()) do l[i] = g:text(a) end
  return table.concat(l, ", ")
end

-- Plays both on with the same draws; nil when they agree to the end.
local function same_future(g1, g2, seed)
  local r1, r2 = talon.rng(seed), talon.rng(seed)
  for step = 1, 3000 do
    if g1:over() or g2:over() then
      if g1:over() ~= g2:over() then return ("step %d: only one game is over"):format(step) end
      return nil
    end
    if g1:mover() ~= g2:mover() then return ("step %d: movers differ"):format(step) end
    if legal_text(g1) ~= legal_text(g2) then
      return ("step %d: legal actions differ"):format(step)
    end
    local a1, a2 = g1:random(r1), g2:random(r2)
    if g1:text(a1) ~= g2:text(a2) then return ("step %d: draws differ"):format(step) end
    g1:play(a1)
    g2:play(a2)
  end
  return nil
end

t.test("a fork continues as its game would, and leaves it untouched", function()
  for _, name in ipairs(GAMES) do
    local def = assert(loader.load(name))
    local forked = 0
    for seed = 1, 8 do
      -- the options talon check plays with: random play ends their matches
      local params = { seed = seed, hands = 3, options = def.check and def.check.options }
      -- a random point of a random game: its length first, then a stop
      -- before it, the same draws both times
      local probe, total = game.new(def, params), 0
      local rng = talon.rng(seed)
      while not probe:over() do probe:play(probe:random(rng)); total = total + 1 end
      local g = game.new(def, params)
      rng = talon.rng(seed)
      for _ = 1, (seed * 7919) % total do g:play(g:random(rng)) end
      if not g:over() then
        local before = g:record()
        local f = fork.of(g)
        local replica = game.new(def, params)
        for i = 1, g.nact do replica:play(g.act[i]) end
        -- a fork of the fork (by plan: the futures of a search's world)
        local f2 = fork.again(f)
        t.eq(same_future(f2, replica, seed), nil, ("%s seed %d: fork of a fork"):format(name,
          seed))
        replica = game.new(def, params)
        for i = 1, g.nact do replica:play(g.act[i]) end
        t.eq(same_future(f, replica, seed), nil, ("%s seed %d"):format(name, seed))
        t.eq(g:record(), before, name .. ": the game's record is unchanged")
        local again = game.new(def, params)
        for i = 1, g.nact do again:play(g.act[i]) end
        t.eq(same_future(g, again, seed + 1), nil, name .. ": the game plays on as before")
        forked = forked + 1
      end
    end
    t.ok(forked >= 4, name .. ": forks made")
  end
end)

t.test("a fork asked for one hand ends with the hand", function()
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = 3 })
  local rng = talon.rng(3)
  for _ = 1, 12 do g:play(g:random(rng)) end
  local f = fork.of(g, nil, true)
  f:playout(rng)
  t.ok(f:over(), "over")
  t.eq(f.hands_done, g.hands_done + 1, "one hand more")
  t.eq(f.state.quiet, true, "quiet")
end)

t.test("the hands of forks are not measured with their game", function()
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = 3, stats = true, quiet = true })
  local rng = talon.rng(3)
  while g.hands_done < 1 do g:play(g:random(rng)) end
  for _ = 1, 12 do g:play(g:random(rng)) end
  local before = #g:measured()
  t.eq(before, 1, "the game measured its first hand")
  local f = fork.of(g, nil, true)
  f:playout(rng)
  fork.again(fork.of(g, nil, true)):playout(rng)
  t.eq(#g:measured(), before, "the forks' hands are not the game's")
  while g.hands_done < 2 do g:play(g:random(rng)) end
  t.eq(#g:measured(), 2, "the game's own next hand is")
end)

-- How many protected calls (sandbox.charge) f(...) makes, then pcall's
-- results.
local function charges(f, ...)
  local sandbox = require "talon.host.sandbox"
  local charge, calls = sandbox.charge, 0
  sandbox.charge = function(...)
    calls = calls + 1
    return charge(...)
  end
  local r = table.pack(pcall(f, ...))
  sandbox.charge = charge
  return calls, table.unpack(r, 1, r.n)
end

-- A search's world finds the mover's legal cards once; each of its
-- futures (fork.again) keeps them and the trick phase's declaration of
-- when on_trick is due, so its first card goes the one-call way (the
-- phase's step) with no protected call, and the future then plays on
-- exactly as the game would have. (The step is for a card that does not
-- end the trick, or ends one on which nothing is due, with no seat
-- sitting out; the positions below are such.)
t.test("a future of a world plays its first card in one call, as the game would", function()
  for _, name in ipairs { "hokm", "hearts", "euchre", "hokm-trump-after-four" } do
    local def = assert(loader.load(name))
    local checked = 0
    for seed = 1, 6 do
      local g = game.new(def, { seed = seed, quiet = true, hands = 1 })
      local rng = talon.rng(seed)
      local steps = 0
      local function ready(st)
        return g.ph.trick and st.tricks_played >= 1 + seed % 3 and st.out == nil
          and #st.ctrick < st.n_in - 1
      end
      while not g:over() and not ready(g.state) and steps < 400 do
        g:play(g:random(rng))
        steps = steps + 1
      end
      if not g:over() and g.ph.cards then
        local world = fork.of(g, nil, true)
        world:legal_hand()
        local w = fork.again(world)
        local card = g:legal_hand():nth(1)
        local calls, ok, err = charges(w.play, w, card)
        t.ok(ok, tostring(err))
        t.eq(calls, 0, ("%s seed %d: no protected call for the first card"):format(name, seed))
        local replica = fork.of(g, nil, true)
        replica:play(card)
        t.eq(same_future(w, replica, seed), nil, ("%s seed %d"):format(name, seed))
        checked = checked + 1
      end
    end
    t.ok(checked >= 3, name .. ": futures checked")
  end
end)

-- The same for a choice that is not a card (Hosgin's bids, Kosel's sets):
-- the world's legal list is found once and its futures share it, so a
-- future asks the phase for no list of its own, and plays on as the game.
t.test("a future of a world shares the world's legal list", function()
  for _, name in ipairs { "hosgin", "kosel", "bura" } do
    local def = assert(loader.load(name))
    local checked = 0
    for seed = 1, 8 do
      local g = game.new(def, { seed = seed, quiet = true, hands = 1 })
      local rng = talon.rng(seed)
      local steps = 0
      while not g:over() and (g.ph.cards or #g:legal() < 2 or steps < seed * 2)
          and steps < 400 do
        g:play(g:random(rng))
        steps = steps + 1
      end
      if not g:over() and not g.ph.cards and #g:legal() >= 2 then
        local world = fork.of(g, nil, true)
        local list = world:legal()
        local w = fork.again(world)
        local calls, _, mine = charges(w.legal, w)
        t.eq(calls, 0, ("%s seed %d: no call for the future's list"):format(name, seed))
        t.eq(#mine, #list, name .. ": the world's list")
        w.picked = mine[2]
        w:play(mine[2])
        local replica = fork.of(g, nil, true)
        replica:play(replica:legal()[2])
        t.eq(same_future(w, replica, seed), nil, ("%s seed %d"):format(name, seed))
        checked = checked + 1
      end
    end
    t.ok(checked >= 3, name .. ": futures checked")
  end
end)

-- Game code may keep in its state tables whose metamethods do anything;
-- the host copies the state raw for every future, so none of them runs
-- in the host (tests/hostile/inprocess/search_fork_state_traps.lua is the
-- same with a search over a hostile file).
t.test("a fork copies the state's tables raw: no metamethod runs", function()
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = 4, quiet = true })
  local rng = talon.rng(4)
  for _ = 1, 9 do g:play(g:random(rng)) end
  local ran = 0
  local function count() ran = ran + 1 end
  local trap = { __index = count, __newindex = count, __len = count, __pairs = count,
                 __eq = count, __lt = count, __le = count, __concat = count, __call = count }
  g.state.trap = setmetatable({ 1, 2, name = "x" }, trap)
  g.state.traps = { setmetatable({}, trap), inner = { setmetatable({ 3 }, trap) } }
  local world = fork.of(g, nil, true)
  world:legal_hand()
  for _ = 1, 3 do
    local w = fork.again(world)
    w:playout(talon.rng(1))
  end
  t.eq(ran, 0, "metamethods run by the forks")
  t.ok(rawequal(getmetatable(world.state.trap), trap), "the copy keeps the game's metatable")
  t.ok(world.state.trap ~= g.state.trap and rawget(world.state.trap, "name") == "x",
    "a copy, with the same fields")
end)
