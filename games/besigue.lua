-- Besigue (German text; 2 players, 3 each for himself, 4 in partnerships):
-- rules BES-R1 … BES-R19 (docs/games/besigue.md).
--
-- Two or three 32-card packs, eight cards each (3-2-3), a turned trump
-- card under the talon, free play while the talon lasts with a draw after
-- every trick, melds declared at lead and laid on the table, where they
-- stay part of the hand, the trump seven, declaring out, and strict play
-- for the last tricks. Seats are numbered in the order of play, clockwise
-- (BES-R1): next(s) is the player on s's left. The parts live in
-- games/besigue/: play (phases), declare (meld opportunities), melds (the
-- kinds and BES-R12 on identified cards), ledger (table cards), scoring,
-- rules (texts) and tools (the REPL and the `melds` command).
--
-- State of a deal, beside the framework's (docs/games/besigue.md):
--   st.laid[s]      the cards seat s has declared and laid on the table: a
--                   ledger { cards = Hand, items = {entry…} } (the card
--                   place `zones` gives the conservation check; st.hands[s]
--                   holds only the concealed cards)
--   st.trump_card   the turn-up under the talon (the seven after an exchange)
--   st.chance       the open meld opportunity { seat, melded, by }, or nil
--   st.deal_melds   meld points credited per side this deal
--   st.forfeit      sides that declared out wrongly this deal (E9)
--   st.spent7[s]    concealed trump sevens of seat s that have scored
--   st.outcome      nil, or { kind = "played" | "out" | "lose", … }
--
-- From the REPL:
--   besigue = require "games.besigue"
--   print(besigue.tools.declare("KH QH QS JD KS KD KC", { "marriage KH QH",
--     "besigue QS JD", "kings KH KS KD KC", "marriage KH QH" }, { trump = "H" }))
local game = require "talon.game"
local deal = require "talon.deal"
local score = require "talon.score"
local ledger = require "games.besigue.ledger"
local play = require "games.besigue.play"
local scoring = require "games.besigue.scoring"
local rules = require "games.besigue.rules"
local tools = require "games.besigue.tools"
local glyph = require("talon.cards").glyph

-- ===== the match and the deal (BES-R1 … BES-R5)

local function setup(st)
  st.dealer = st.given and st.given.dealer or st.rng:int(1, st.n) -- BES-R4
end

-- Per deal: empty tables, nothing scored, no opportunity open.
local function reset(st)
  local laid = st.laid or {}
  for s = 1, st.n do
    if laid[s] then ledger.clear(laid[s]) else laid[s] = ledger.new(st.deck) end
  end
  st.laid = laid
  st.spent7, st.deal_melds, st.forfeit = {}, {}, {}
  for s = 1, st.n do st.spent7[s] = 0 end
  for side = 1, #st.sides do st.deal_melds[side] = 0 end
  st.chance, st.outcome, st.last_winner, st.tally = nil, nil, nil, nil
  st.offer, st.offer_at = nil, nil
end

