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

-- tricks.follow for the next card of trick 't', written into a Hand the
-- trick keeps for it (no allocation per card): valid until the next call
-- on this trick, and never to be modified.
function tricks.legal(t, hand)
  local into = t.legal_hand
  if not into then
    into = hand:copy() -- any Hand of the deck: follow overwrites it
    t.legal_hand = into
  end
  return hand:follow(t.led, into)
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
