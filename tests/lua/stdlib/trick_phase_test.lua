-- tricks.phase (docs/framework.md §4): a card phase of one-card tricks
-- declared as talon.trickrules data. Per card it refuses with the engine's
-- reason under the phase's rule id and gives a full trick to its winner;
-- in quiet random playouts it plays each trick in one C call, drawing
-- exactly as g:random does, so both paths give the same record.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local record = require "talon.host.record"
local talon = require "talon"
local tricks = require "talon.tricks"

talon.style("ascii")

-- The template's "High card" (follow suit, no trump), an explicit deal:
-- seat 2 leads (the dealer is seat 1).
local function template_game()
  local def = assert(loader.load("_template"))
  return game.new(def, { seed = 1, hands = 1, deal = { hands = {
    "AS KS QH JH 9D", "7S 8H TD JD QD" } } })
end

t.test("per card: refusals from t:why under the rule id, the trick to its winner", function()
  local g = template_game()
  t.eq(g:mover(), 2, "the player after the dealer leads")
  g:play("7S")
  local v = g:why("QH")
  t.eq(v.rule, "follow", "the phase's rule id")
  t.eq(v.because, "must follow S: you hold AS KS", "the engine's reason")
  t.eq(v.satisfy, "play one of {AS KS}", "what would do")
  t.eq(g:why("8H").because, "you do not hold 8H", "a card not held")
  t.eq(tostring(g:legal_hand()), "{AS KS}", "the legal cards")
  g:play("KS")
  local st = g.state
  t.eq(tostring(st.won[1]), "{KS 7S}", "the trick's cards go to the winner's pile")
  t.eq(st.tricks_won[1], 1, "counted")
  t.eq(st.tricks_played, 1, "one trick played")
  t.eq(g:mover(), 1, "the winner leads")
  t.eq(#st.ctrick, 0, "the trick is empty again")
  t.eq(#g:view(2).trick.cards, 0, "and so is the view's")
  t.ok(g:explain(#g:events()):find("wins the trick with KS", 1, true), "on_trick's event")
end)

-- spec.trump decides the trump even when it says "none" (nil) while
-- st.trump is set: the trick then has no trump (RULES.md §0: the highest
-- card of the suit led wins).
t.test("spec.trump: nil means no trump, whatever st.trump says", function()
  local base = assert(loader.load("_template"))
  local def = {}
  for k, v in pairs(base) do def[k] = v end
  local phase = tricks.phase {
    rules = { follow = true }, rule = "follow",
    trump = function() return nil end,
    on_trick = function() return "end" end,
  }
  def.phases = { play = phase }
  def.deal = function(st)
    st.trump = "H"
    return base.deal(st)
  end
  local g = game.new(game.define(def), { seed = 1, hands = 1, deal = { hands = {
    "AS KS QH JH 9C", "7S 8H TD JD QD" } } })
  t.eq(g.state.ctrick:trump(), nil, "no trump in the trick")
  g:play("TD")
  g:play("QH") -- seat 1 has no diamond; hearts would be trump under st.trump
  t.eq(g.state.tricks_won[2], 1, "the ten of the suit led wins")
end)

t.test("tricks.phase refuses st.hands that is not one hand per seat", function()
  local base = assert(loader.load("_template"))
  local def = {}
  for k, v in pairs(base) do def[k] = v end
  def.deal = function(st)
    st.hands[st.n + 1] = st.deck:hand() -- an extra hand, a dummy's say
    return base.deal(st)
  end
  t.checkerror("st.hands holds 3 hands for 2 seats", game.new, game.define(def), { seed = 1 })
end)

-- EMBEDDING.md determinism: the batch path (quiet g:playout, a trick per
-- C call) and g:play(g:random(rng)) one card at a time give the same
-- record, for every form of Hokm (HOK-R3 follow suit, HOK-R4 winner,
-- HOK-R10/R14/R19 end of hand) and with a limit that stops mid-trick.
t.test("batch playout equals g:play(g:random(rng)) for Hokm 4, 3 and 2", function()
  local def = assert(loader.load("hokm"))
  local ph = def.phases.play
  local batch, calls = ph.playout, 0
  ph.playout = function(...) calls = calls + 1; return batch(...) end
  local function compare(n, all, seed)
    local opts = { players = n, play_all_tricks = n ~= 3 and all or nil }
    local a = game.new(def, { options = opts, seed = seed, quiet = true, hands = 3 })
    local b = game.new(def, { options = opts, seed = seed, quiet = true, hands = 3 })
    local ra, rb = talon.rng(seed), talon.rng(seed)
    local before, name = calls, ("%d players, seed %d"):format(n, seed)
    local count = a:playout(ra, 3 + seed % 5) -- stops inside the trump phase or a trick
    count = count + a:playout(ra)
    while not b:over() do b:play(b:random(rb)) end
    t.ok(calls > before, name .. ": the batch path ran")
    t.eq(count, b.nact, name .. ": same number of actions")
    t.eq(record.write(a), record.write(b), name .. ": same record")
    t.eq(a:scores(), b:scores(), name .. ": same scores")
  end
  for _, n in ipairs({ 4, 3, 2 }) do
    for _, all in ipairs({ false, true }) do
      for seed = 70, 75 do compare(n, all, seed) end
    end
  end
  ph.playout = batch
end)

-- The legal set a front end asked for (g:legal, g:legal_hand) belongs to
-- its position only: a playout from there draws the same actions as one
-- from a game nobody asked, through the card phase into the next hand's
-- trump phase, loud and quiet alike.
t.test("a playout spends the legal set of its first position only", function()
  local def = assert(loader.load("hokm"))
  for _, quiet in ipairs({ true, false }) do
    for seed = 1, 4 do
      local a = game.new(def, { seed = seed, quiet = quiet, hands = 2 })
      local b = game.new(def, { seed = seed, quiet = quiet, hands = 2 })
      local ra, rb = talon.rng(seed), talon.rng(seed)
      a:playout(ra, 2)
      b:playout(rb, 2)
      t.eq(a:phase(), "play", "in the card phase")
      t.ok(#a:legal() > 0 and a:legal_hand(), "a front end looked at the legal cards")
      a:playout(ra)
      b:playout(rb)
      local what = ("seed %d, %s: "):format(seed, quiet and "quiet" or "loud")
      t.eq(a.nact, b.nact, what .. "same number of actions")
      t.eq(record.write(a), record.write(b), what .. "same record")
    end
  end
end)

-- docs/framework.md §2 params.quiet: a quiet game empties and reuses its
-- per-hand objects (hands, won piles, stock, Trick) from hand to hand; the
-- play is the same as a game that makes new ones (EMBEDDING.md
-- determinism): same record, scores and points per hand over many hands.
t.test("quiet games reuse the per-hand objects and play the same", function()
  for _, case in ipairs({ { "hokm", 4 }, { "hokm", 3 }, { "hokm", 2 }, { "hosgin" } }) do
    local def = assert(loader.load(case[1]))
    local opts = { players = case[2] }
    local quiet = game.new(def, { options = opts, seed = 5, quiet = true, hands = 6 })
    local loud = game.new(def, { options = opts, seed = 5, hands = 6 })
    local st = quiet.state
    local hand1, won1, stock1, ctrick1, loud_hand1 = st.hands[1], st.won[1], st.stock, nil, nil
    local rq, rl = talon.rng(9), talon.rng(9)
    while not quiet:over() do
      ctrick1 = ctrick1 or st.ctrick -- the first hand played to tricks
      quiet:play(quiet:random(rq))
    end
    while not loud:over() do
      if loud.state.hand_no == 1 then loud_hand1 = loud.state.hands[1] end
      loud:play(loud:random(rl))
    end
    t.ok(not rawequal(loud.state.hands[1], loud_hand1), "a loud game makes new ones")
    local name = case[1] .. " " .. tostring(case[2] or "")
    t.eq(st.hand_no, 6, name .. ": six hands")
    -- rawequal: Hands compare by contents with ==
    t.ok(rawequal(st.hands[1], hand1) and rawequal(st.won[1], won1)
      and rawequal(st.stock, stock1) and ctrick1
      and rawequal(st.ctrick or st.quiet_trick, ctrick1),
      name .. ": the first hand's objects serve the last")
    t.eq(record.write(quiet), record.write(loud), name .. ": same record")
    t.eq(quiet:hand_points(), loud:hand_points(), name .. ": same points per hand")
    t.eq(quiet:scores(), loud:scores(), name .. ": same scores")
  end
end)

-- A hook failing inside the batch path (on_trick of the third trick, after
-- its cards were written to the record) leaves the game at an action of
-- its record, replayed, like any failing hook; the game goes on.
t.test("a failing on_trick in the batch path leaves a consistent game", function()
  local base = assert(loader.load("_template"))
  local def = {}
  for k, v in pairs(base) do def[k] = v end
  local on_trick = nil
  def.phases = { play = tricks.phase {
    rules = { follow = true }, rule = "follow",
    on_trick = function(st, w, tr) return on_trick(st, w, tr) end,
  } }
  local boom = true
  on_trick = function(st, w)
    if boom and st.tricks_played == 3 then error("boom in trick 3") end
    if #st.hands[w] == 0 then return "end" end
    return nil
  end
  local g = game.new(game.define(def), { seed = 1, hands = 1, quiet = true, deal = { hands = {
    "AS KS QH JH 9D", "7S 8H TD JD QD" } } })
  local ok, err = pcall(g.playout, g, talon.rng(1))
  t.eq(ok, false, "the error reaches the caller")
  t.ok(tostring(err):find("boom in trick 3", 1, true), tostring(err))
  local st = g.state
  t.ok(g.nact < 6, "the third trick is not kept")
  t.eq(st.tricks_played, g.nact // 2, "the state replayed to match the record")
  t.eq(#st.hands[1] + #st.hands[2], 10 - g.nact, "the hands to match")
  boom = false
  g:playout(talon.rng(1))
  t.ok(g:over(), "the game goes on")
  t.eq(g.state.tricks_played, 5, "to the last trick")
end)

-- A hook failing after a batch (here the hand's `score`, reached when the
-- last trick's on_trick ends the hand) is a failure of the batch's last
-- action: the game goes back to the position before the batch call, as
-- for a failing on_trick, and is not left aborted.
t.test("a hook failing after a batch restores the position before it", function()
  local base = assert(loader.load("_template"))
  local def = {}
  for k, v in pairs(base) do def[k] = v end
  local boom = true
  def.score = function(st)
    if boom then error("boom in score") end
    return base.score(st)
  end
  local g = game.new(game.define(def), { seed = 1, hands = 1, quiet = true, deal = { hands = {
    "AS KS QH JH 9D", "7S 8H TD JD QD" } } })
  g:play(g:random(talon.rng(2)))
  local ok, err = pcall(g.playout, g, talon.rng(1))
  t.eq(ok, false, "the error reaches the caller")
  t.ok(tostring(err):find("boom in score", 1, true), tostring(err))
  t.eq(g.aborted, false, "the game is not aborted")
  t.eq(g.nact, 1, "the record before the batch")
  t.eq(#g.state.hands[1] + #g.state.hands[2], 9, "and the hands")
  boom = false
  g:playout(talon.rng(1))
  t.ok(g:over(), "the game goes on")
  t.eq(g.state.tricks_played, 5, "to the last trick")
end)

-- The same for Hosgin (HOS-R26 obligations as trickrules data, a deck of
-- four copies: copies count in the draw as in g:random's pick).
t.test("batch playout equals g:play(g:random(rng)) for Hosgin (HOS-R26)", function()
  for _, name in ipairs({ "hosgin", "hosgin-money", "hosgin-scaled" }) do
    local def = assert(loader.load(name))
    for seed = 1, 6 do
      local a = game.new(def, { seed = seed, quiet = true, hands = 2 })
      local b = game.new(def, { seed = seed, quiet = true, hands = 2 })
      local ra, rb = talon.rng(seed), talon.rng(seed)
      local count = a:playout(ra)
      while not b:over() do b:play(b:random(rb)) end
      local what = ("%s seed %d: "):format(name, seed)
      t.eq(count, b.nact, what .. "same number of actions")
      t.eq(record.write(a), record.write(b), what .. "same record")
      t.eq(a:scores(), b:scores(), what .. "same scores")
    end
  end
end)

-- A rules function may build a new trickrules table each hand: the
-- framework compiles each content once per deck, so the hands of a match
-- share one TrickRules (and a quiet game one Trick), and a table of other
-- content gets its own.
t.test("a rules function's tables are compiled once per content", function()
  local base = assert(loader.load("_template"))
  local def, seen = {}, {}
  for k, v in pairs(base) do def[k] = v end
  local phase = tricks.phase {
    rules = function(st)
      return { follow = true, ranks = st.hand_no > 2 and "7 8 9 T J Q K A" or nil }
    end,
    rule = "follow",
    on_trick = function(st)
      if #st.hands[st.leader] > 0 then return nil end
      seen[#seen + 1] = st.ctrick:rules()
      return "end"
    end,
  }
  def.phases = { play = phase }
  def.match_over = function() return nil end
  local g = game.new(game.define(def), { seed = 1, hands = 4, quiet = true })
  g:playout(talon.rng(1))
  t.eq(#seen, 4, "four hands")
  t.ok(rawequal(seen[1], seen[2]), "the same rules for the same content")
  t.ok(not rawequal(seen[2], seen[3]), "another content, other rules")
  t.ok(rawequal(seen[3], seen[4]), "compiled once")
end)
