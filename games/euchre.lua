-- Euchre (four players in two partnerships, 24 cards): docs/games/euchre.md,
-- rules EUC-R1 … EUC-R9. A hand follows OpenSpiel's euchre, its
-- parameters under their names (allow_lone_defender, stick_the_dealer), so
-- its random hands replay here move for move (tests/parity/
-- openspiel_euchre.lua); the match runs to 10 with the deal passing left,
-- and two common table rules are switches (discard_upcard,
-- alone_before_discard).
--
-- The bowers are trick-rule data: each trump suit's order lists its two
-- jacks above the rest of the suit, so following, winning, refusals and
-- fast playouts all come from the engine; the game computes no winner. A
-- lone hand's partner sits out for the hand (st:sit_out(s, "hand")).
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local actions = require "talon.actions"
local glyph = require("talon.cards").glyph

local SUITS = { "C", "D", "H", "S" } -- OpenSpiel's order
local SAME_COLOUR = { C = "S", S = "C", D = "H", H = "D" }

-- EUC-R6: per trump suit, the right bower (its jack) and the left bower
-- (the jack of the same colour) above the rest of the suit.
local TRUMPS = {}
for _, s in ipairs(SUITS) do TRUMPS[s] = "J" .. s .. " J" .. SAME_COLOUR[s] end
local TRICK_RULES = { follow = true, trumps = TRUMPS } -- EUC-R7

-- ===== actions, made once

local PASS, ALONE, PARTNER = actions.make("pass"), actions.make("alone"), actions.make("partner")
local NAME = {}
for _, s in ipairs(SUITS) do NAME[s] = actions.make("trump", s) end

