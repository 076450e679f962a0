-- A rule-of-thumb Euchre player (docs/games/euchre.md). It sees only its
-- seat's view (the bot interface of docs/cli.md: choose(view, rng) ->
-- action, reason) and gives the reason for every decision. It reads the
-- trump order from the game's own trick rules (a talon.Trick says which
-- suit a card counts as and its place there), so the bowers need no rule
-- of its own:
--   bidding (EUC-R2, R3): count the trumps a suit would give (the up-card
--     too when it would come to this seat, the dealer); make it with three
--     trumps and a bower or an off-suit ace, or with four; the dealer and
--     his partner need one trump less in the first round (the up-card goes
--     to their side); a stuck dealer names his best suit;
--   discard (EUC-R2): the lowest card of the shortest side suit, never a
--     trump while another card will do;
--   alone (EUC-R4, R5): with both bowers and a third top trump, or four
--     trumps with the right bower; defend alone with both bowers and the
--     ace of trump;
--   lead: the right bower when its side made trump, else an off-suit ace,
--     else the lowest card;
--   follow: the lowest card when the partner is winning, else the lowest
--     card that wins, else the lowest card.
local talon = require "talon"
local cards = require "talon.cards"
local glyph = cards.glyph
local euchre = require "games.euchre"

local bot = { name = "rule-of-thumb euchre" }

local SUITS = { "C", "D", "H", "S" }

local function compile(deck) return talon.trickrules(deck, euchre.tools.trick_rules) end

-- A trick under trump 'suit' (nil: none), for the suit and place of cards.
local function trick_for(deck, suit)
  return talon.trick(cards.cached(deck, compile, "rules"), suit)
end

-- Strength for choosing among cards: trumps above the rest, each by its
-- place (1 the highest).
local function power(t, c)
  local suit, place = t:suit(c)
  return (suit == t:trump() and 100 or 0) + 20 - place
end

local function lowest(t, list)
  local pick
  for _, c in ipairs(list) do
    if not pick or power(t, c) < power(t, pick) then pick = c end
  end
  return pick
end

-- What suit 'suit' as trump would give 'list' (cards): the trumps, how
-- many rank among the top three (bowers, ace), and the side aces.
local function count(deck, list, suit)
  local t = trick_for(deck, suit)
  local n, top, aces, trumps = 0, 0, 0, {}
  for _, c in ipairs(list) do
    local s, place = t:suit(c)
    if s == suit then
      n = n + 1
      trumps[n] = c
      if place <= 3 then top = top + 1 end
    elseif c.rank == "A" then
      aces = aces + 1
    end
  end
  table.sort(trumps, function(a, b) return power(t, a) > power(t, b) end)
  local names = {}
  for i, c in ipairs(trumps) do names[i] = tostring(c) end
  return { n = n, top = top, aces = aces, names = table.concat(names, " ") }
end

-- Would these counts make trump? 'help' lowers the need by one trump.
local function good(k, help)
  local need = 3 - (help and 1 or 0)
  return (k.n >= need and (k.top >= 1 or k.aces >= 1)) or k.n >= need + 1
end

