-- Hearts (four players, each for himself): docs/games/hearts.md, rules
-- HRT-R1 … HRT-R11. The rules and options are those of OpenSpiel's
-- hearts, under its parameter names, so its random hands replay here move
-- for move (tests/parity/openspiel_hearts.lua); a match runs to 100 with
-- the pass direction rotating left, right, across, none, and the lowest
-- score wins.
--
-- Everything Hearts asks of card play is trick-rule data (the first lead,
-- the first trick, hearts broken), so fast playouts obey it with no path
-- of Hearts' own; passing is the framework's phase.
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local passing = require "talon.passing"
local score = require "talon.score"

local ROTATION = { "left", "right", "across", "none" } -- HRT-R2
local ONE_EACH = {} -- HRT-R1: thirteen rounds of one card
for i = 1, 13 do ONE_EACH[i] = 1 end

-- ===== the trick rules (HRT-R4 … R7)

-- The trickrules table the options ask for (the framework compiles each
-- content once per deck).
local function rules_of(st)
  local o = st.opts
  return {
    follow = true, -- HRT-R7
    first_lead = o.can_lead_any_club and "C" or "2C", -- HRT-R4
    not_on_first_trick = o.no_pts_on_first_trick and "H QS" or nil, -- HRT-R5
    unbroken = o.must_break_hearts and "H" or nil, -- HRT-R6
    breaks = (o.must_break_hearts and o.qs_breaks_hearts) and "QS" or nil,
    never_forced_to_lead = (o.must_break_hearts and o.can_lead_hearts_instead_of_qs)
      and "QS" or nil,
  }
end

-- ===== the hand: deal, pass, play

local function hand_event(st)
  return ("hand %d: %s deals"):format(st.hand_no, st.names[st.dealer]),
    { hand = st.hand_no, dealer = st.dealer }
end

