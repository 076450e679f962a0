-- Positions as data (docs/framework.md §4 "Positions"): g:position()
-- gives every place of the cards, the scores, the seats' status, the phase
-- and the game's own fields; game.new(def, {position = p}) continues
-- exactly as the original game; a position written by hand is checked
-- and explained when wrong.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local position = require "talon.host.position"
local record = require "talon.host.record"
local talon = require "talon"

local GAMES = { "hokm", "hosgin", "kosel", "bura", "koselpot", "hearts", "euchre", "besigue",
                "_template",
                "hokm-no-trump-lead" }

-- What the mover may do now, as text.
local function legal_text(g)
  if g.ph.cards then return tostring(g:legal_hand()) end
  local l = {}
  for i, a in ipairs(g:legal()) do l[i] = g:text(a) end
  return table.concat(l, ", ")
end

-- Plays both games on with the same random draws; nil when they agree to
-- the end, else where they part.
local function same_future(g1, g2, seed)
  local r1, r2 = talon.rng(seed), talon.rng(seed)
  for step = 1, 2000 do
    if g1:over() or g2:over() then
      if g1:over() ~= g2:over() then return ("step %d: only one game is over"):format(step) end
      if g1.res.text ~= g2.res.text then
        return ("results differ: %s / %s"):format(g1.res.text, g2.res.text)
      end
      return nil
    end
    if g1:mover() ~= g2:mover() then return ("step %d: movers differ"):format(step) end
    local l1, l2 = legal_text(g1), legal_text(g2)
    if l1 ~= l2 then return ("step %d: legal %s / %s"):format(step, l1, l2) end
    local a1, a2 = g1:random(r1), g2:random(r2)
    if g1:text(a1) ~= g2:text(a2) then return ("step %d: draws differ"):format(step) end
    g1:play(a1)
    g2:play(a2)
  end
  return nil
end

-- Property: for random positions reached by random play of every game,
-- the game started from the position (through its text, as a file holds
-- it) has the same legal actions and the same future under the same seeds.
local function round_trips(name, options, seeds)
  local def = assert(loader.load(name))
  local started = 0
  for seed = 1, seeds do
    -- a random point of a random game: its length first, then a stop
    -- before it, the same draws both times
    local params = { seed = seed, hands = 4, options = options }
    local probe, total = game.new(def, params), 0
    local rng = talon.rng(seed * 31)
    while not probe:over() do probe:play(probe:random(rng)); total = total + 1 end
    local g = game.new(def, params)
    rng = talon.rng(seed * 31)
    for _ = 1, (seed * 7919) % total do g:play(g:random(rng)) end
    if not g:over() then
      local p = assert(position.parse(position.text(g:position()), "text"))
      local g2 = game.new(def, { seed = seed, hands = 4, options = options, position = p })
      t.eq(same_future(g, g2, seed), nil, ("%s seed %d"):format(name, seed))
      started = started + 1
    end
  end
  t.eq(started, seeds, name .. ": a position of every game")
end

t.test("every game continues exactly from its position (round trip through text)", function()
  for _, name in ipairs(GAMES) do round_trips(name, nil, 12) end
end)

-- Besigue's table cards, declared melds and the trick of the talon phases
-- (BES-R6, BES-R11) travel for three players and four in partnerships.
t.test("Besigue for 3 and 4 players continues exactly from its position", function()
  round_trips("besigue", { players = 3 }, 6)
  round_trips("besigue", { players = 4 }, 6)
end)

-- A position is a value: writing it again from the new game gives it back.
t.test("a position written again from its game is the same", function()
  local def = assert(loader.load("hearts"))
  local g = game.new(def, { seed = 4 })
  local rng = talon.rng(4)
  for _ = 1, 30 do g:play(g:random(rng)) end
  local p = g:position()
  local again = game.new(def, { seed = 4, position = p }):position()
  t.eq(position.line(again), position.line(p))
end)

local LESSON = "tests/fixtures/positions/hokm_last_tricks.lua"

-- HOK-R3, HOK-R4, HOK-R10: a teacher's position, written by hand: the last
-- three tricks of a Hokm hand, P1 to lead with the sides at 5 tricks each.
t.test("a hand-written position: the last three tricks of a Hokm hand", function()
  local p = assert(position.load(LESSON))
  local g = game.new(assert(loader.load("hokm")), { position = p })
  t.eq(g:mover(), 1)
  t.eq(legal_text(g), "{AS 2H 9D}")
  g:play("AS")
  t.eq(legal_text(g), "{KS}", "P2 must follow spades (HOK-R3)")
  g:play("KS"); g:play("QS"); g:play("JS")
  t.eq(g:mover(), 1, "A♠ won the trick (HOK-R4)")
  t.eq(g.state.tricks_won, { 4, 3, 2, 2 }, "the sides at 6 tricks to 5")
  g:play("2H")
  t.eq(legal_text(g), "{QD 3C}", "void in hearts: any card")
end)

