-- talon.tricks: the current trick, follow-suit legality and the general
-- trick winner (RULES.md §0: highest trump, else highest card of the suit
-- led; among identical cards the first played wins).
--
-- Built for the per-card path of playouts: a trick reuses its arrays, and
-- card suits/ranks come from a per-deck cache keyed by the interned cards
-- instead of userdata field lookups.
local tricks = {}

local info_cache = setmetatable({}, { __mode = "k" })

-- suit[card] (name) and rank[card] (0 = highest) for every kind of 'deck'.
function tricks.info(deck)
  local inf = info_cache[deck]
  if inf then return inf end
  inf = { suit = {}, rank = {} }
  for _, c in ipairs(deck:kinds()) do
    inf.suit[c] = c.suit or "joker"
    inf.rank[c] = c.rank_index
  end
  info_cache[deck] = inf
  return inf
end

-- A new, empty trick.
function tricks.new()
  return { seats = {}, cards = {}, down = {}, n = 0, led = nil }
end

function tricks.clear(t)
  local seats_, cards, down = t.seats, t.cards, t.down
  for i = t.n, 1, -1 do seats_[i] = nil; cards[i] = nil; down[i] = nil end
  t.n, t.led = 0, nil
end

-- Adds 'card' played by 'seat'; 'suit' is its suit (the led suit when it
-- is the first card); 'down' marks a face-down play (Kosel, Bura), which
-- views show as `false` and which never wins under tricks.winner's callers'
-- rules.
function tricks.add(t, seat, card, suit, down)
  local n = t.n + 1
  t.n, t.seats[n], t.cards[n] = n, seat, card
  if down then t.down[n] = true end
  if n == 1 then t.led = suit end
end

-- The cards a hand may play when 'led' (a suit name, or nil when leading)
-- must be followed: the cards of that suit if any, else the whole hand.
-- 'into' (optional) is a Hand of the same deck to write the suit's cards
-- into instead of a new one.
function tricks.follow(hand, led, into)
  return hand:follow(led, into)
end

-- The Hand trick 't' keeps for its legal sets, made on first use (any
-- Hand of the deck: h:follow overwrites it).
local function scratch(t, hand)
  local into = hand:copy()
  t.legal_hand = into
  return into
end

-- tricks.follow for the next card of trick 't', written into a Hand the
-- trick keeps for it (no allocation per card): valid until the next call
-- on this trick, and never to be modified.
function tricks.legal(t, hand)
  return hand:follow(t.led, t.legal_hand or scratch(t, hand))
end

-- A card phase's `legal` hook for follow-suit play (HOK-R3 and the like):
-- tricks.legal of the mover's hand for the current trick, st.trick.
function tricks.follow_legal(st, seat)
  local t, hand = st.trick, st.hands[seat]
  return hand:follow(t.led, t.legal_hand or scratch(t, hand))
end

-- Index of the winning card of trick 't' under the general rule, and why:
-- "trump" or "led".
function tricks.winner(t, inf, trump)
  local suit, rank, cards, led = inf.suit, inf.rank, t.cards, t.led
  local first = cards[1]
  local best, best_trump, best_rank = 1, suit[first] == trump, rank[first]
  for i = 2, t.n do
    local c = cards[i]
    local cs = suit[c]
    if cs == trump then
      if not best_trump or rank[c] < best_rank then
        best, best_trump, best_rank = i, true, rank[c]
      end
    elseif not best_trump and cs == led and rank[c] < best_rank then
      best, best_rank = i, rank[c]
    end
  end
  return best, best_trump and "trump" or "led"
end

return tricks
