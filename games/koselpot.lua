-- Kosel, the pot game (Russian; 2-5 players): RULES.md §5, "everything as
-- Bura except" KZM-R1 … KZM-R8.
--
-- Four cards in hand, leads of one or three cards, a Bura (three trumps
-- among four) or four aces win the pot at once, and otherwise the cards are
-- played out and the most card points take it. The ante, the session and
-- the net chips are the pot table Bura shares (games/common/pot.lua).
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local window = require "talon.window"
local score = require "talon.score"
local talon = require "talon"
local cards = require "talon.cards"
local rules = require "games.koselpot.rules"
local combos = require "games.koselpot.combos"
local pot = require "games.common.pot"
local short = require "games.common.short"

local RANKS = "A T K Q J 9 8 7 6"

-- KZM-R2, BUR-R8 as trick rules; KZM-R6's option makes 6♠ the Schocha.
-- 'key' names the options: "open" or "down", then "+6S" with the Schocha.
-- Open play still hides a short follower's cards: with five players a
-- follower holding fewer than the lead plays them all face down (KZM-R8).
local function compile(deck, key)
  local schocha = key:find("+6S", 1, true) ~= nil
  return talon.trickrules(deck, { lead_sizes = { 1, 3 }, ranks = RANKS,
    face_down = key:find("down", 1, true) and "allowed" or "short",
    top = schocha and "6S" or nil, wild_top = schocha or nil })
end

local function trick_rules(st)
  local o = st.opts
  return cards.cached(st.deck, compile,
    (o.face_down and "down" or "open") .. (o.schocha and "+6S" or ""))
end

-- ===== declarations (KZM-R3, KZM-R4)

local function facts_of(st)
  return combos.facts(st.deck, st.opts.schocha)
end

local POT_NAME = { bura = "a Bura", aces = "four aces" }

