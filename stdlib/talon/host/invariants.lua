-- talon.host.invariants: the checks `talon check` runs over random games.
--
-- After every action: every card is in exactly one place (hands, stock,
-- trick, won piles, discards, cards set aside in a pass and the game's own
-- zones) with the deck's copy counts; no seat sitting out is dealt or
-- draws a card; the mover has a legal action; scores change only in the
-- game's `score` hook; and the game's own `check.invariants` (after every
-- action, or after every hand is scored). After every hand scored: the
-- card points the game declares (`check.card_points`) are all in the won
-- piles. Over a game: it ends within a bound of actions. The first failure
-- is reported with the seed and the record so it can be replayed.
local game = require "talon.game"
local record = require "talon.host.record"
local sandbox = require "talon.host.sandbox"
local actions = require "talon.actions"
local score = require "talon.score"
local tricks = require "talon.tricks"
local conserved = require("talon").conserved
local rawgetmetatable = debug.getmetatable
local error_text = sandbox.error_text -- a game's table read raw, never "table: 0x..."
-- the metatable of every talon.Hand (the only one named so)
local HAND = rawgetmetatable(require("talon").deck({ ranks = "A" }):hand())
-- The length of a talon.Hand, called as the function it is (no metamethod
-- looked up on each check).
local hand_len = HAND.__len

