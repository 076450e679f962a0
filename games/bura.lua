-- Bura (Russian pot game for 2-6): RULES.md §4, rules BUR-R1 … BUR-R13.
--
-- 36 cards, three in hand, a turned trump; sets of one suit are led and
-- beaten card by card; three trumps (a Bura) win the pot at once; a claim
-- of 31 card points takes it, a wrong claim doubles it. Seats are numbered
-- in the order of play, clockwise (BUR-R1). The declarations live in
-- games/bura/declare.lua, the claims in games/bura/money.lua; the pot
-- table (ante, deal, session) is shared with Kosel (pot) in
-- games/common/pot.lua.
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local window = require "talon.window"
local beside = require "talon.beside"
local declare = require "games.bura.declare"
local money = require "games.bura.money"
local rules = require "games.bura.rules"
local pot = require "games.common.pot"
local short = require "games.common.short"

-- After a trick: the hands filled to three from the winner (BUR-R9), the
-- claims after the last trick (BUR-R10), else the declarations of the next
-- trick (BUR-R5, BUR-R6).
local function trick_event(st, w, t)
  return ("BUR-R9: %s takes trick %d (%d points shown): %s"):format(st.names[w],
    st.tricks_played, tricks.shown_points(st.deck, t), t:explain())
end

local function on_trick(st, w, t)
  local shown = tricks.shown_points(st.deck, t)
  -- what the winner saw of his trick, all he may count on for a claim
  -- (BUR-R10: nobody looks at won cards); views give each seat its own
  local memory = st.memory or {}
  memory[w] = (memory[w] or 0) + shown
  st.memory = memory
  st.declared = nil
  deal.replenish(st, w, 3)
  if pot.all_played(st) then
    short.all_in(st) -- everyone may claim (BUR-R10)
    return "claims"
  end
  short.after_draw(st, w) -- five players (B8)
  return "declare"
end

local play = tricks.set_phase {
  doc = "lead 1-3 cards of a suit; the others play as many, beating card by card to win"
    .. " (BUR-R7, BUR-R8); claim 31 at the start of your turn (BUR-R10)",
  rules = declare.rules,
  rule = "BUR-R8",
  lead_rule = "BUR-R7",
  up_verb = function(st) return st.opts.face_down and "beat" or "play" end,
  verbs = { "lead", "play", "beat", "down", "claim" },
  on_trick = on_trick,
  event = trick_event,
}

-- B7 (option lead_declared_combo): a declared Molodka must be led as it
-- is; BUR-R10: a claim at the start of one's own turn.
window.force_lead(play, "molodka", function(st) return st.opts.lead_declared_combo end,
  "BUR-R6")

beside.action(play, money.CLAIM, money.claim)

local function deal_hand(st)
  st.memory = nil
  return pot.deal(st, 3) -- BUR-R2 … BUR-R4
end

-- The pack (BUR-R1), without the sixes with pack32 (B9); with
-- strip_for_even (B8) as many of its lowest cards taken out, clubs first,
-- as make the talon (the pack less three cards each) divide by the
-- players: a six with five players, two sevens of the 32 cards with three,
-- five or six. Then every draw is a whole round and the hands stay equal.
local SUITS = { "C", "D", "H", "S" }
local function pack(o)
  local low, size = o.pack32 and "7" or "6", o.pack32 and 32 or 36
  local strip = {}
  if o.strip_for_even then
    for i = 1, (size - 3 * o.players) % o.players do strip[i] = low .. SUITS[i] end
  end
  return { ranks = o.pack32 and "A T K Q J 9 8 7" or "A T K Q J 9 8 7 6",
           points = { A = 11, T = 10, K = 4, Q = 3, J = 2 },
           strip = #strip > 0 and table.concat(strip, " ") or nil }
end

local function view(st, seat, v)
  v.memory = st.memory and st.memory[seat] or 0 -- the points this seat saw itself take
  pot.view(st, v)
end

-- What simulations count (`talon sim`, `talon compare`), read after each
-- deal's score from its outcome (games/bura/money.lua) and the pot.
local STATS = {
  { name = "Bura", per = "hand", doc = "three trumps win the pot at once (BUR-R5)",
    count = function(st) return st.outcome.kind == "bura" end },
  { name = "claim", per = "hand", doc = "a player claims 31 (BUR-R10)",
    count = function(st) return st.outcome.kind == "claim" end },
  { name = "wrong claim", per = "hand",
    doc = "a claim with fewer than 31 card points: the claimer doubles the pot (BUR-R11)",
    count = function(st) return st.outcome.kind == "claim" and st.outcome.points < 31 end },
  { name = "pot carried", per = "hand", doc = "the pot stays on the table for the next deal",
    count = function(st) return (st.pot or 0) > 0 end },
}

return game.define {
  name = "Bura",
  summary = "Russian pot game for 2-6: sets of cards, three trumps win, claim 31",
  players = { 3, 2, 4, 5, 6 },
  direction = "cw",
  options = {
    players = { default = 3, values = { 2, 3, 4, 5, 6 }, doc = "each for himself (BUR-R1)" },
    ante = { default = 5, min = 0, doc = "each player's ante into the pot every deal (BUR-R2)" },
    ante_when_carried = { default = true, doc = "ante also while a pot is carried over" },
    three_aces = { default = "lead", values = { "lead", "pot", "off" },
                   doc = "three aces declare for the lead, win the pot, or nothing (BUR-R6)" },
    molodka = { default = true, doc = "a Molodka may be declared for the lead (BUR-R6)" },
    lead_declared_combo = { default = false, doc = "a declared Molodka must be led" },
    face_down = { default = false, doc = "a set that does not beat goes face down" },
    deals = { default = 20, min = 1, doc = "deals in a session (BUR-R13)" },
    stake = { default = 100, min = 1,
              doc = "each player's stake: out of it he pays the ante (BUR-R13)" },
    final_pot = { default = "split", values = { "split", "unpaid" },
                  doc = "a pot left when the session ends: shared equally, or left unpaid"
                    .. " (BUR-R13)" },
    strip_for_even = { default = false,
                       doc = "take out the lowest cards so the talon divides: a six with five"
                         .. " players" },
    pack32 = { default = false, doc = "32 cards, without the sixes" },
  },
  deck = pack,
  rules = rules,
  actions = { aces = "none", molodka = "none", play = "cards" },
  -- random players claim at random and double the pot until one cannot pay
  -- the ante, after a deal or two; `talon check` gives them a deep stake
  check = { options = { stake = 1000000000 } },
  setup = pot.setup,
  deal = deal_hand,
  phases = { declare = declare.phase, play = play, claims = money.claims_phase },
  score = money.score,
  match_over = pot.match_over,
  next_hand = pot.next_hand,
  view = view,
  visibility = pot.visibility,
  tools = {
    labels = { memory = "card points you saw yourself take" }, -- the table's words
    -- the front end asks before an action that can only lose (a claim
    -- while the points this seat saw itself take are under 31)
    confirm = function(v, a)
      if type(a) ~= "table" or a.verb ~= "claim" or (v.memory or 0) >= 31 then return nil end
      return ("you saw yourself take %d card points; a claim needs 31, and a wrong claim"
        .. " doubles the pot (BUR-R11). Claim anyway?"):format(v.memory or 0)
    end,
  },
  stats = STATS,
}