-- KZM-R3: the holders of a pot combination end the deal: the first from
-- the leader (four aces first with aces_over_bura), or all of the best
-- share (multi = "split").
local function pot_combination(st)
  if not pot.hands_full(st, 4) then return "play" end
  local o, best, holders = st.opts, nil, {}
  local f = facts_of(st)
  for _, s in ipairs(st:order(st.turn)) do
    local kind = combos.pot_kind(st.hands[s], st.trump, f)
    if kind then
      local rank = (o.aces_over_bura and kind == "aces") and 2 or 1
      holders[#holders + 1] = { seat = s, kind = kind, rank = rank }
      if not best or rank > best then best = rank end
    end
  end
  if #holders == 0 then return nil end
  local seats = {}
  for _, h in ipairs(holders) do
    if h.rank == best and (o.multi == "split" or #seats == 0) then
      seats[#seats + 1] = h.seat
      st:log("pot_combination", { seat = h.seat, kind = h.kind },
        "KZM-R3: %s holds %s (%s)", st.names[h.seat], POT_NAME[h.kind], st.hands[h.seat])
    end
  end
  st.outcome = { kind = "combination", seats = seats }
  return "end"
end

-- KZM-R4: the holders of three aces or a Molodka among their four cards,
-- from the leader, each with the three cards of the combination.
local function lead_holders(st)
  local list = {}
  if not st.opts.lead_combos then return list end
  local f = facts_of(st)
  for _, s in ipairs(st:order(st.turn)) do
    local kind, set = combos.lead_kind(st.hands[s], st.trump, f)
    if kind then list[#list + 1] = { seat = s, kind = kind, cards = set } end
  end
  return list
end

local declare = window.phase {
  doc = "at the start of a trick: a Bura or four aces win the pot; three aces or a Molodka"
    .. " may be declared for the lead (KZM-R3, KZM-R4)",
  before = pot_combination,
  holders = lead_holders,
  rank = { aces = 2, molodka = 1 },
  name = { aces = "three aces", molodka = "Molodka" },
  rule = "KZM-R4",
  next = "play",
}

-- ===== trick play (KZM-R2, BUR-R8, BUR-R9, KZM-R5)

local function trick_event(st, w, t)
  return ("BUR-R9: %s takes trick %d: %s"):format(st.names[w], st.tricks_played, t:explain())
end

-- KZM-R8's leftover = "last_trick": the cards left in the talon, too few
-- for a round of the draw, go to the last trick's winner with his tricks.
local function leftovers(st, w)
  local n = #st.stock
  if n == 0 then return end
  for _ = 1, n do st.won[w]:add(st.stock:draw()) end
  st:log("leftover", { seat = w, cards = n },
    "KZM-R8: %s wins the last trick and takes the %d card(s) left in the talon", st.names[w], n)
end

local function on_trick(st, w)
  st.declared = nil
  local last_trick = st.opts.leftover == "last_trick"
  deal.replenish(st, w, 4, last_trick) -- KZM-R1; KZM-R8: whole rounds only
  if pot.all_played(st) then
    if last_trick then leftovers(st, w) end
    short.all_in(st)
    st.outcome = { kind = "played" } -- KZM-R5
    return "end"
  end
  short.after_draw(st, w) -- five players (KZM-R8)
  return "declare"
end

local play = window.force_lead(tricks.set_phase {
  doc = "lead 1 or 3 cards of a suit; the others play as many, beating card by card to win"
    .. " (KZM-R2, BUR-R8)",
  rules = trick_rules,
  rule = "BUR-R8",
  lead_rule = "KZM-R2",
  up_verb = function(st) return st.opts.face_down and "beat" or "play" end,
  verbs = { "lead", "play", "beat", "down" },
  on_trick = on_trick,
  event = trick_event,
}, "molodka", function(st) return st.opts.lead_declared_combo end, "KZM-R4")

-- ===== the pot (KZM-R3, KZM-R5, KZM-R7)

-- The pot to one seat, or shared by several in whole units (the rest
-- stays); the next dealer; returns the rule and a note per seat.
local function pay_out(st, seats, rule, why)
  local amount, notes = st.pot or 0, {}
  st.pot_shared = #seats > 1 -- for the statistics
  if #seats == 1 then
    score.take_pot(st, seats[1])
    st.next_dealer = seats[1]
    notes[seats[1]] = ("took the pot of %d: %s"):format(amount, why)
    return rule, notes
  end
  local each = amount // #seats
  for _, s in ipairs(seats) do
    st.chips[s] = (st.chips[s] or 0) + each
    notes[s] = ("a share of %d of the pot of %d: %s"):format(each, amount, why)
  end
  st.pot = amount - each * #seats
  st:log("pot", { seats = seats, each = each },
    "%s: %d players share the pot of %d, %d each; %d stays", rule, #seats, amount, each, st.pot)
  st.next_dealer = st:next(st.dealer) -- KZM-R7
  return rule, notes
end

local function score_hand(st)
  local out = st.outcome
  if out.kind == "combination" then
    return pot.sync(st, pay_out(st, out.seats, "KZM-R3", "a pot combination"))
  end
  local best, seats = -1, {}
  for s = 1, st.n do
    local p = st.won[s]:points()
    if p > best then best, seats = p, { s } elseif p == best then seats[#seats + 1] = s end
  end
  pot.sync(st, pay_out(st, seats, "KZM-R5", ("the most card points, %d"):format(best)))
end

-- What simulations count (`talon sim`, `talon compare`), read after each
-- deal's score from its outcome and the pot.
local STATS = {
  { name = "pot combination", per = "hand",
    doc = "a Bura or four aces end the deal and win the pot (KZM-R3)",
    count = function(st) return st.outcome.kind == "combination" end },
  { name = "pot shared", per = "hand", doc = "several players share the pot (KZM-R3, KZM-R5)",
    count = function(st) return st.pot_shared == true end },
  { name = "pot carried", per = "hand", doc = "chips stay in the pot for the next deal",
    count = function(st) return (st.pot or 0) > 0 end },
}

return game.define {
  name = "Kosel (pot)",
  summary = "Russian pot game for 2-5, Bura's cousin: four cards, leads of one or three,"
    .. " the most card points take the pot",
  players = { 3, 2, 4, 5 },
  direction = "cw",
  options = {
    players = { default = 3, values = { 2, 3, 4, 5 }, doc = "each for himself (KZM-R1, KZM-R8)" },
    ante = { default = 5, min = 0, doc = "each player's ante into the pot every deal (BUR-R2)" },
    ante_when_carried = { default = true, doc = "ante also while a pot is carried over" },
    multi = { default = "first", values = { "first", "split" },
              doc = "several pot combinations: the first from the leader, or a share" },
    aces_over_bura = { default = false, doc = "four aces rank above a Bura" },
    lead_combos = { default = true, doc = "three aces or a Molodka give the lead" },
    lead_declared_combo = { default = false, doc = "a declared Molodka must be led" },
    face_down = { default = false, doc = "a set that does not beat goes face down" },
    schocha = { default = false, doc = "6♠ is the Schocha of Kosel for points" },
    remove_six = { default = false,
                   doc = "five players: 6♣ is taken out so the talon divides (KZM-R8)" },
    leftover = { default = "draw", values = { "draw", "last_trick" },
                 doc = "five players: draw the talon out in rotation, or stop short and give"
                   .. " the rest to the last trick's winner (KZM-R8)" },
    deals = { default = 20, min = 1, doc = "deals in a session (BUR-R13)" },
    stake = { default = 100, min = 1,
              doc = "each player's stake: out of it he pays the ante (BUR-R13)" },
    final_pot = { default = "split", values = { "split", "unpaid" },
                  doc = "a pot left when the session ends: shared equally, or left unpaid"
                    .. " (BUR-R13)" },
  },
  deck = function(o)
    return { ranks = RANKS, points = { A = 11, T = 10, K = 4, Q = 3, J = 2 },
             strip = (o.remove_six and o.players == 5) and "6C" or nil } -- KZM-R8
  end,
  rules = rules,
  -- a deal played out (KZM-R5) leaves every card point in the won piles
  check = { card_points = function(st)
    return st.outcome and st.outcome.kind == "played" and st.full:points() or nil
  end },
  actions = { aces = "none", molodka = "none", play = "cards" },
  setup = pot.setup,
  deal = function(st) return pot.deal(st, 4) end, -- KZM-R1
  phases = { declare = declare, play = play },
  score = score_hand,
  match_over = pot.match_over,
  next_hand = pot.next_hand,
  view = function(st, _, v) pot.view(st, v) end,
  visibility = pot.visibility,
  stats = STATS,
}