local invariants = {}
local walk = sandbox.walk
-- g:random and g:play of every running game (its metatable's __index)
local G_random, G_play = require("talon.host.running").G.random,
  require("talon.host.running").G.play

-- Every card place of the state, as a list of {name, cards}.
function invariants.zones(g)
  local st = g.state
  local zones = {}
  local function add(name, cards) zones[#zones + 1] = { name, cards } end
  for s = 1, st.n do
    add("hand " .. s, st.hands[s])
    add("won " .. s, st.won[s])
  end
  if st.stock then add("stock", st.stock:hand()) end
  add("discards", st.discards)
  add("trick", st.ctrick and st.ctrick:cards() or st.deck:hand()) -- face-down plays too
  -- cards chosen in a pass (talon.passing), on their way to another seat
  local aside = st.aside
  if aside then
    for s = 1, st.n do
      if aside[s] then add("aside " .. s, aside[s]) end
    end
  end
  if g.def.zones then g.def.zones(st, add) end
  return zones
end

-- The conservation check of a position found wrong: the places listed
-- by name, to say where the first card that is missing or doubled is.
local function misplaced(g)
  local st = g.state
  local all = st.deck:hand()
  for _, z in ipairs(invariants.zones(g)) do all:add(z[2]) end
  if all == st.full then return nil end
  for _, c in ipairs(st.deck:kinds()) do
    local have, want = all:count(c), st.full:count(c)
    if have ~= want then
      local where = {}
      for _, z in ipairs(invariants.zones(g)) do
        if z[2]:count(c) > 0 then where[#where + 1] = z[1] end
      end
      return ("card %s is in %d places (%s), the deck has %d")
        :format(c:name("ascii"), have, table.concat(where, ", "), want)
    end
  end
  return "card count differs from the deck"
end

-- Per game, the host's own Hand the card places are summed into at every
-- check, with its deck and its add method found once (weak keys; never
-- handed to game code), made again if the state's deck changes.
local sums = setmetatable({}, { __mode = "k" })

-- Nil, or a sentence naming the first card that is missing or doubled.
-- The places are summed in the order invariants.zones lists them, with no
-- list or name made (this runs after every action of `talon check`); a
-- game with places of its own (the `zones` hook) and a sum that differs
-- from the deck take the listing path, which names the places.
function invariants.conservation(g)
  local st = g.state
  if g.def.zones then return misplaced(g) end
  local deck, sum = st.deck, sums[g]
  if sum == nil or not rawequal(sum.deck, deck) then
    local h = deck:hand()
    sum = { hand = h, deck = deck, add = h.add }
    sums[g] = sum
  else
    sum.hand:clear()
  end
  local all, add = sum.hand, sum.add
  local hands, won = st.hands, st.won
  for s = 1, st.n do
    add(all, hands[s])
    add(all, won[s])
  end
  local stock = st.stock
  if stock then add(all, stock:hand()) end
  add(all, st.discards)
  local trick = st.ctrick
  trick = trick and trick:cards()
  if trick then add(all, trick) end -- face-down plays too
  -- cards chosen in a pass (talon.passing), on their way to another seat
  local aside = st.aside
  if aside then
    for s = 1, st.n do
      if aside[s] then add(all, aside[s]) end
    end
  end
  if all == st.full then return nil end
  return misplaced(g)
end

-- The hand sizes of every seat at the last check of each game (weak
-- keys): a seat sitting out may keep the cards it held (the seats outside
-- Bura's showdown trick, BUR-R5) but never gets one more.
local held_before = setmetatable({}, { __mode = "k" })

-- Nil, or a sentence naming a seat sitting out (st.out) that was dealt or
-- drew cards since the last check: an eliminated party (KOZ-R14) takes no
-- part in the deal, so cards it held would vanish from play. A new hand
-- starts every seat from none.
function invariants.sitting_out(g)
  local st = g.state
  local last, out = held_before[g], st.out
  local same = last and last.hand == st.hand_no
  -- one table per game, updated in place: each seat's count is read
  -- before it is replaced
  local now = last or {}
  now.hand = st.hand_no
  held_before[g] = now
  local hands, watch = st.hands, type(out) == "table"
  for s = 1, st.n do
    local n = #hands[s]
    local had = same and last[s] or 0
    now[s] = n
    if watch and out[s] and n > had then
      return ("seat %d sits out but holds %d card(s), %d more than %s: a seat out of play"
        .. " is dealt and draws nothing"):format(s, n, n - had,
          same and "at the last action" or "at the start of the hand")
    end
  end
  return nil
end

-- The checked games (weak keys) whose checks may have run game code an
-- unchecked game would not run: a metamethod of a value the game put in
-- its state, met while the slow paths below walk it. Such a game is
-- replayed in full (fast_path_differs).
local touched = setmetatable({}, { __mode = "k" })

-- Whether every card is in its place with nobody sitting out, found in one
-- C call (talon.conserved) that reads everything raw and so runs no game
-- code: the places are the engine's own objects of the deck and hold it
-- exactly, as at almost every check. The call also records the hand sizes
-- invariants.sitting_out keeps. False when the game has zones, somebody
-- sits out, or anything is unusual: then the slow paths decide.
local function whole(g)
  local st = g.state
  if g.def.zones or type(st.out) == "table" then return false end
  local last = held_before[g]
  local now = last or {}
  if not conserved(st.full, st.deck, st.n, st.hands, st.won, st.stock, st.discards, st.ctrick,
      st.aside, now) then
    return false
  end
  now.hand = st.hand_no
  if not last then held_before[g] = now end
  return true
end

-- Nil, or the first of invariants.conservation and invariants.sitting_out
-- that fails: the same answers, found by whole() when it can, or by the
-- one C call followed by sitting_out when somebody sits out. Anything else
-- (the game's own zones, a place of another kind, a card missing or
-- doubled) goes the way of the two functions, which name what is wrong.
local function places(g)
  if whole(g) then return nil end
  local st = g.state
  touched[g] = true
  if not g.def.zones and type(st.out) == "table" and conserved(st.full, st.deck, st.n, st.hands,
      st.won, st.stock, st.discards, st.ctrick, st.aside, nil) then
    return invariants.sitting_out(g)
  end
  return invariants.conservation(g) or invariants.sitting_out(g)
end

-- Whether the won piles are the engine's Hands, read raw (st.won a plain
-- table, st.n an integer): summing their points then runs no game code.
local function plain_piles(st)
  local won, n = rawget(st, "won"), rawget(st, "n")
  if type(won) ~= "table" or rawgetmetatable(won) ~= nil or math.type(n) ~= "integer" then
    return false
  end
  for s = 1, n do
    if not rawequal(rawgetmetatable(rawget(won, s)), HAND) then return false end
  end
  return true
end

-- Nil, or what is wrong with the hand 'st' has just scored: the card
-- points the game declares (check.card_points: a number, or function(st)
-- -> number | nil for this hand) are not all in the won piles; else the
-- first of the game's own "hand" invariants that fails. Run by the
-- checking mode before the next hand resets the state (talon.host.running),
-- which passes its game 'g' (whose piles, when they are not the engine's,
-- mark it as having met the game's values).
function invariants.after_hand(def, st, g)
  local want = def.check and def.check.card_points
  if type(want) == "function" then want = want(st) end
  if want then
    -- piles of the game's own may run its code: checked game 'g' then no
    -- longer stands for an unchecked one (replayed_by)
    if g and not plain_piles(st) then touched[g] = true end
    local got = 0
    for s = 1, st.n do got = got + st.won[s]:points() end
    if got ~= want then
      return ("hand %d: the won piles hold %d card points, not the %d the game declares"
        .. " (check.card_points)"):format(st.hand_no, got, want)
    end
  end
  return game.broken_invariant(def, st, "hand")
end

-- The number of the mover's legal actions: in a card phase the size of
-- the legal Hand, with no list of its cards made (g:legal makes one); a
-- legal hook that returns anything but a Hand goes the way of g:legal,
-- which raises.
local function legal_count(g)
  if g.ph.cards then
    local h = g.legal_h or g:legal_hand() -- the cached Hand, as g:legal_hand gives it
    if rawequal(rawgetmetatable(h), HAND) then return #h end -- actions.is_hand(h)
    touched[g] = true
  end
  -- a set phase of the library's own finds one without the list, which
  -- g:random then does without too (the list decides when it cannot say)
  if not g.legal_list and tricks.surely_legal(g.ph, g.state, g.mover_seat) then return 1 end
  local list = g:legal()
  -- its length and items, read now and by g:random, are raw without one
  if rawgetmetatable(list) ~= nil then touched[g] = true end
  return #list
end

-- Nil, or the first broken invariant of the current position. The
-- invariants of a finished hand ran when it was scored (in checking mode,
-- talon.host.running), and their failure is reported here.
function invariants.check(g)
  if g.score_violation then return g.score_violation end
  if g.hand_violation then return g.hand_violation end
  local bad = places(g)
  if bad then return bad end
  -- g:over() and g:mover() read as the fields they return (host code)
  if g.ph ~= nil then
    if not g.mover_seat then return "the game is not over but nobody is to move" end
    if legal_count(g) == 0 then
      return ("seat %d must move in phase %s but has no legal action"):format(g:mover(), g:phase())
    end
  end
  local c = g.def.check
  if not (c and c.invariants) then return nil end -- most games: nothing to call
  return game.broken_invariant(g.def, g.state, "action")
end

-- The options a random check plays with: the game's `check.options` (for
-- games whose random play would never end a match, such as bidding games
-- where a random bidder always overbids) under the caller's own.
function invariants.options(def, given)
  local out = {}
  for k, v in pairs(def.check and def.check.options or {}) do out[k] = v end
  for k, v in pairs(given or {}) do out[k] = v end
  return out
end

local function failure(seed, kind, message, rec)
  return { seed = seed, kind = kind, message = message, record = rec,
           text = ("seed %s: %s"):format(tostring(seed), message) }
end

-- Plays one random action; nil, or the failure when a hook raised (the
-- record then ends with the action that raised, marked as such). Drawing
-- and playing share one protected call: 'drawn' holds the action once it
-- is drawn, so a failure says which of the two raised.
local NONE = {}
local drawn = NONE
local function draw_play(g, rng)
  drawn = NONE
  local a = G_random(g, rng)
  drawn = a
  return G_play(g, a)
end

local function random_step(g, rng, seed)
  local ok, err = pcall(draw_play, g, rng)
  if ok then return nil end
  local a = drawn
  if rawequal(a, NONE) then return failure(seed, "error", error_text(err), record.write(g)) end
  return failure(seed, "error", error_text(err), record.write(g)
    .. ("act %d %s  # raised the error\n"):format(g:mover() or 0, g:text(a)))
end

-- {====================================================== probes

-- What a front end meets and the random player does not, once per phase
-- of each of the first PROBED games of a run (a view costs as much as a
-- few hundred random actions): every seat's view (the view hook), and in a
-- card phase the
-- refusal of a held card that is not legal, whose rule must be one the
-- game defines (or explain could not show it). Run on a fork, so that the
-- checked game is untouched by the game code they run. 'seen[name]' says
-- what was probed in phase 'name' so far: nil, "views", or "done" (a
-- refusal too). Returns nil, or a message of a broken promise; raises
-- what a hook raised.
local PROBED = 20

local function probe_fork(g, name, seen)
  local f = require("talon.host.fork").of(g, g.meter)
  if not seen[name] then
    for s = 1, f:seats() do
      local ok, err = pcall(f.view, f, s)
      if not ok then
        error(("phase %s, the view of seat %d: %s"):format(name, s, error_text(err)), 0)
      end
    end
    seen[name] = "views"
  end
  local rules = g.def.rules
  if not (f.ph.cards and f.mover_seat and type(rules) == "table" and next(rules) ~= nil) then
    seen[name] = "done"
    return nil
  end
  local legal = f:legal_hand()
  for _, c in ipairs(f.state.hands[f.mover_seat]:cards()) do
    if legal:count(c) == 0 then
      seen[name] = "done"
      local v = f:why(c)
      local rule = type(v) == "table" and rawget(v, "rule")
      if type(rule) ~= "string" or rawget(rules, rule) ~= nil then return nil end
      local ids = {}
      for id in pairs(rules) do ids[#ids + 1] = tostring(id) end
      table.sort(ids)
      return ("phase %s: the refusal of %s cites rule %s, which the game does not define"
        .. " (its rules are %s)"):format(name, c:name("ascii"), rule, table.concat(ids, ", "))
    end
  end
  -- a mover who may play every card leaves the refusal for later; a legal
  -- Hand that differs from the hand and refuses none of it, for good
  if #legal ~= #f.state.hands[f.mover_seat] then seen[name] = "done" end
  return nil
end

-- The size of 'h' if it is a talon.Hand (read with the Hand's own length,
-- no metamethod looked up), else nil.
local function size_of(h)
  if rawequal(rawgetmetatable(h), HAND) then return hand_len(h) end
  return nil
end

-- Whether the mover of card phase 'g.ph' may play every card held: no
-- refusal to probe, and no fork made to find that out.
local function all_legal(g)
  local m = g.mover_seat
  local n = m and size_of(g.legal_h)
  return n ~= nil and n == size_of(g.state.hands[m])
end

-- The probes of game 'g' where its phase has not had them all ('seen',
-- above); nil or a failure. The copy and the probes are one walk charged
-- to the game's meter: a state too large to copy, or a hook that loops,
-- spends the game's budget, not the host's time; and a failure is told by
-- its message, made under the budget.
local function probe(g, seed, seen)
  if not seen then return nil end
  local name = g.state.phase
  local done = seen[name]
  if g.ph == nil or done == "done" or (done == "views" and all_legal(g)) then return nil end
  local ok, msg = walk(g.meter, probe_fork, g, name, seen)
  if not ok then
    seen[name] = "done"
    msg = error_text(msg)
    if string.sub(msg, 1, 6) ~= "phase " then -- not a hook's error: the copy's
      msg = ("phase %s, a copy of the game to probe its views and refusals: %s"):format(name, msg)
    end
    return failure(seed, "error", msg, record.write(g))
  end
  if msg then return failure(seed, "invariant", msg, record.write(g)) end
  return nil
end

-- }======================================================

-- Nil, or the failure of a broken invariant (or of a hook the check runs).
-- invariants.check where it can run no game code, outside the sandbox
-- (whose call costs more than the check): a card phase with its cached
-- legal Hand, no zones, no invariants hook, nobody sitting out, and the
-- card count found whole in one C call that reads everything raw. Else the
-- full check decides (it finds the same answers, and words them).
local function checked(g, seed)
  local ph, h, c = g.ph, g.legal_h, g.def.check
  if not (g.score_violation or g.hand_violation or ph == nil or not ph.cards or not g.mover_seat
      or (c and c.invariants)) and rawequal(rawgetmetatable(h), HAND) and hand_len(h) > 0
      and whole(g) then
    return nil
  end
  -- the game's zones and invariants, and its state, are game code's
  local ok, msg = walk(g.meter, invariants.check, g)
  if not ok then return failure(seed, "error", error_text(msg), record.write(g)) end
  if msg then return failure(seed, "invariant", msg, record.write(g)) end
  return nil
end

-- Whether checked game 'g' has already done the replay of the quiet
-- game 'fast' below: g is a per-action game of the same definition, seed
-- and parameters, whose every action was drawn from its legal set (a card
-- of the legal Hand, or an item of the legal list that g:play then found
-- legal as g:try does); when it played the same actions as 'fast', by the
-- same seats, to the same scores and end, a replay would have met each
-- action in the position g met it in, and accepted it. That holds while
-- the checking mode made no difference to the game: no hook of the game
-- ran for the checks alone (its zones, invariants or a card_points
-- function; a numeric card_points runs none), and no metamethod of a
-- value in its state (touched, above, and g.watch_touched,
-- talon.host.scorewatch). Else, or on any difference, the replay runs and
-- words the failure. Table actions are compared as g:try's check compares
-- them (actions.equal: part by part, read raw), so a set of cards played
-- is the same action in both games, though each game made its own Hand.
local function replayed_by(g, fast)
  local def, c = g.def, g.def.check
  if touched[g] or g.watch_touched or def.zones
      or (c and (c.invariants or type(c.card_points) == "function"))
      or fast.nact ~= g.nact or fast:over() ~= g:over() then
    return false
  end
  local fa, fs, ga, gs = fast.act, fast.act_seat, g.act, g.act_seat
  for i = 1, g.nact do
    local x, y = fa[i], ga[i]
    if not rawequal(fs[i], gs[i]) then return false end
    if not rawequal(x, y) and not (type(x) == "table" and type(y) == "table"
        and actions.equal(x, y)) then
      return false
    end
  end
  return score.text(fast:scores()) == score.text(g:scores())
end

-- The fast path against the per-action path: a quiet game of 'seed' plays
-- out with g:playout (the batch path of simulations, where a phase has
-- one); its actions are then replayed one by one with g:try in a game of
-- the same seed, unless the checked game 'played' has played exactly
-- them (replayed_by). An action the per-action path refuses, another seat
-- to move, or another end is a failure naming the seed, the action and
-- both answers.
local function fast_path_differs(def, p, seed, limit, played)
  local q = {}
  for k, v in pairs(p) do q[k] = v end
  q.checking = nil
  local ok, fast = pcall(game.new, def, q)
  if not ok then return failure(seed, "error", error_text(fast)) end
  local pok, err = pcall(fast.playout, fast, require("talon").rng(seed), limit)
  if not pok then
    return failure(seed, "error", "the quiet playout raised: " .. error_text(err),
      record.write(fast))
  end
  if replayed_by(played, fast) then return nil end
  local g = game.new(def, q)
  for i = 1, fast.nact do
    local a, seat = fast.act[i], fast.act_seat[i]
    if g.mover_seat ~= seat then -- g:mover()
      local text = actions.text(a)
      return failure(seed, "invariant", ("fast path: action %d (%s) was seat %d's; the per-action"
        .. " path has seat %s to move"):format(i, text, seat, tostring(g:mover())),
        record.write(fast))
    end
    local tok, legal, v = pcall(g.try, g, a)
    if not tok or not legal then
      local text = actions.text(a)
      return failure(seed, "invariant", ("fast path: action %d, seat %d played %s; the"
        .. " per-action path refuses it: %s"):format(i, seat, text, tostring(tok and v or legal)),
        record.write(fast))
    end
  end
  local fs, gs = score.text(fast:scores()), score.text(g:scores())
  if fs ~= gs or fast:over() ~= g:over() then
    return failure(seed, "invariant", ("fast path: after %d actions the scores are %s%s; the"
      .. " per-action path has %s%s"):format(fast.nact, fs, fast:over() and " (over)" or "", gs,
      g:over() and " (over)" or ""), record.write(fast))
  end
  return nil
end

-- One random game with seed 'seed'; nil, its number of actions and whether
-- the match ended (rather than stopping at params.hands); or a failure.
local function one_game(def, params, seed, limit, probed)
  local p = {}
  for k, v in pairs(params or {}) do p[k] = v end
  p.options = invariants.options(def, p.options)
  p.seed, p.checking, p.quiet = seed, true, true
  p.stats = true -- the game's statistics run as a simulation runs them
  local ok, g = pcall(game.new, def, p)
  if not ok then return failure(seed, "error", tostring(g)) end
  local rng = require("talon").rng(seed)
  local steps, in_hand, hand, seen = 0, 0, g.state.hand_no, probed and {} or nil
  local bad = checked(g, seed) or probe(g, seed, seen)
  while not bad and g.ph ~= nil do -- g:over()
    bad = random_step(g, rng, seed)
    if bad then return bad end
    steps, in_hand = steps + 1, in_hand + 1
    if g.state.hand_no ~= hand then hand, in_hand = g.state.hand_no, 0 end
    bad = checked(g, seed) or probe(g, seed, seen)
    if not bad and in_hand > limit then
      bad = failure(seed, "invariant", ("hand %d does not end: %d actions"):format(hand, limit),
        record.write(g))
    elseif not bad and not p.hands and steps > limit then
      bad = failure(seed, "invariant", ("no end after %d actions"):format(limit), record.write(g))
    end
  end
  if bad then return bad end
  bad = fast_path_differs(def, p, seed, limit, g)
  if bad then return bad end
  local res = g:result()
  return nil, steps, g.hands_done < (p.hands or math.huge) or (res and res.winner ~= nil)
end

-- Plays 'n' random games (seeds first_seed, first_seed+1, …, wrapping past
-- math.maxinteger, which `talon check` refuses; the random
-- player draws from a generator of the same seed) checking after every
-- action. 'limit' (default 20000) bounds the actions of one hand, and of
-- the whole game when params.hands does not bound it. Returns the first
-- failure {seed =, kind = "invariant"|"error", message =, record =, text =}
-- (a hook that raises is a failure of kind "error", its record ending with
-- the action that raised), or nil and {games = games played, actions =, ended =}.
-- The first PROBED games also probe each phase (probe_fork: views and a
-- refusal's rule); every game measures the game's statistics.
function invariants.run(def, params, n, first_seed, limit)
  first_seed = first_seed or 1
  limit = limit or 20000
  local stats = { games = 0, actions = 0, ended = 0 }
  -- counted by index: 'first_seed + n - 1' wraps past math.maxinteger and
  -- a loop to it would play no game at all
  for i = 0, n - 1 do
    local seed = first_seed + i
    local bad, steps, ended = one_game(def, params, seed, limit, i < PROBED)
    if bad then return bad end
    stats.games, stats.actions = stats.games + 1, stats.actions + steps
    if ended then stats.ended = stats.ended + 1 end
  end
  return nil, stats
end

-- The checks that read the game's state and call its hooks (zones,
-- invariants), called from outside a charged call (`talon replay --check`,
-- a test), each run as a walk charged to the game's meter, raising what
-- they raised (sandbox.method); inside one (the walk of `checked` above,
-- an action) they run in that call.
for _, name in ipairs { "zones", "conservation", "sitting_out", "check" } do
  invariants[name] = sandbox.method(invariants[name])
end

return invariants