-- The legal bids per up-card suit: round 1 (pass or order it up), round 2
-- (pass or another suit), round 2 for a stuck dealer (another suit).
local ROUND1, ROUND2, STUCK = {}, {}, {}
for _, up in ipairs(SUITS) do
  ROUND1[up] = { PASS, NAME[up] }
  ROUND2[up], STUCK[up] = { PASS }, {}
  for _, s in ipairs(SUITS) do
    if s ~= up then
      ROUND2[up][#ROUND2[up] + 1] = NAME[s]
      STUCK[up][#STUCK[up] + 1] = NAME[s]
    end
  end
end
local CHOICE = { ALONE, PARTNER }

-- ===== the deal (EUC-R1)

local PACKETS = { 3, 2 } -- five cards each, in packets of three and two

local function hand_event(st)
  return ("hand %d: %s deals and turns up %s"):format(st.hand_no, st.names[st.dealer],
    tostring(st.upcard)), { hand = st.hand_no, dealer = st.dealer, upcard = st.upcard }
end

-- EUC-R1: the first dealer is drawn by lot (an explicit deal names him).
local function setup(st)
  st.dealer = st.rng:int(1, st.n)
end

local function deal_hand(st)
  deal.packets(st, st:next(st.dealer), PACKETS) -- from the dealer's left
  -- the up-card stays on the stock, the kitty under it (an explicit deal
  -- lists the stock from the up-card down)
  st.upcard = st.stock:top()
  st.up_suit = st.upcard.suit
  st.passes, st.bidder = 0, st:next(st.dealer)
  st.maker, st.alone, st.defender, st.lone_defender = nil, nil, nil, nil
  st:log("hand", nil, hand_event, st)
  return "bid"
end

-- ===== bidding (EUC-R2, EUC-R3)

local function bid_event(st, seat, a)
  if st.passes < st.n then
    return ("%s orders up %s: %s is trump, %s takes %s"):format(st.names[seat],
      tostring(st.upcard), glyph(st.deck, a.arg), st.names[st.dealer], tostring(st.upcard))
  end
  return ("%s names %s trump"):format(st.names[seat], glyph(st.deck, a.arg))
end

local function thrown_event()
  return "everyone passed twice: the hand is thrown in (EUC-R3)"
end

-- The phase after trump is made: the dealer's discard when he took the
-- up-card, else the maker's choice to go alone (EUC-R2, EUC-R4).
local function after_making(st, round1)
  if not round1 then return "alone" end
  st.hands[st.dealer]:add(st.stock:draw())
  if st.opts.alone_before_discard then return "alone" end
  return "discard"
end

local bid = {
  doc = "pass, or make trump: first the up-card's suit (order it up), then another (EUC-R2, R3)",
  verbs = { "pass", "trump" },
  mover = function(st) return st.bidder end,
  legal = function(st)
    local up = st.up_suit
    if st.passes < st.n then return ROUND1[up] end
    if st.passes == 2 * st.n - 1 and st.opts.stick_the_dealer then return STUCK[up] end
    return ROUND2[up]
  end,
  check = function(st)
    local up = glyph(st.deck, st.upcard.suit)
    if st.passes < st.n then
      return st:violation("EUC-R2", ("pass, or order up %s: trump %s"):format(up, up))
    end
    if st.passes == 2 * st.n - 1 and st.opts.stick_the_dealer then
      return st:violation("EUC-R3", ("the dealer is stuck: name a suit other than %s"):format(up))
    end
    return st:violation("EUC-R3", ("pass, or name a suit other than %s"):format(up))
  end,
  apply = function(st, seat, a)
    if a.verb == "pass" then
      st.passes = st.passes + 1
      if st.passes == 2 * st.n then
        st:log("thrown_in", nil, thrown_event)
        return "end"
      end
      st.bidder = st:next(seat)
      return nil
    end
    st.trump, st.maker = a.arg, seat
    st:log("trump", nil, bid_event, st, seat, a)
    return after_making(st, st.passes < st.n)
  end,
}

-- ===== the dealer's discard (EUC-R2)

local discard = {
  doc = "the dealer, who took the up-card, discards one card face down (EUC-R2)",
  cards = true,
  private = true,
  mover = function(st) return st.dealer end,
  legal = function(st)
    local h = st.hands[st.dealer]
    if st.opts.discard_upcard then return h end
    local l = st.discard_legal
    if l then l:clear():add(h) else l = h:copy() st.discard_legal = l end
    return l:remove(st.upcard)
  end,
  check = function(st, seat, card)
    if st.hands[seat]:count(card) > 0 then
      return st:violation("EUC-R2", ("you may not discard the up-card %s"):format(tostring(card)),
        "discard another card")
    end
    return st:violation("EUC-R2", ("you do not hold %s"):format(tostring(card)),
      "your hand is " .. tostring(st.hands[seat]))
  end,
  apply = function(st, seat, card)
    st.hands[seat]:remove(card)
    st.discards:add(card)
    if st.opts.alone_before_discard then return "play" end
    return "alone"
  end,
}

-- ===== going alone (EUC-R4, EUC-R5)

local function alone_event(st, seat, p, defending)
  return ("%s %s alone: %s sits out this hand"):format(st.names[seat],
    defending and "defends" or "goes", st.names[p]), { seat = seat, partner = p }
end

-- EUC-R5: the defenders asked in turn from the dealer's left.
local function first_defender(st)
  local s = st.dealer % st.n + 1
  if st.side_of[s] == st.side_of[st.maker] then s = s % st.n + 1 end
  return s
end

local function after_alone(st)
  if st.opts.allow_lone_defender then
    st.defender = first_defender(st)
    return "defend"
  end
  if st.opts.alone_before_discard and st.passes < st.n then return "discard" end
  return "play"
end

local alone = {
  doc = "the maker goes alone (his partner sits out) or plays with his partner (EUC-R4)",
  verbs = { "alone", "partner" },
  mover = function(st) return st.maker end,
  legal = function() return CHOICE end,
  check = function(st)
    return st:violation("EUC-R4", "say alone or partner")
  end,
  apply = function(st, seat, a)
    if a.verb == "alone" then
      local p = st:partner(seat)
      st.alone = seat
      st:sit_out(p, "hand")
      st:log("alone", nil, alone_event, st, seat, p, false)
    end
    return after_alone(st)
  end,
}

local defend = {
  doc = function(o)
    if not o.allow_lone_defender then return nil end
    return "a defender may defend alone; his partner sits out (EUC-R5)"
  end,
  verbs = { "alone", "partner" },
  mover = function(st) return st.defender end,
  legal = function() return CHOICE end,
  check = function(st)
    return st:violation("EUC-R5", "say alone or partner")
  end,
  apply = function(st, seat, a)
    local p = st:partner(seat)
    if a.verb == "alone" then
      st.lone_defender = seat
      st:sit_out(p, "hand")
      st:log("alone", nil, alone_event, st, seat, p, true)
    else
      -- the second defender is asked after the first declines
      if seat == first_defender(st) then
        st.defender = p
        return nil
      end
    end
    if st.opts.alone_before_discard and st.passes < st.n then return "discard" end
    return "play"
  end,
}

-- ===== play (EUC-R6, EUC-R7)

local function trick_event(st, w, t)
  return ("%s; %s takes the trick"):format(t:explain(), st.names[w]), { winner = w }
end

local play = tricks.phase {
  doc = "play a card: follow the suit led (the left bower is a trump); the highest trump "
    .. "wins, else the highest card of the suit led (EUC-R6, R7)",
  rules = TRICK_RULES,
  rule = "EUC-R7",
  event = trick_event,
  -- EUC-R7: the first seat in play left of the dealer leads
  enter = function(st)
    st.turn = st:next(st.dealer)
    st.leader = st.turn
  end,
  on_trick = function(st)
    if st.tricks_played == 5 then return "end" end
    return nil
  end,
  on_trick_when = {}, -- on_trick has nothing to do before the last trick
}

-- ===== scoring (EUC-R8, EUC-R9)

-- The makers' tricks and the points of the hand: the side that scores,
-- the points and the reason.
local function hand_result(st)
  local m = st.maker
  local side = st.side_of[m]
  local won = st.tricks_won[m] + st.tricks_won[st:partner(m)]
  if won == 5 then
    if st.alone then return side, 4, "a lone maker took all five tricks" end
    return side, 2, "the makers took all five tricks (a march)"
  elseif won >= 3 then
    return side, 1, ("the makers took %d tricks"):format(won)
  end
  local defenders = 3 - side
  if st.lone_defender then
    return defenders, 4, ("euchred against a lone defender: the makers took %d"):format(won)
  end
  return defenders, 2, ("euchred: the makers took %d"):format(won)
end

local function score_hand(st)
  if not st.maker then return end -- thrown in: nobody scores (EUC-R3)
  local side, points, why = hand_result(st)
  score.add(st, side, points, "EUC-R8", why)
end

local function view(st, _, v)
  v.upcard = st.upcard -- public: face up, then in the dealer's hand or turned down
  v.maker, v.alone, v.lone_defender = st.maker, st.alone, st.lone_defender
  v.roles = { dealer = st.dealer, maker = st.maker, alone = st.alone,
              lone_defender = st.lone_defender }
  if st.phase == "bid" then -- for the table: the card the first round bids on
    v.up_card = tostring(st.upcard) .. (st.passes >= st.n and " (turned down)" or "")
  end
end

-- ===== the rules as text

local RULES = {
  ["EUC-R1"] = "24 cards (A K Q J 10 9 of each suit); four players, partners sit opposite. The"
    .. " dealer (the first by lot, then the next to the left) deals five cards each and turns"
    .. " up the next card; the other three stay face down.",
  ["EUC-R2"] = function(o)
    return ("From the dealer's left each may pass or order up the up-card: its suit is trump"
      .. " and the dealer takes it and discards a card face down%s.")
      :format(o.discard_upcard and "" or " (not the up-card itself)")
  end,
  ["EUC-R3"] = function(o)
    return ("If all pass, each in turn from the dealer's left may name another suit or pass;"
      .. " %s"):format(o.stick_the_dealer and "the dealer may not pass (stick the dealer)."
        or "if all pass again, the hand is thrown in and the deal passes on.")
  end,
  ["EUC-R4"] = function(o)
    return ("The maker (who made trump) goes alone or plays with his partner, %s the"
      .. " dealer's discard (at once when trump was named in the second round); alone, his"
      .. " partner sits out the hand."):format(o.alone_before_discard and "before" or "after")
  end,
  ["EUC-R5"] = function(o)
    if not o.allow_lone_defender then return nil end
    return "Then each defender in turn from the dealer's left may defend alone; the first who"
      .. " does plays alone and his partner sits out the hand."
  end,
  ["EUC-R6"] = "Trumps rank: the jack of trump (right bower), the other jack of the same colour"
    .. " (left bower), then A K Q 10 9 of trump. The left bower belongs to the trump suit. The"
    .. " other suits rank A K Q J 10 9.",
  ["EUC-R7"] = "The first player in play left of the dealer leads. Follow the suit led if you"
    .. " can; the highest trump wins, else the highest card of the suit led; the winner leads.",
  ["EUC-R8"] = "The makers score 1 for three or four tricks, 2 for all five, 4 for all five"
    .. " alone; with fewer than three they are euchred and the defenders score 2 (4 against a"
    .. " lone defender).",
  ["EUC-R9"] = function(o)
    return ("The first side to reach %d points wins the match."):format(o.target)
  end,
}

local function option(default, doc) return { default = default, doc = doc } end

return game.define {
  name = "Euchre",
  summary = "partners make trump from the up-card; the bowers lead the trumps; three tricks of"
    .. " five make, ten points win",
  players = { 4 },
  direction = "cw",
  options = {
    players = { default = 4, values = { 4 }, doc = "number of players" },
    target = option(10, "points that win the match (EUC-R9)"),
    allow_lone_defender = option(false,
      "a defender may defend alone, his partner sitting out (OpenSpiel; EUC-R5)"),
    stick_the_dealer = option(true,
      "the dealer may not pass in the second round (OpenSpiel; EUC-R3)"),
    discard_upcard = option(false,
      "the dealer may discard the up-card he took (a common table rule; EUC-R2)"),
    alone_before_discard = option(false,
      "the maker says alone before the dealer discards (a common table rule; EUC-R4)"),
  },
  deck = { ranks = "A K Q J T 9" },
  sides = function() return { { 1, 3 }, { 2, 4 } } end,
  actions = { alone = "none", partner = "none" },
  rules = RULES,
  setup = setup,
  deal = deal_hand,
  phases = { bid = bid, discard = discard, alone = alone, defend = defend, play = play },
  score = score_hand,
  view = view,
  tools = { trick_rules = TRICK_RULES },
  -- Who sees which cards (talon.host.visibility): each seat its own hand;
  -- the up-card, turned face up (EUC-R1), is shown to all wherever it
  -- lies (the stock, then the dealer's hand) but in the discards, which
  -- the dealer alone sees (EUC-R2); the stock and won tricks nobody.
  visibility = {
    discards = function(st, seat) return seat == st.dealer end,
    shown = function(st, _, show)
      local up = st.upcard
      if up and st.discards:count(up) == 0 then show(up) end
    end,
  },
}
