-- The search player (`--bots search`, talon.host.search): it plays every
-- shipped game and variant file from the definition alone, legally, the
-- same moves for the same seed; `talon analyse` and `talon review` show
-- its estimates for a record, and `hint` at the table.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"
local game = require "talon.game"
local loader = require "talon.host.loader"
local bots = require "talon.cli.bots"
local talon = require "talon"

-- Every game and variant file shipped in games/.
local function shipped()
  local list = {}
  local p = io.popen("ls games/*.lua")
  for line in p:lines() do list[#list + 1] = line end
  p:close()
  table.sort(list)
  return list
end

-- One hand of 'def' with search bots ('kind': search, or ismcts: the tree)
-- of budget 'budget' in every seat; returns the game and the number of
-- moves that failed.
local function one_hand(def, seed, budget, opts, kind)
  local g = game.new(def, { seed = seed, hands = 1, quiet = true, options = opts })
  local b = bots.get((kind or "search") .. ":" .. budget)
  local rng = talon.rng(seed)
  local failures = 0
  for _ = 1, 2000 do
    if g:over() then break end
    local _, _, failure = bots.move(b, g, g:mover(), rng)
    if failure then failures = failures + 1 end
  end
  return g, failures
end

t.test("the search bot plays a hand of every shipped game and variant, legally", function()
  for _, path in ipairs(shipped()) do
    local def = assert(loader.load(path))
    local opts = def.check and def.check.options -- the options random play ends with
    for _, kind in ipairs { "search", "ismcts" } do
      local g, failures = one_hand(def, 3, 8, opts, kind)
      t.eq(failures, 0, ("%s (%s): every move legal and the bot never failed"):format(path, kind))
      t.ok(g:over(), path .. ": the hand ended")
    end
  end
end)

t.test("the same seed gives the same moves", function()
  local def = assert(loader.load("hokm"))
  local a = one_hand(def, 5, 40)
  local b = one_hand(def, 5, 40)
  t.eq(a:record(), b:record(), "the same record")
  local c = one_hand(def, 6, 40)
  t.ne(a:record(), c:record(), "another seed, another game")
  local d = one_hand(def, 5, 20, nil, "ismcts")
  local e = one_hand(def, 5, 20, nil, "ismcts")
  t.eq(d:record(), e:record(), "the tree search too")
end)

t.test("a search budget is a number of playouts or of milliseconds", function()
  t.eq(bots.get("search:250").opts.playouts, 250, "playouts")
  t.eq(bots.get("search:30ms").opts.ms, 30, "milliseconds")
  t.eq(bots.get("search").opts.playouts, 1000, "the default")
  local ok, err = pcall(bots.get, "search:lots")
  t.ok(not ok and type(err) == "table" and err.usage:find("search budget 'lots'", 1, true),
    "a usage error")
end)

-- A finished record of a random Hokm hand, written in 'dir'.
local function hokm_record(dir)
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = 7, hands = 1, game = "hokm" })
  local rng = talon.rng(7)
  while not g:over() do g:play(g:random(rng)) end
  local f = assert(io.open(dir .. "/hokm.rec", "w"))
  f:write(g:record())
  f:close()
  return g
end

t.test("talon analyse shows the estimate of every legal action at a point", function()
  local dir = run.tmpdir()
  hokm_record(dir)
  local code, out, err = run.talon({ "analyse", "hokm.rec", "--at", "20", "--budget", "200" },
    nil, dir)
  t.eq(code, 0, err)
  t.ok(out:find("after 20 of", 1, true), out)
  t.ok(out:find("futures over", 1, true), out)
  t.ok(out:find("played", 1, true), "the action the record played is marked")
  t.ok(out:find("best", 1, true), "the best is marked")
  local code2, _, err2 = run.talon({ "analyse", "hokm.rec", "--at", "999" }, nil, dir)
  t.eq(code2, 2, "past the end is a usage error")
  t.ok(err2:find("the record has", 1, true), err2)
  run.rmdir(dir)
end)