-- BES-R4: 3, 2, 3 from the dealer's left (3, 3 for six cards each), the
-- next card turned for trump and put under the talon; BES-R5.
local function deal_hand(st)
  reset(st)
  local size = rules.hand_size(st.opts)
  st.size = size
  deal.packets(st, st:next(st.dealer), size == 8 and { 3, 2, 3 } or { 3, 3 })
  local up = deal.turn_up(st)
  st:log("deal", { dealer = st.dealer, trump = up },
    "BES-R4: %s deals %d cards each; %s is turned: %s trump, under the talon of %d",
    st.names[st.dealer], size, up, glyph(st.deck, up.suit), #st.stock - 1)
  if up.rank == "7" then
    st.deal_melds[st.side_of[st.dealer]] = 10
    score.add_now(st, st.side_of[st.dealer], 10, "BES-R5", "a seven turned for trump")
  end
  return "seven"
end

-- ===== views: the tables, the turn-up, the opportunity are public

local function view(st, seat, v)
  v.laid, v.exposed = {}, {}
  for s = 1, st.n do
    v.laid[s] = ledger.copy(st.laid[s])
    v.exposed[s] = st.laid[s].cards:copy()
  end
  if st.trump_card and #st.stock > 0 then v.turned = st.trump_card:name() end
  local c = st.chance
  v.chance = c and { seat = c.seat, melded = c.melded, by = c.by } or nil
  v.deal_melds = { table.unpack(st.deal_melds) }
  v.target = rules.target(st.opts)
  v.total = scoring.total(st, st.side_of[seat]) -- what BES-R10 compares
  v.forfeit = st.forfeit[st.side_of[seat]] or nil
end

-- The table cards: a card place of their own (BES-R11).
local function zones(st, add)
  for s = 1, st.n do
    if st.laid and st.laid[s] then add("table " .. s, st.laid[s].cards) end
  end
end

-- ===== the game's invariants (talon check)

local TALON_PHASES = { seven = 0, lead = 0, follow = 0, declare = 1 }

-- BES-R11: table cards are part of the hand: while the talon lasts every
-- player holds his hand size, concealed and on the table, but for the card
-- he played to the current trick (and, before the draw, the one of the
-- last trick); each ledger's entries are its cards.
local function holdings(st)
  for s = 1, st.n do
    local bad = st.laid[s] and ledger.broken(st.laid[s])
    if bad then return ("seat %d: %s"):format(s, bad) end
  end
  local short = TALON_PHASES[st.phase]
  if not short then return nil end
  for s = 1, st.n do
    local played = 0
    local ct = st.ctrick
    for i = 1, ct and #ct or 0 do
      if ct:at(i) == s then played = 1 end
    end
    local held = #st.hands[s] + #st.laid[s].cards + played + short
    if held ~= st.size then
      return ("seat %d holds %d cards (concealed and on the table), not %d"):format(s, held,
        st.size)
    end
  end
  return nil
end

-- ===== the definition

return game.define {
  name = "Besigue",
  summary = "German Bezique for 2-4: two or three packs, melds laid on the table, the trump"
    .. " seven, declaring out, 1000 or 1500 points",
  players = { 2, 3, 4 },
  direction = "cw",
  options = {
    players = { default = 2, values = { 2, 3, 4 },
                doc = "2; 3 each for himself; 4 in partnerships, partners opposite (BES-R1)" },
    target = { default = 0,
               doc = "points that win; 0: 1000 for two players, 1500 for three or four (BES-R17)" },
    seed_literal = { default = false,
                     doc = "the printed seed's values: four kings and double trump marriage 30"
                       .. " (E1, E2)" },
    meld_timing = { default = "at_lead", values = { "at_lead", "after_trick_before_draw" },
                    doc = "melds at lead after the draw, or by a trick's winner before he draws"
                      .. " (E6)" },
    seven_counts_as_meld = { default = false,
                             doc = "exchanging or showing the trump seven is the one meld (E7)" },
    seven_on_play = { default = false,
                      doc = "a trump seven that has not scored scores 10 when played (E8)" },
    wrong_out = { default = "forfeit_deal", values = { "forfeit_deal", "lose_match" },
                  doc = "a wrong declaration of out costs this deal's points, or the match (E9)" },
    must_declare_out = { default = false,
                         doc = "only a declaration of out ends the match, not the target (E10)" },
    four_hand_size = { default = 8, values = { 8, 6 },
                       doc = "four players: 8 cards each (33rd turned), or 6 (25th: the seed)"
                         .. " (E11)" },
    require_new_card = { default = true,
                         doc = "every meld needs a card from the concealed hand (E12)" },
    quint_any_suit = { default = false, doc = "a quint major scores in any suit (E5)" },
    partner_melds = { default = false,
                      doc = "four players: the winner may let his partner declare, and melds may"
                        .. " use the partner's table cards (BES-R19)" },
  },
  deck = function(o)
    return { ranks = "A T K Q J 9 8 7", points = "11 10 4 3 2 0 0 0",
             copies = o.players == 2 and 2 or 3 } -- BES-R2, BES-R3
  end,
  sides = function(n)
    if n == 4 then return { { 1, 3 }, { 2, 4 } } end -- partners opposite (BES-R1)
    return nil
  end,
  rules = rules.text,
  actions = { exchange = "none", out = "none", partner = "none" },
  -- random players declare out wrongly nearly every deal (E9) and a random
  -- match to 1000 takes some 25 deals; `talon check` plays to 300, so that
  -- its matches end by declarations of out and by BES-R17 alike
  check = {
    options = { target = 300 },
    invariants = {
      { rule = "BES-R3", after = "hand", test = scoring.gives_out_all },
      { rule = "BES-R11", after = "action", test = holdings },
    },
  },
  setup = setup,
  deal = deal_hand,
  phases = { seven = play.seven, lead = play.lead, follow = play.follow,
             declare = play.declare, last = play.last },
  score = scoring.score,
  match_over = scoring.match_over,
  view = view,
  zones = zones,
  -- Who sees which cards (talon.host.visibility): each seat its own
  -- concealed hand; the cards laid on the tables are seen by all
  -- (BES-R11); the turn-up under the talon is shown to all while the
  -- talon lasts (BES-R4, the seven after an exchange, BES-R9); the talon
  -- and the won tricks nobody.
  visibility = {
    zones = { ["table 1"] = "all", ["table 2"] = "all", ["table 3"] = "all",
              ["table 4"] = "all" },
    shown = function(st, _, show)
      if st.trump_card and #st.stock > 0 then show(st.trump_card, "stock") end
    end,
  },
  tools = tools,
}