t.test("a position that is wrong is refused, naming what is wrong", function()
  local def = assert(loader.load("hokm"))
  local good = assert(position.load(LESSON))
  local function with(change)
    local p = assert(position.parse(position.line(good), "copy"))
    change(p)
    local ok, err = pcall(game.new, def, { position = p })
    t.ok(not ok, "refused")
    return tostring(err)
  end
  local err = with(function(p) p.hands[2] = "KS QD" end)
  t.ok(err:find("position: cards: card 3C is in 0 places", 1, true), err)
  err = with(function(p) p.hands[2] = "KS QD 3C AS" end)
  t.ok(err:find("card AS is in 2 places (hand 1, hand 2)", 1, true), err)
  err = with(function(p) p.hands[3] = "QS 5H ZZ" end)
  t.ok(err:find("position: hands[3]:", 1, true) and err:find("ZZ", 1, true), err)
  err = with(function(p) p.phase = "bidding" end)
  t.ok(err:find("position: phase: no phase bidding in Hokm", 1, true), err)
  err = with(function(p) p.players = 3 end)
  t.ok(err:find("position: players: the position is for 3 players", 1, true), err)
  err = with(function(p) p.trick = { plays = { { seat = 2, cards = "9D" } } } end)
  t.ok(err:find("position: trick.plays[1].cards:", 1, true) or err:find("9D", 1, true), err)
  -- the trick's progress and trump as the engine would refuse them, named
  -- as a field, not as the host's traceback
  err = with(function(p) p.trick = { plays = {}, done = 300 } end)
  t.eq(err:match("^[^\n]*"), "position: trick.done: 0 to 255 tricks expected")
  err = with(function(p) p.trick = { plays = {}, trump = 0 / 0 } end)
  t.ok(err:find("position: trick.trump: a suit name expected", 1, true), err)
end)

-- A position file is data (docs/framework.md §4): tables, texts, booleans
-- and finite numbers, each table reached once. A function in it was
-- written into the record as "function: 0x…", which did not replay; a
-- table shared down 40 levels made 2^40 paths to write, beyond the budget.
t.test("a position file that is not data is refused as it is read", function()
  local function read(text)
    local p, err = position.parse(text, "f.lua")
    t.eq(p, nil, text)
    return tostring(err)
  end
  t.eq(read("{ state = { foo = function() return 1 end } }"),
    "f.lua: position: state.foo: a function is not data")
  t.eq(read("{ x = 0/0 }"), "f.lua: position: x: a number that is not finite")
  t.eq(read("{ x = 1/0 }"), "f.lua: position: x: a number that is not finite")
  t.ok(read("local a = {} return { a, a }"):find("a table reached twice", 1, true))
  t.ok(read("return { [1.5] = 1 }"):find("a key of type number", 1, true))
  local deep = "local t = {} for _ = 1, 40 do t = { t, t } end return { junk = t }"
  t.ok(read(deep):find("position: junk.1.1.", 1, true))
end)

-- A game from a position keeps it in its record: the record replays from
-- it, and undo goes back to it, never to a random deal.
t.test("records and undo start from the position", function()
  local def = assert(loader.load("hokm"))
  local p = assert(position.load(LESSON))
  local g = game.new(def, { game = "hokm", position = p })
  g:play("9D")
  local text = record.write(g)
  t.ok(text:find("\nposition {", 1, true), text)
  local r = record.replay(text)
  t.eq(r.state.hands[1]:count(r.deck:card("9D")), 0)
  t.eq(legal_text(r), legal_text(g))
  g:undo()
  t.eq(legal_text(g), "{AS 2H 9D}")
end)

-- A Hearts position in the middle of a trick keeps what the hand rules
-- remember (the tricks done, hearts not broken).
t.test("the trick in progress and the hand rules' memory travel", function()
  local def = assert(loader.load("hearts"))
  local g = game.new(def, { seed = 9 })
  local rng = talon.rng(9)
  while g.state.phase ~= "play" or #g.state.ctrick ~= 2 or g.state.tricks_played < 2 do
    g:play(g:random(rng))
  end
  local p = g:position()
  t.eq(#p.trick.plays, 2)
  t.eq(p.trick.done, g.state.tricks_played)
  local g2 = game.new(def, { seed = 9, position = p })
  local d1, c1 = g.state.ctrick:progress()
  local d2, c2 = g2.state.ctrick:progress()
  t.eq(d2, d1)
  t.eq(c2, c1)
  t.eq(legal_text(g2), legal_text(g))
end)