local function bid(v)
  local deck, hand = v.hand:deck(), v.hand:cards()
  local up = v.upcard.suit
  local first = v.legal[1].verb == "pass" and #v.legal == 2
  if first then
    local list = { table.unpack(hand) }
    if v.seat == v.dealer then list[#list + 1] = v.upcard end
    local k = count(deck, list, up)
    local ours = v.side_of[v.seat] == v.side_of[v.dealer]
    if good(k, ours) then
      return v.legal[2], ("%d trumps (%s)%s: order up %s"):format(k.n, k.names,
        ours and ", and the up-card comes to our side" or "", glyph(deck, up))
    end
    return v.legal[1], ("%s as trump gives only %d trumps: pass"):format(glyph(deck, up), k.n)
  end
  local best, bk
  for _, s in ipairs(SUITS) do
    if s ~= up then
      local k = count(deck, hand, s)
      if not bk or k.n * 10 + k.top > bk.n * 10 + bk.top then best, bk = s, k end
    end
  end
  local stuck = v.legal[1].verb ~= "pass"
  if stuck or good(bk, false) then
    for _, a in ipairs(v.legal) do
      if a.arg == best then
        return a, ("%s%d trumps (%s) in %s: name it")
          :format(stuck and "stuck, the best suit: " or "", bk.n, bk.names, glyph(deck, best))
      end
    end
  end
  return v.legal[1], "no suit gives three trumps: pass"
end

-- The dealer's discard: the lowest card of his shortest side suit.
local function discard(v)
  local deck = v.hand:deck()
  local t = trick_for(deck, v.trump)
  local per = {}
  for _, c in ipairs(v.hand:cards()) do
    local s = t:suit(c)
    per[s] = (per[s] or 0) + 1
  end
  local pick, key
  for _, c in ipairs(v.legal) do
    local s = t:suit(c)
    local k = (s == v.trump and 1000 or per[s] * 50) + power(t, c)
    if not key or k < key then pick, key = c, k end
  end
  if t:suit(pick) == v.trump then return pick, "only trumps left: discard the lowest" end
  return pick, ("discard the low %s to get short in %s"):format(tostring(pick),
    glyph(deck, t:suit(pick)))
end

local function choice(v, defending)
  local deck = v.hand:deck()
  local k = count(deck, v.hand:cards(), v.trump)
  local t = trick_for(deck, v.trump)
  local places = {}
  for _, c in ipairs(v.hand:cards()) do
    local s, p = t:suit(c)
    if s == v.trump then places[p] = true end
  end
  local go
  if defending then
    go = places[1] and places[2] and places[3]
  else
    go = (places[1] and places[2] and places[3]) or (places[1] and k.n >= 4)
  end
  for _, a in ipairs(v.legal) do
    if (a.verb == "alone") == (go and true or false) then
      if go then
        return a, ("%d trumps (%s) with the top of the suit: alone"):format(k.n, k.names)
      end
      return a, ("%d trumps (%s): not enough to play alone"):format(k.n, k.names)
    end
  end
end

local function lead(v, t)
  local deck = v.hand:deck()
  local ours = v.maker and v.side_of[v.maker] == v.side_of[v.seat]
  for _, c in ipairs(v.legal) do
    local s, p = t:suit(c)
    if ours and s == v.trump and p == 1 then
      return c, "lead the right bower to draw the trumps"
    end
  end
  for _, c in ipairs(v.legal) do
    if t:suit(c) ~= v.trump and c.rank == "A" then
      return c, ("cash the side ace %s"):format(tostring(c))
    end
  end
  local c = lowest(t, v.legal)
  return c, ("lead low: %s"):format(glyph(deck, t:suit(c)))
end

local function follow(v, t)
  local played = v.trick.cards
  for i, c in ipairs(played) do assert(t:play(i, c)) end
  local winner = v.trick.seats[v.trick.best]
  if v.side_of[winner] == v.side_of[v.seat] then
    return lowest(t, v.legal), "the partner is winning: play the lowest card"
  end
  local wins = {}
  for _, c in ipairs(v.legal) do
    if t:beats(c) then wins[#wins + 1] = c end
  end
  if #wins > 0 then return lowest(t, wins), "the lowest card that wins the trick" end
  return lowest(t, v.legal), "nothing wins the trick: play the lowest card"
end

-- choose(view, rng) -> action, reason (the bot interface of docs/cli.md).
function bot.choose(v, rng)
  local phase = v.phase
  if phase == "bid" then return bid(v) end
  if phase == "discard" then return discard(v) end
  if phase == "alone" then return choice(v, false) end
  if phase == "defend" then return choice(v, true) end
  if phase == "play" then
    local t = trick_for(v.hand:deck(), v.trump)
    if #v.trick.cards == 0 then return lead(v, t) end
    return follow(v, t)
  end
  return v.legal[rng:int(1, #v.legal)], "no rule for this phase: a random legal action"
end

return bot