-- HRT-R1: the seat left of the first dealer is seat 1, so seat 1 is dealt
-- to and passes first (OpenSpiel's player 0).
local function setup(st)
  st.dealer = st.n
end

local function deal_hand(st)
  st:log("hand", nil, hand_event, st)
  deal.packets(st, st:next(st.dealer), ONE_EACH)
  return "pass"
end

-- HRT-R4: the holder of 2♣ leads the first trick.
local function lead_event(st, s)
  return ("%s holds 2♣ and leads"):format(st.names[s]), { leader = s }
end

local function two_of_clubs_leads(st)
  local two = st.deck:card("2C")
  for s = 1, st.n do
    if st.hands[s]:count(two) > 0 then
      st.leader, st.turn = s, s
      st:log("lead", nil, lead_event, st, s)
      return nil
    end
  end
  error("hearts: nobody holds 2♣", 0)
end

-- HRT-R2: pass_cards off means no pass in any hand.
local function pass_direction(st)
  if not st.opts.pass_cards then return "none" end
  return passing.rotation(st, ROTATION)
end

local pass = passing.phase {
  -- no pass with pass_cards off (HRT-R2): the phase is not used then
  doc = function(o)
    if not o.pass_cards then return nil end
    return "pass three cards, one at a time (HRT-R2)"
  end,
  count = 3,
  direction = pass_direction,
  after = "play",
  rule = "HRT-R2",
  on_done = two_of_clubs_leads,
}

local function trick_event(st, w, t)
  return ("%s; %s takes the trick (%d points)"):format(t:explain(), st.names[w],
    t:points()), { winner = w, points = t:points() }
end

local play = tricks.phase {
  doc = "play a card: follow suit; 2♣ leads; hearts wait until broken (HRT-R4 … R7)",
  rules = rules_of,
  rule = "HRT-R7",
  rule_of = { first_lead = "HRT-R4", first_trick = "HRT-R5", not_broken = "HRT-R6" },
  event = trick_event,
  on_trick = function(st, w)
    if #st.hands[w] == 0 then return "end" end
    return nil
  end,
  on_trick_when = {}, -- on_trick has nothing to do before the last trick
}

-- ===== scoring (HRT-R8 … R10)

-- HRT-R9: the seat that took every trick holding a heart or Q♠, if one
-- did: the seat whose won cards hold every heart and Q♠.
local function moon_shooter(st)
  local qs = st.deck:card("QS")
  for s = 1, st.n do
    local won = st.won[s]
    if won:count(qs) > 0 then
      return #won:suit("H") == 13 and s or nil
    end
  end
  return nil
end

-- The hand's points per seat, with their reasons.
local function hand_points(st)
  local pts, why = {}, {}
  for s = 1, st.n do
    pts[s] = st.deck:points(st.won[s]) -- HRT-R8
    why[s] = { ("%d in cards taken"):format(pts[s]) }
  end
  local moon = moon_shooter(st)
  if moon then -- HRT-R9
    for s = 1, st.n do
      local add = s == moon and -26 or 26
      pts[s] = pts[s] + add
      why[s][#why[s] + 1] = s == moon and "-26 for shooting the moon"
        or ("+26: %s shot the moon"):format(st.names[moon])
    end
  elseif st.opts.avoid_all_tricks_bonus then -- HRT-R10
    for s = 1, st.n do
      if st.tricks_won[s] == 0 then
        pts[s] = pts[s] - 5
        why[s][#why[s] + 1] = "-5 for taking no trick (HRT-R10)"
      end
    end
  end
  return pts, why, moon
end

local function score_hand(st)
  local pts, why, moon = hand_points(st)
  st.hand_points = pts
  for s = 1, st.n do
    local rule = moon and "HRT-R9" or "HRT-R8"
    score.add(st, st.side_of[s], pts[s], rule, table.concat(why[s], ", "))
  end
end

-- ===== the definition

local RULES = {
  ["HRT-R1"] = "Four players, each for himself, 52 cards ace high; the dealer deals all the"
    .. " cards one at a time, 13 each; the deal passes to the left.",
  ["HRT-R2"] = function(o)
    if not o.pass_cards then return nil end
    return "Before play each player passes three cards, one at a time: left, right, across,"
      .. " then no pass, over and over."
  end,
  ["HRT-R3"] = function(o)
    if not o.pass_cards then return nil end
    return "The passed cards arrive when everyone has passed; only the receiver sees them."
  end,
  ["HRT-R4"] = function(o)
    return o.can_lead_any_club and "The holder of 2♣ leads the first trick with any club."
      or "The holder of 2♣ leads it to the first trick."
  end,
  ["HRT-R5"] = function(o)
    if not o.no_pts_on_first_trick then return nil end
    return "On the first trick no heart and not Q♠ may be played, unless you hold nothing else."
  end,
  ["HRT-R6"] = function(o)
    if not o.must_break_hearts then return nil end
    return ("Hearts may not be led until a heart%s has been played, unless you hold only"
      .. " hearts%s."):format(o.qs_breaks_hearts and " or Q♠" or "",
      o.can_lead_hearts_instead_of_qs and " (or only hearts and Q♠)" or "")
  end,
  ["HRT-R7"] = "Follow suit if you can; the highest card of the suit led wins the trick and"
    .. " leads the next. There is no trump.",
  ["HRT-R8"] = function(o)
    return "Each heart taken is 1 point, Q♠ 13" .. (o.jd_bonus and ", J♦ -10." or ".")
  end,
  ["HRT-R9"] = "Shooting the moon: a player who takes every heart and Q♠ scores 26 less, and"
    .. " every other player 26 more.",
  ["HRT-R10"] = function(o)
    if not o.avoid_all_tricks_bonus then return nil end
    return "A player who takes no trick scores 5 less (unless someone shot the moon)."
  end,
  ["HRT-R11"] = function(o)
    return ("When a player reaches %d after a hand, the lowest score wins; tied lowest scores"
      .. " play on."):format(o.target)
  end,
}

local function option(default, doc) return { default = default, doc = doc } end

-- What simulations count (`talon sim`, `talon compare`), read after each
-- hand's score from the cards taken.
local STATS = {
  { name = "moon", per = "hand", doc = "a player shoots the moon (HRT-R9)",
    count = function(st) return moon_shooter(st) ~= nil end },
}

return game.define {
  name = "Hearts",
  summary = "avoid hearts and Q♠: four players, pass three, lowest score at 100 wins",
  players = { 4 },
  direction = "cw",
  options = {
    players = { default = 4, values = { 4 }, doc = "number of players" },
    target = option(100, "a hand that ends with a score at or above this ends the match"),
    pass_cards = option(true, "pass three cards before play (HRT-R2)"),
    no_pts_on_first_trick = option(true, "no heart or Q♠ on the first trick (HRT-R5)"),
    can_lead_any_club = option(false, "the first trick may be led with any club (HRT-R4)"),
    jd_bonus = option(false, "J♦ counts -10 (HRT-R8)"),
    avoid_all_tricks_bonus = option(false, "-5 for taking no trick (HRT-R10)"),
    must_break_hearts = option(true, "hearts may not be led until broken (HRT-R6)"),
    qs_breaks_hearts = option(true, "Q♠ played breaks hearts too (HRT-R6)"),
    can_lead_hearts_instead_of_qs = option(false,
      "a leader left with only hearts and Q♠ may lead a heart (HRT-R6)"),
  },
  deck = function(o)
    return { ranks = "A K Q J T 9 8 7 6 5 4 3 2",
             card_points = { H = 1, QS = 13, JD = o.jd_bonus and -10 or nil } }
  end,
  rules = RULES,
  setup = setup,
  deal = deal_hand,
  phases = { pass = pass, play = play },
  score = score_hand,
  match_over = score.lowest_result,
  stats = STATS,
  -- Who sees which cards (talon.host.visibility): each seat its own hand
  -- and the cards it sets aside to pass (HRT-R2); the tricks are played
  -- face up and the won tricks turned down (their size public).
  visibility = { hands = "owner", aside = "owner", won = "none" },
}
