-- What Bura and Kosel, the pot game, share around the tricks (RULES.md
-- §4.1, §5): the first dealer and the chips, the deal with the ante and a
-- turned trump, the end of the cards, the next dealer, and the view.
local deal = require "talon.deal"
local money = require "games.bura.money"
local short = require "games.bura.short"
local glyph = require("talon.cards").glyph

local table_ = {}

-- The first dealer at random (BUR-R3); the scores are net chips, so a
-- match started from given scores (params.scores) starts the chips there.
function table_.setup(st)
  st.dealer = st.given and st.given.dealer or st.rng:int(1, st.n)
  for s = 1, st.n do st.chips[s] = st.scores[st.side_of[s]] end
end

-- BUR-R2 … BUR-R4 (KZM-R1): the ante, 'size' cards each one at a time from
-- the dealer's left, the next card turned for trump and drawn last; the
-- dealer's left leads. Returns the first phase, the declarations.
function table_.deal(st, size)
  short.all_in(st)
  money.ante(st)
  local first = st:next(st.dealer)
  local packets = {}
  for i = 1, size do packets[i] = 1 end
  deal.packets(st, st:order(first), packets)
  local turned = deal.turn_up(st)
  st.turn, st.leader, st.declared, st.outcome = first, first, nil, nil
  st:log("deal", { dealer = st.dealer, trump = turned },
    "BUR-R3: %s deals; %s is turned: %s trump; %s leads (pot %d)", st.names[st.dealer], turned,
    glyph(st.deck, turned.suit), st.names[first], st.pot or 0)
  return "declare"
end

-- How many cards of 'hand' pass test(card), copies counted.
function table_.count(hand, test)
  local n = 0
  for c, k in hand:each() do
    if test(c) then n = n + k end
  end
  return n
end

-- Does every seat in play hold 'size' cards, so declarations are open
-- (BUR-R5: "hands full")?
function table_.hands_full(st, size)
  for s = 1, st.n do
    if st:is_in(s) and #st.hands[s] ~= size then return false end
  end
  return true
end

-- Has every card been played (every hand empty)?
function table_.all_played(st)
  for s = 1, st.n do
    if #st.hands[s] > 0 then return false end
  end
  return true
end

-- The dealer the deal's outcome named (the pot's winner, the claimer), or
-- the same one.
function table_.next_hand(st)
  st.dealer = st.next_dealer or st.dealer
  st.next_dealer, st.outcome = nil, nil
end

-- The public turned card and the dealer's role, for every seat.
function table_.view(st, v)
  v.trump_card = st.trump_card -- it lies under the talon (BUR-R3)
  v.turned = st.trump_card and st.trump_card:name()
  v.roles = { dealer = st.dealer }
end

return table_
