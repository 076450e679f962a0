-- talon.invariants: the checks `talon check` runs over random games.
--
-- After every action: every card is in exactly one place (hands, stock,
-- trick, won piles, discards and the game's own zones) with the deck's copy
-- counts; the mover has a legal action; scores change only in the game's
-- `score` hook. Over a game: it ends within a bound of actions. The first
-- failure is reported with the seed and the record so it can be replayed.
local bot = require "talon.bot"
local game = require "talon.game"
local record = require "talon.record"

local invariants = {}

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
  add("trick", st.deck:hand(st.trick.cards))
  if g.def.zones then g.def.zones(st, add) end
  return zones
end

-- Nil, or a sentence naming the first card that is missing or doubled.
function invariants.conservation(g)
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

-- Nil, or the first broken invariant of the current position.
function invariants.check(g)
  if g.score_violation then return g.score_violation end
  local bad = invariants.conservation(g)
  if bad then return bad end
  if not g:over() then
    if not g:mover() then return "the game is not over but nobody is to move" end
    if #g:legal() == 0 then
      return ("seat %d must move in phase %s but has no legal action"):format(g:mover(), g:phase())
    end
  end
  return nil
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

-- Plays 'n' random games (seeds first_seed, first_seed+1, …) checking after
-- every action. Returns nil, or {seed =, message =, record =} for the first
-- failure. 'limit' bounds the actions of one game.
function invariants.run(def, params, n, first_seed, limit)
  local talon = require "talon"
  first_seed = first_seed or 1
  limit = limit or 20000
  for seed = first_seed, first_seed + n - 1 do
    local p = {}
    for k, v in pairs(params or {}) do p[k] = v end
    p.options = invariants.options(def, p.options)
    p.seed, p.checking, p.quiet = seed, true, true
    local g = game.new(def, p)
    local rng = talon.rng(seed)
    local steps, msg = 0, invariants.check(g)
    while not msg and not g:over() do
      g:play(bot.random(g, rng))
      steps = steps + 1
      msg = invariants.check(g)
      if not msg and steps > limit then msg = ("no end after %d actions"):format(limit) end
    end
    if msg then
      return { seed = seed, message = msg, record = record.write(g),
               text = ("seed %d: %s"):format(seed, msg) }
    end
  end
  return nil
end

return invariants
