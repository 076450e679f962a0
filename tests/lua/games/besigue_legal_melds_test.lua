-- Besigue's legal list offers every meld the rules allow and no other
-- (BES-R11 … BES-R13, BES-R19): at each meld opportunity of random deals,
-- the `meld` actions of g:legal() are compared with every meld that
-- melds.match and melds.allowed (the check a typed declaration goes
-- through) accept, over all cards of each kind. The legal list is built
-- without near misses and passes over kinds whose cards are not all held
-- (all of them at once when one meld table finds no kind's cards held);
-- this proves it loses nothing by that, with tables of married, quint,
-- quartet and Besigue cards built up by the random declarations.
local t = require "talon.host.testing"
local talon = require "talon"
local actions = require "talon.actions"
local game = require "talon.game"
local support = require "tests.lua.games.besigue_support"
local melds = require "games.besigue.melds"
local declare = require "games.besigue.declare"

talon.style("ascii")

local SUITS = { "S", "H", "D", "C" }

-- Every way to take 4 cards out of counts 'have' (one per suit).
local function fours(have, i, left, k, out)
  if i > 4 then
    if left == 0 then out[#out + 1] = { k[1], k[2], k[3], k[4] } end
    return out
  end
  for n = 0, math.min(left, have[i]) do
    k[i] = n
    fours(have, i + 1, left - n, k, out)
  end
  return out
end

-- The candidate card sets of 'kind' for a seat holding 'held'.
local function candidates(deck, kind, held)
  local out = {}
  if kind.rank then
    local four, have = {}, {}
    for i, s in ipairs(SUITS) do
      four[i] = deck:card(kind.rank .. s)
      have[i] = held:count(four[i])
    end
    for _, k in ipairs(fours(have, 1, 4, {}, {})) do
      local h = deck:hand()
      for i = 1, 4 do h:add(four[i], k[i]) end
      out[#out + 1] = h
    end
  elseif kind.cards then
    local h = deck:hand()
    for _, name in ipairs(kind.cards) do h:add(deck:card(name), kind.copies) end
    out[1] = h
  else
    for _, s in ipairs(SUITS) do
      local h = deck:hand()
      for _, r in ipairs(kind.ranks) do h:add(deck:card(r .. s), kind.copies) end
      out[#out + 1] = h
    end
  end
  return out
end

-- The texts of every meld the rules accept for the decider now.
local function oracle(st, seat)
  local pos = declare.position(st, seat)
  local held = pos.hand + pos.own.cards
  if pos.other then held = held + pos.other.cards end
  local out = {}
  for _, kind in ipairs(melds.KINDS) do
    for _, cards in ipairs(candidates(st.deck, kind, held)) do
      local k, _, need = melds.match(st.deck, kind.word, cards, st.trump, st.opts)
      if k and melds.allowed(pos, k, need) == true then
        out[#out + 1] = actions.text(actions.make("meld", cards, kind.word))
      end
    end
  end
  table.sort(out)
  return out
end

local function offered(g)
  local out = {}
  for _, a in ipairs(g:legal()) do
    if not actions.is_card(a) and a.verb == "meld" then out[#out + 1] = actions.text(a) end
  end
  table.sort(out)
  return out
end

-- Random play that takes a meld when one is offered (so the tables fill).
local function pick(g, rng)
  local list = g:legal()
  local ms = {}
  for _, a in ipairs(list) do
    if not actions.is_card(a) and a.verb == "meld" then ms[#ms + 1] = a end
  end
  if #ms > 0 and rng:int(1, 4) > 1 then return ms[rng:int(1, #ms)] end
  local a = list[rng:int(1, #list)]
  if not actions.is_card(a) and a.verb == "out" then return g:random(rng) end
  return a
end

local SETUPS = {
  { players = 2 }, { players = 3 }, { players = 4 },
  { players = 4, partner_melds = true }, { players = 2, require_new_card = false },
  { players = 3, quint_any_suit = true },
}

t.test("BES-R11 … BES-R13: the legal list holds exactly the allowed melds", function()
  local compared, nonempty, tabled = 0, 0, 0
  for i, opts in ipairs(SETUPS) do
    for seed = 1, 6 do
      local g = game.new(support.def, { seed = 100 * i + seed, options = opts })
      local rng = talon.rng(seed)
      for _ = 1, 400 do
        if g:over() then break end
        local st, seat = g.state, g:mover()
        if st.chance and declare.decider(st) == seat and not st.chance.melded
            and not st.forfeit[st.side_of[seat]] then
          local want = oracle(st, seat)
          t.eq(offered(g), want, ("setup %d seed %d, %s"):format(i, seed, st.phase))
          compared = compared + 1
          if #want > 0 then nonempty = nonempty + 1 end
          if #st.laid[seat].items > 0 then tabled = tabled + 1 end
        end
        g:play(pick(g, rng))
      end
    end
  end
  -- the comparison saw melds offered and tables with cards on them
  t.ok(compared > 300 and nonempty > 50 and tabled > 100,
    ("%d opportunities, %d with melds, %d with a table"):format(compared, nonempty, tabled))
end)
