-- Hokm (Iranian; 2, 3 or 4 players): RULES.md §2, rules HOK-R1 … HOK-R20.
--
-- One game, three forms chosen by the `players` option: four players in
-- fixed partnerships, three each for himself (one 2 removed, clinch rule),
-- two with the keep-or-drop draw from the stock. Seats are numbered in the
-- order of play, counter-clockwise (HOK-R1): next(s) is the player on s's
-- right.
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local actions = require "talon.actions"
local glyph = require("talon.cards").glyph
local RULES = require "games.hokm.rules"

local SUITS = { "S", "H", "D", "C" }

-- ===== the ace draw and seating (HOK-R6, HOK-R7, HOK-R8, HOK-R12, HOK-R16)

-- Deals face-up cards from position 'pos' of the pile on to the seats
-- after 'from' in turn (skipping 'from' when 'skip_from') until an ace
-- arrives; returns the receiver and the ace's position (pile unchanged).
local function deal_to_ace(st, pile, from, skip_from, pos)
  local at = pile:find("A", pos)
  local cycle = skip_from and st.n - 1 or st.n
  return (from + (at - pos) % cycle) % st.n + 1, at
end

-- The cards deal_to_ace dealt, as "P2 Q♥" each: the j-th to seat_j.
local function face_up(st, pile, from, skip_from, pos, at)
  local cards, n, shown = pile:cards(), st.n, {}
  local cycle = skip_from and n - 1 or n
  for j = 1, at - pos + 1 do
    local seat_j = (from + (j - 1) % cycle) % n + 1
    shown[j] = st.names[seat_j] .. " " .. tostring(cards[pos + j - 1])
  end
  return shown
end

-- HOK-R6's event: the cards dealt face up to the first ace.
local function hakem_event(st, pile, drawer, at)
  local shown = face_up(st, pile, drawer, false, 1, at)
  return ("HOK-R6: %s deals face up (%s); %s receives the first ace and is Hakem")
    :format(st.names[drawer], table.concat(shown, ", "), st.names[st.hakem]),
    { hakem = st.hakem, drawer = drawer, shown = shown }
end

-- HOK-R7's event: the cards dealt from the Hakem's left to the second ace.
local function partner_event(st, pile, pos, at, p)
  local shown = face_up(st, pile, st.hakem, true, pos, at)
  return ("HOK-R7: the dealing goes on (%s); %s receives the second ace and is the Hakem's"
    .. " partner"):format(table.concat(shown, ", "), st.names[p]),
    { partner = p, shown = shown }
end

local function seats_event(st)
  return ("seats rearranged so partners sit opposite: %s"):format(table.concat(st.names, ", ")),
    { names = { table.unpack(st.names) } }
end

