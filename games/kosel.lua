-- Kosel for points (Russian; 2, 3 or 4 players): RULES.md §3, rules
-- KOZ-R1 … KOZ-R14.
--
-- 36 cards, four in hand, the Schocha (6♠) always the highest trump; sets
-- of one suit are led and beaten card by card or followed face down; the
-- hands are filled from the talon after every trick; penalty points to 12
-- put a party out. Seats are numbered in the order of play, clockwise
-- (KOZ-R1): next(s) is the player on s's left. The combination window
-- lives in games/kosel/combos.lua, the penalties in games/kosel/scoring.lua.
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local window = require "talon.window"
local combos = require "games.kosel.combos"
local scoring = require "games.kosel.scoring"
local rules = require "games.kosel.rules"
local glyph = require("talon.cards").glyph

-- KOZ-R7 … R9 as trick rules: leads of 1 to 4 cards of a suit, the
-- Schocha wild and above every trump, face up only to beat, face down
-- always (docs/api.md "Tricks").
local TRICK_RULES = { lead_sizes = { 1, 2, 3, 4 }, top = "6S", wild_top = true,
                      face_down = "allowed", ranks = "A T K Q J 9 8 7 6" }

-- ===== the deal (KOZ-R4, KOZ-R5)

local function setup(st)
  st.dealer = st.given and st.given.dealer or st.rng:int(1, st.n) -- KOZ-R4
end


local function is_schocha(c) return c.rank == "6" and c.suit == "S" end

-- Deals four cards each, one at a time from the dealer's left, and turns
-- the next card for trump; it goes under the talon, drawn last (KOZ-R5).
-- A turned Schocha makes spades trump, or (schocha_turnup = "redeal", Z2)
-- the cards are shuffled and dealt again.
local function deal_hand(st)
  local first = st:next(st.dealer)
  local order = st:order(first)
  local turned
  repeat
    if turned then
      if st.given then
        error("explicit deal: the turned card is the Schocha and schocha_turnup is redeal;"
          .. " give another stock", 0)
      end
      st:log("redeal", {}, "KOZ-R5: the Schocha is turned; the cards are dealt again")
      for _, s in ipairs(order) do st.hands[s]:clear() end
      deal.start(st)
    end
    deal.packets(st, order, { 1, 1, 1, 1 })
    turned = deal.turn_up(st)
  until not (is_schocha(turned) and st.opts.schocha_turnup == "redeal")
  st.turn, st.leader, st.declared = first, first, nil
  st:log("deal", { dealer = st.dealer, trump = turned },
    "KOZ-R5: %s deals; %s is turned: %s trump; %s leads", st.names[st.dealer], turned,
    glyph(st.deck, turned.suit), st.names[first])
  return "combos"
end

-- ===== trick play (KOZ-R7 … KOZ-R12)

-- After a trick: the hands filled from the winner on (KOZ-R11); the deal
-- ends when every card is played (KOZ-R12); else the winner leads, after
-- a combination window when the hands are full (KOZ-R6).
-- The trick's event: the face-up points only, for nobody learns what went
-- face down (KOZ-R10).
local function trick_event(st, w, t)
  local shown = tricks.shown_points(st.deck, t)
  return ("KOZ-R10: %s takes trick %d (%d points face up): %s"):format(st.names[w],
    st.tricks_played, shown, t:explain()), { winner = w, points = shown }
end

local function on_trick(st, w)
  st.declared = nil
  deal.replenish(st, w, 4)
  if #st.hands[w] == 0 then return "end" end
  if combos.window_open(st) then return "combos" end
  return nil
end

local play = tricks.set_phase {
  doc = "lead 1-4 cards of a suit (the Schocha wild); the others beat face up or play as"
    .. " many face down (KOZ-R7, KOZ-R9)",
  rules = TRICK_RULES,
  rule = "KOZ-R9",
  lead_rule = "KOZ-R7",
  on_trick = on_trick,
  event = trick_event,
}

-- Option lead_declared_combo (Z4): a declared Molodka must be led as it is.
window.force_lead(play, "molodka", function(st) return st.opts.lead_declared_combo end,
  "KOZ-R6")

-- ===== what simulations count (`talon sim`, `talon compare`), read after
-- each deal's score from its penalties (games/kosel/scoring.lua)

local STATS = {
  { name = "no trick", per = "hand", doc = "a party takes no trick: 6 penalty points (KOZ-R13)",
    count = function(st)
      for _, p in ipairs(st.deal_result.penalties) do
        if p.penalty == 6 then return true end
      end
      return false
    end },
  { name = "60-60", per = "hand", doc = "two parties split the 120 card points evenly (Z6)",
    count = function(st)
      local t = st.deal_result.totals
      return #t == 2 and t[1].points == t[2].points
    end },
  { name = "tricks per deal", per = "hand", doc = "tricks played in the deal",
    value = function(st) return st.tricks_played end },
}

-- ===== the definition

local function view(st, _, v)
  v.trump_card = st.trump_card -- public: it lies under the talon (KOZ-R5)
  v.turned = st.trump_card and st.trump_card:name() -- the table shows it
  v.roles = { dealer = st.dealer }
  v.score_name = "penalty points" -- KOZ-R14: the low score is the good one
end

return game.define {
  name = "Kosel",
  summary = "Russian game for 2-4 with sets of cards, the Schocha and penalty points to 12",
  players = { 4, 3, 2 },
  direction = "cw",
  options = {
    players = { default = 4, values = { 2, 3, 4 },
                doc = "4 in partnerships, 3 or 2 each for himself (KOZ-R1)" },
    schocha_turnup = { default = "spades", values = { "spades", "redeal" },
                       doc = "a turned Schocha makes spades trump, or means a new deal" },
    lead_declared_combo = { default = false, doc = "a declared Molodka must be led" },
    sixty_all = { default = "both2", values = { "both2", "none_double_next" },
                  doc = "60-60: both score 2, or none and the next deal doubles" },
    penalty_limit = { default = 12, min = 1,
                      doc = "penalty points that put a party out (KOZ-R14)" },
  },
  deck = { ranks = "A T K Q J 9 8 7 6", points = { A = 11, T = 10, K = 4, Q = 3, J = 2 } },
  sides = function(n)
    if n == 4 then return { { 1, 3 }, { 2, 4 } } end -- partners opposite (KOZ-R1)
    return nil
  end,
  rules = rules,
  -- every deal is played to the last card (KOZ-R12) and gives out all 120
  -- card points (KOZ-R2): `talon check` finds any that vanish
  check = { card_points = 120 },
  actions = { moskwa = "none", molodka = "none" },
  setup = setup,
  deal = deal_hand,
  phases = { combos = combos.phase, play = play },
  score = scoring.score,
  match_over = scoring.match_over,
  view = view,
  -- Who sees which cards (talon.host.visibility): the turned trump, under
  -- the talon until it is drawn, is shown to all (KOZ-R5).
  visibility = { shown = function(st, _, show) show(st.trump_card) end },
  stats = STATS,
}