-- All 13 tricks played (Hokm K2): the last trick is forced (one card
-- each); the default point is the record's last decision, where the mover
-- had a choice.
t.test("talon analyse by default asks about the record's last decision", function()
  local dir = run.tmpdir()
  local def = assert(loader.load("hokm"))
  local g = game.new(def, { seed = 7, hands = 1, game = "hokm",
    options = { play_all_tricks = true } })
  local rng = talon.rng(7)
  while not g:over() do g:play(g:random(rng)) end
  local f = assert(io.open(dir .. "/hokm.rec", "w"))
  f:write(g:record())
  f:close()
  local code, out, err = run.talon({ "analyse", "hokm.rec", "--budget", "60" }, nil, dir)
  t.eq(code, 0, err)
  t.ok(not out:find("one legal action", 1, true), out)
  local at = tonumber(out:match("after (%d+) of"))
  t.ok(at and at < g.nact - 1, out)
  -- --ascii is obeyed, as at the table (cards as letters)
  local _, aout = run.talon({ "analyse", "hokm.rec", "--budget", "20", "--ascii" }, nil, dir)
  t.ok(aout:find("holds {", 1, true) and not aout:find("[\128-\255]"), aout)
  run.rmdir(dir)
end)

-- Two copies of one card (Hosgin's two packs) are one decision: the search
-- estimates each once, and its futures are not shared among duplicates.
t.test("the search counts copies of a card as one action", function()
  local search = require "talon.host.search"
  local d = talon.deck { ranks = "A K", suits = "S H", copies = 2 }
  local cards = d:hand("AS AS KH KH KH AH"):cards()
  local list = search.distinct(cards)
  t.eq(#list, 3, "AS, KH, AH once each")
  -- actions by verb and argument, read raw (no text is built for them: an
  -- argument may be a long text many actions share); a set of cards by its
  -- text; at most 'limit' of them
  local actions = require "talon.actions"
  local long = string.rep("x", 1000)
  local mixed = { actions.make("bid", 5), actions.make("bid", 5), actions.make("bid", 6),
    actions.make("pass"), actions.make("pass"), actions.make("go", long),
    actions.make("go", long), actions.make("discard", d:hand("AS KH")),
    actions.make("discard", d:hand("KH AS")), actions.make("bid", 0 / 0),
    actions.make("bid", 0 / 0) }
  local texts = {}
  for i, a in ipairs(search.distinct(mixed)) do texts[i] = actions.text(a):sub(1, 12) end
  t.eq(#texts, 6, "two NaN bids are one")
  t.eq({ table.unpack(texts, 1, 5) },
    { "bid 5", "bid 6", "pass", "go " .. long:sub(1, 9), "discard AS K" })
  t.eq(#search.distinct(mixed, 2), 2, "a limit stops at the second")
  local def = assert(loader.load("hosgin"))
  local hg = game.new(def, { seed = 5, quiet = true })
  local rng = talon.rng(5)
  while hg:phase() ~= "play" do hg:play(hg:random(rng)) end
  local legal = hg:legal()
  local knowledge = require "talon.host.knowledge"
  local est = search.estimate(hg, hg:mover(), knowledge.new(hg, hg:mover()), { playouts = 40 })
  local names, twice = {}, false
  for _, a in ipairs(est.actions) do
    twice = twice or names[tostring(a)]
    names[tostring(a)] = true
  end
  t.ok(not twice, "no action twice")
  t.eq(#est.actions, #search.distinct(legal))
  t.ok(#est.actions < #legal, "precondition: the hand holds copies of a legal card")
end)

t.test("talon review goes through a seat's decisions", function()
  local dir = run.tmpdir()
  hokm_record(dir)
  local code, out, err = run.talon({ "review", "hokm.rec", "--seat", "1", "--budget", "60" },
    nil, dir)
  t.eq(code, 0, err)
  t.ok(out:find("Review of P%d in hokm.rec"), out)
  t.ok(out:find("decisions with a choice", 1, true), out)
  local code2, _, err2 = run.talon({ "review", "hokm.rec" }, nil, dir)
  t.eq(code2, 2, "--seat is needed")
  t.ok(err2:find("--seat", 1, true), err2)
  run.rmdir(dir)
end)

t.test("hint at the table shows the search's estimates", function()
  local code, out, err = run.talon({ "play", "hokm", "--seed", "3" }, "hint\nquit\n")
  t.eq(code, 0, err)
  t.ok(out:find("search: ", 1, true) and out:find("futures over", 1, true), out)
  t.ok(out:find("hint: ", 1, true), out)
end)