-- HOK-R7: the partner moves opposite the Hakem; the other two keep their
-- relative order.
local function seat_partner(st, h, p)
  if p == st:opposite(h) then return end
  local others = {}
  for i = 1, 3 do
    local s = (h + i - 1) % 4 + 1
    if s ~= p then others[#others + 1] = st.names[s] end
  end
  local partner = st.names[p]
  st.names[(h) % 4 + 1] = others[1]
  st.names[(h + 1) % 4 + 1] = partner
  st.names[(h + 2) % 4 + 1] = others[2]
  st:log("seats", nil, seats_event, st)
end

-- The ace-draw pile (HOK-R6/R7) and its drawer: an explicit deal's `draw`
-- (cards, top first) and `drawer`, else shuffled and drawn from the seed.
local function draw_pile(st)
  local draw = st.given and st.given.draw
  if not draw then return st.deck:pile():shuffle(st.rng), st.rng:int(1, st.n) end
  local pile = st.deck:pile(draw)
  local at = pile:find("A", 1)
  if not at or (st.n == 4 and not pile:find("A", at + 1)) then
    error("explicit deal: draw needs an ace for the Hakem (four players: two), HOK-R6/R7", 0)
  end
  return pile, st.given.drawer or 1
end

-- An explicit deal's Hakem: 'hakem', else the player on the left of its
-- 'dealer' (who sits on the Hakem's right, HOK-R8), else seat 1; both
-- given must agree.
local function given_hakem(st, g)
  local from_dealer = g.dealer and st:next(g.dealer)
  if g.hakem and from_dealer and g.hakem ~= from_dealer then
    error(("explicit deal: dealer %d is not on the right of Hakem %d (HOK-R8): give one of them")
      :format(g.dealer, g.hakem), 0)
  end
  return g.hakem or from_dealer or 1
end

local function setup(st)
  if st.given and not st.given.draw then
    st.hakem = given_hakem(st, st.given)
    st:log("hakem", { hakem = st.hakem }, "%s is Hakem (explicit deal)", st.names[st.hakem])
  else
    local pile, drawer = draw_pile(st)
    local hakem, at = deal_to_ace(st, pile, drawer, false, 1)
    st.hakem = hakem
    st:log("hakem", nil, hakem_event, st, pile, drawer, at)
    if st.n == 4 then
      local p, at2 = deal_to_ace(st, pile, st.hakem, true, at + 1)
      st:log("partner", nil, partner_event, st, pile, at + 1, at2, p)
      seat_partner(st, st.hakem, p)
    end
  end
  st.dealer = st:prev(st.hakem) -- HOK-R8, HOK-R12, HOK-R16
end

-- ===== dealing (HOK-R9, HOK-R13, HOK-R17)

local FIVE, REST4, REST3 = { 5 }, { 4, 4 }, { 4, 4, 4 } -- packets (HOK-R9/R13)

local function hand_event(st)
  return ("hand %d: %s deals, %s is Hakem"):format(st.hand_no, st.names[st.dealer],
    st.names[st.hakem]), { hand = st.hand_no, hakem = st.hakem, dealer = st.dealer }
end

local function start_hand(st)
  local h = st.hakem
  st.dealer = st:prev(h)
  st.leader, st.turn = h, h
  st.gone = nil -- the card the last drawer saw go to the discards (HOK-R18)
  st:log("hand", nil, hand_event, st)
  deal.packets(st, h, FIVE, 1) -- HOK-R9/R13/R17: the Hakem's 5 first
  if st.n == 2 then deal.packets(st, st.dealer, FIVE, 1) end
  return "trump"
end

local trump_actions = {}
for i, s in ipairs(SUITS) do trump_actions[i] = actions.make("trump", s) end

local function deal_rest(st)
  deal.packets(st, st:next(st.hakem), FIVE, st.n - 1) -- the others, from the Hakem's left
  deal.packets(st, st.hakem, st.n == 4 and REST4 or REST3)
end

local function trump_event(st, seat)
  return ("%s (Hakem) names %s trump"):format(st.names[seat], glyph(st.deck, st.trump)),
    { suit = st.trump }
end

local trump_phase = {
  doc = "the Hakem names trump before the rest of the deal (HOK-R2)",
  verbs = { "trump" },
  mover = function(st) return st.hakem end,
  legal = function() return trump_actions end,
  check = function(st)
    return st:violation("HOK-R2", "the Hakem must name a trump suit now",
      "type trump S, trump H, trump D or trump C")
  end,
  apply = function(st, seat, a)
    st.trump = a.arg
    st:log("trump", nil, trump_event, st, seat)
    if st.n == 2 then return "discard" end
    deal_rest(st)
    return "play"
  end,
}

-- ===== two players: discards and the draw (HOK-R17, HOK-R18)

local function combinations(cards, k)
  local out, pick = {}, {}
  local function rec(start, depth)
    if depth > k then
      out[#out + 1] = { table.unpack(pick, 1, k) }
      return
    end
    for i = start, #cards - (k - depth) do
      pick[depth] = cards[i]
      rec(i + 1, depth + 1)
    end
  end
  rec(1, 1)
  return out
end

local function discard_count(st, seat) return seat == st.hakem and 3 or 2 end

local discard_phase = {
  doc = function(o)
    return o.players == 2 and "the Hakem discards 3 of his 5, then the dealer 2 (HOK-R17)" or nil
  end,
  verbs = { "discard" },
  private = true,
  mover = function(st) return st.discarder or st.hakem end,
  legal = function(st, seat)
    local list = {}
    for i, combo in ipairs(combinations(st.hands[seat]:cards(), discard_count(st, seat))) do
      list[i] = actions.make("discard", st.deck:hand(combo))
    end
    return list
  end,
  check = function(st, seat, a)
    local k = discard_count(st, seat)
    if type(a) == "table" and a.verb == "discard" and #a.arg == k then
      return st:violation("HOK-R17", "you can only discard cards you hold",
        "your hand is " .. tostring(st.hands[seat]))
    end
    return st:violation("HOK-R17", ("%s must discard exactly %d cards face down")
      :format(st.names[seat], k),
      ("type discard and %d cards of %s"):format(k, tostring(st.hands[seat])))
  end,
  apply = function(st, seat, a)
    st.hands[seat]:remove(a.arg)
    st.discards:add(a.arg)
    st:log("discard", { seat = seat, n = #a.arg }, "%s discards %d cards face down",
      st.names[seat], #a.arg)
    if seat == st.hakem then
      st.discarder = st.dealer
      return nil
    end
    st.discarder, st.drawer = nil, st.hakem
    return "draw"
  end,
}

local keep, drop = actions.make("keep"), actions.make("drop")
local draw_actions = { keep, drop }

local function show_top(st)
  local top = st.stock:top()
  st.known[st.drawer] = top and st.deck:hand(top) or nil
  if top then st:tell(st.drawer, "peek", { card = top }, "you look at %s", top) end
end

local draw_phase = {
  doc = function(o)
    return o.players == 2 and "look at the top card, keep it or drop it (HOK-R18)" or nil
  end,
  verbs = { "keep", "drop" },
  private = true,
  enter = function(st) show_top(st) end,
  mover = function(st) return st.drawer end,
  legal = function() return draw_actions end,
  check = function(st)
    return st:violation("HOK-R18", "keep or drop the card you are looking at",
      "type keep (the next card is discarded) or drop (you take the next card)")
  end,
  apply = function(st, seat, a)
    st.known[seat] = nil
    local first, second = st.stock:draw(), st.stock:draw()
    local kept, gone = first, second
    if a.verb == "drop" then kept, gone = second, first end
    st.hands[seat]:add(kept)
    st.discards:add(gone)
    st.gone = { seat = seat, card = gone } -- he saw it go (visibility below)
    st:tell(seat, "draw", { kept = kept, gone = gone }, "you keep %s and discard %s", kept, gone)
    if #st.stock == 0 then
      st.drawer = nil
      st.turn = st.hakem -- HOK-R19: the Hakem leads
      return "play"
    end
    st.drawer = st:next(seat)
    show_top(st)
    return nil
  end,
}

-- ===== trick play and the end of a hand (HOK-R3, R4, R10, R14, R19)

-- 3 players (HOK-R14): Kot after 7 tricks, clinch, tie after 17.
local function three_player_outcome(st)
  local t, played = st.tricks_won, st.tricks_played
  local left = 17 - played
  if played == 7 then
    for s = 1, 3 do
      if t[s] == 7 then
        return { seat = s, points = s == st.hakem and 2 or 3, rule = "HOK-R14",
                 why = s == st.hakem and "Kot: the Hakem took the first 7 tricks"
                   or "Hakem Koti: took the first 7 tricks against the Hakem" }
      end
    end
  end
  for s = 1, 3 do
    local a, b = t[st:next(s)], t[st:prev(s)]
    if t[s] > a + left and t[s] > b + left then
      return { seat = s, points = 1, rule = "HOK-R14",
               why = ("clinch: %d tricks, nobody else can reach %d with %d left")
                 :format(t[s], t[s], left) }
    end
  end
  if left == 0 then
    local low = 1
    for s = 2, 3 do if t[s] < t[low] then low = s end end
    return { seat = low, points = 1, rule = "HOK-R14",
             why = "the two highest counts are tied; the third player scores" }
  end
  return nil
end

-- A race's outcome reads as its reason, "7 tricks to 3" or a Kot: the
-- score's sentence (score.add) makes the text only when someone reads it.
local RACE = { __tostring = function(out)
  local won, lost = out.tricks[out.side], out.tricks[3 - out.side]
  if lost > 0 then return ("%d tricks to %d"):format(won, lost) end
  if out.hakems then return ("Kot: %d-0 for the Hakem's side"):format(won) end
  return ("Hakem Koti: %d-0 against the Hakem"):format(won)
end }

-- The tricks of each side (2 and 4 players: two sides).
local function side_tricks(st)
  local tk, side_of, won = { 0, 0 }, st.side_of, st.tricks_won
  for s = 1, st.n do
    local side = side_of[s]
    tk[side] = tk[side] + won[s]
  end
  return tk
end

-- 2 and 4 players (HOK-R10, HOK-R19): sides race to 7 tricks, or play all
-- 13 with `play_all_tricks` (K2); on_trick runs only once that can be
-- decided (on_trick_when below).
local function race_outcome(st, w)
  local tk, side = side_tricks(st), st.side_of[w]
  local won = tk[side]
  if st.opts.play_all_tricks then
    if st.tricks_played < 13 then return nil end
    side = tk[1] >= 7 and 1 or 2 -- of 13 tricks, one side has 7 or more
  elseif won < 7 then
    return nil
  end
  local out = setmetatable({ side = side, rule = st.n == 4 and "HOK-R10" or "HOK-R19",
                             tricks = { tk[1], tk[2] }, points = 1,
                             hakems = side == st.side_of[st.hakem] }, RACE)
  if tk[3 - side] == 0 then out.points = out.hakems and 2 or 3 end
  return out
end

local REASON = {
  trump = "the highest trump",
  led = "the highest card of the suit led",
}

-- HOK-R4's event: who won with which card, and why.
local function trick_event(st, w, t)
  local _, card = t:at((t:winner()))
  local why = st.info.suit[card] == st.trump and "trump" or "led"
  return ("HOK-R4: %s wins trick %d with %s, %s"):format(st.names[w], st.tricks_played, card,
    REASON[why]), { winner = w, card = card, why = why }
end

-- Once per trick, after tricks.phase has given the trick to its winner
-- (HOK-R4, the general rule) and counted it: the Kot / clinch / race
-- outcome.
local function on_trick(st, w)
  local out
  if st.n == 3 then out = three_player_outcome(st) else out = race_outcome(st, w) end
  if out then
    st.outcome = out
    return "end"
  end
  return nil
end

-- When a hand can be decided: with 2 or 4 players when a side reaches 7
-- tricks (HOK-R10, HOK-R19), or after the last trick; with 3 after every
-- trick (the clinch, HOK-R14).
local RACE_TO_7, LAST_TRICK = { side_tricks = 7 }, {}
local function decided_when(st)
  if st.n == 3 then return nil end
  return st.opts.play_all_tricks and LAST_TRICK or RACE_TO_7
end

local play_phase = tricks.phase {
  doc = "tricks: follow suit if you can, otherwise any card (HOK-R3)",
  rules = { follow = true }, -- HOK-R3
  rule = "HOK-R3",
  on_trick = on_trick,
  on_trick_when = decided_when,
  event = trick_event,
  check = function(st, seat)
    local hand = st.hands[seat] -- a card not held is refused by the framework
    local led = st.ctrick:led()
    -- any card may lead (HOK-R3): a house rule refused this one, and the
    -- framework's refusal names the cards its legal hook allows
    if led == nil then return nil end
    local same = hand:suit(led)
    return st:violation("HOK-R3",
      ("must follow %s: you hold %s"):format(glyph(st.deck, led), tostring(same)),
      "play one of " .. tostring(same))
  end,
}

-- ===== scoring and rotation (HOK-R10, R11, R14, R15, R19, R20)

local function score_hand(st)
  local out = st.outcome
  local side = out.side or st.side_of[out.seat]
  out.side = side
  score.add(st, side, out.points, out.rule, out.why or out) -- a race reads as its reason
end

local function next_hand(st)
  local out = st.outcome
  local old = st.hakem
  if out.side ~= st.side_of[old] then   -- HOK-R11, R15, R20
    st.hakem = st:next(old)
    st:log("rotation", { hakem = st.hakem }, "the Hakem lost: %s deals, %s is Hakem",
      st.names[old], st.names[st.hakem])
  end
  st.dealer = st:prev(st.hakem)
  st.outcome, st.trump = nil, nil
end

local function view(st, _, v)
  v.hakem = st.hakem
  v.roles = { hakem = st.hakem }
  v.names = { table.unpack(st.names) }
end

-- ===== what simulations count (`talon sim`, `talon compare`), read after
-- each hand's score from the outcome the hand ended with

local function outcome(st) return st.outcome or {} end

local STATS = {
  { name = "Hakem's side wins", per = "hand",
    doc = "the hand goes to the Hakem's side (the Hakem himself with 2 or 3 players)",
    count = function(st) return outcome(st).side == st.side_of[st.hakem] end },
  { name = "Kot", per = "hand", doc = "all the tricks needed, none lost, for the Hakem: 2 points",
    count = function(st) return outcome(st).points == 2 end },
  { name = "Hakem Koti", per = "hand", doc = "the same against the Hakem: 3 points",
    count = function(st) return outcome(st).points == 3 end },
  { name = "tricks per hand", per = "hand", doc = "tricks played before the hand was decided",
    value = function(st) return st.tricks_played end },
}

return game.define {
  name = "Hokm",
  summary = "Iranian trick game for 2-4: the Hakem names trump after 5 cards; 7 tricks win",
  players = { 4, 3, 2 },
  direction = "ccw",
  options = {
    players = { default = 4, values = { 2, 3, 4 },
                doc = "4 in partnerships, 3 or 2 each for himself" },
    target = { default = 7, min = 1, doc = "points that win the match (HOK-R5)" },
    removed_two = { default = "2C", values = { "2C", "2D", "2H", "2S" },
                    doc = "the 2 removed for three players (HOK-R12)" },
    play_all_tricks = { default = false,
                        doc = "2 or 4 players: play all 13 tricks; Kot needs 13-0" },
  },
  deck = function(opts)
    return { ranks = "A K Q J T 9 8 7 6 5 4 3 2", suits = "S H D C",
             strip = opts.players == 3 and opts.removed_two or nil }
  end,
  sides = function(n)
    if n == 4 then return { { 1, 3 }, { 2, 4 } } end
    return nil
  end,
  rules = RULES,
  setup = setup,
  deal = start_hand,
  phases = { trump = trump_phase, discard = discard_phase, draw = draw_phase, play = play_phase },
  score = score_hand,
  next_hand = next_hand,
  view = view,
  -- Who sees which cards (talon.host.visibility): each seat its own hand,
  -- the tricks face up, the stock and the discards nobody; the drawer of
  -- two players sees the top card (st.known) and the card he sends to the
  -- discards (HOK-R18).
  visibility = {
    shown = function(st, seat, show)
      local gone = st.gone
      if gone and gone.seat == seat then show(gone.card, "discards") end
    end,
  },
  stats = STATS,
}
