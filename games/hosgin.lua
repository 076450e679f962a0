-- Hosgin (Turkish, 3 players): RULES.md §1, rules HOS-R1 … HOS-R35.
--
-- 80 cards (A T K Q J, four copies), counter-clockwise, 25 cards each in
-- packets of five and a stock of five; an auction for the stock from 550,
-- trump named before the stock is seen, melds exposed by all three players,
-- concession or a discard of five, 25 tricks with Hosgin's obligations, and
-- a match to 4555. The parts live in games/hosgin/ (auction, play,
-- scoring, melds, advisor); this file wires them into a definition.
--
-- Seats are numbered in the order of play (HOS-R1): next(s) is the player
-- on s's right. For dealer D: Vorhand V = next(D), Mittelhand M = next(V).
--
-- From the REPL (docs/games/hosgin.md):
--   hosgin = require "games.hosgin"
--   print(hosgin.tools.melds("KS QS KH QH KD QD KC QC JH TH AH", "H"))
--   print(hosgin.tools.advise("…25 cards…"))
local game = require "talon.game"
local deal = require "talon.deal"
local score = require "talon.score"
local melds = require "games.hosgin.melds"
local auction = require "games.hosgin.auction"
local play = require "games.hosgin.play"
local scoring = require "games.hosgin.scoring"
local advisor = require "games.hosgin.advisor"
local rules = require "games.hosgin.rules"

-- ===== match start and deal (HOS-R3, HOS-R7)

-- First dealer: seeded random (HOS-R3); an explicit deal may fix it
-- (`dealer`). Lessons and tests start from other accounts with the
-- framework's params.scores.
local function setup(st)
  local given = st.given
  st.dealer = given and given.dealer or st.rng:int(1, st.n)
  if st.opts.money then score.ante(st, st.opts.ante) end -- HOS-R35
end

local function start_deal(st)
  local d = st.dealer
  local v = st:next(d)
  local m = st:next(v)
  st.roles = { v = v, m = m, d = d }
  st.declarer, st.bid, st.outcome, st.auc = nil, nil, nil, nil
  st.meld_points, st.exposed = {}, {}
  st.had_hosgin = {}
  st.stock_shown, st.last_winner = nil, nil -- st.tally: the last deal scored
  st:log("deal", { dealer = d, v = v, m = m },
    "deal %d: %s deals five by five; %s is Vorhand, %s Mittelhand (HOS-R2, HOS-R7)",
    st.hand_no, st.names[d], st.names[v], st.names[m])
  deal.packets(st, { v, m, d }, { 5, 5, 5, 5, 5 }) -- the last 5 cards are the stock
  if play.hosgin_after_deal(st) then return "end" end
  auction.start(st)
  return "auction"
end

-- ===== views

local function copy(h) return h and h:copy() or nil end

-- The meld lines of this deal (HOS-R13), from its "melds" events: none in
-- a quiet game, which keeps no events.
local function meld_lines(st)
  local lines, evs = {}, st.events
  for i = #evs, 1, -1 do
    local ev = evs[i]
    if ev.hand ~= st.hand_no then break end
    if ev.kind == "melds" then lines[ev.data.seat] = ev.data.text end
  end
  return lines
end

local function view(st, seat, v)
  local r = st.roles
  if not r then return end
  local lines = meld_lines(st)
  v.roles = { vorhand = r.v, mittelhand = r.m, dealer = r.d, declarer = st.declarer }
  v.auction = auction.view(st)
  v.declarer, v.bid, v.target = st.declarer, st.bid, st.opts.target
  v.stock_cards = copy(st.stock_shown)
  v.melds = {}
  for s = 1, st.n do
    if st.meld_points[s] then
      v.melds[s] = { total = st.meld_points[s], cards = copy(st.exposed[s]),
                     text = lines[s] }
    end
  end
  v.trick_points = {}
  for s = 1, st.n do v.trick_points[s] = st.won[s]:points() end
  if seat == st.declarer then v.discards = st.discards:copy() end
  v.tally = st.tally
end

-- ===== tools for the REPL, the bot and tests (never called by the framework)

local tools = {}

-- The melds of a hand (text, list or Hand) with a trump: a printable
-- report with the total and the breakdown, meld by meld (HOS-R19).
function tools.melds(cards, trump, multi_series)
  return melds.report(cards, trump, multi_series)
end

tools.round = scoring.round -- HOS-R29 rounding to tens
tools.advise = advisor.advise -- the learner's hand advisor
tools.meld_table = melds.table -- the talon.melds data (HOS-R19)

local SUIT_OF = { S = "S", H = "H", D = "D", C = "C", ["♠"] = "S", ["♥"] = "H", ["♦"] = "D",
                  ["♣"] = "C" }

-- Commands `talon play` offers the human, on his own view only.
tools.commands = {
  advise = {
    doc = "the hand advisor: melds and safe bid per trump, stock cards that would add;"
      .. " once the stock is taken, what the deal needs",
    run = function(v)
      if v.phase ~= "auction" and v.phase ~= "trump" then return advisor.standing(v) end
      return tostring(advisor.advise(v.hand, { known = v.known,
        multi_series = v.options and v.options.multi_series }))
    end,
  },
  melds = {
    doc = "your melds, meld by meld: 'melds' (the trump, or every suit), 'melds H'",
    run = function(v, words)
      local want = words:match("%S+")
      local suit = want and SUIT_OF[want:upper()] or want and SUIT_OF[want]
      if want and not suit then return ("'%s' is not a suit: S, H, D or C"):format(want) end
      local list = { suit or v.trump }
      if not list[1] then list = { "S", "H", "D", "C" } end
      local out = {}
      -- scored as the game scores them (multi_series: a triple series)
      local ms = v.options and v.options.multi_series
      for i, s in ipairs(list) do out[i] = tostring(melds.report(v.hand, s, ms)) end
      return table.concat(out, "\n")
    end,
  },
}

-- ===== what simulations count (`talon sim`, `talon compare`), read after
-- each deal's score from its tally (games/hosgin/scoring.lua)

local STATS = {
  { name = "HOSGIN", per = "hand",
    doc = "a player holds HOSGIN (four J♦ and four Q♠) after the deal or the stock (HOS-R24)",
    count = function(st) return next(st.had_hosgin) ~= nil end },
  { name = "concession", per = "hand", doc = "the declarer gives up before play (HOS-R14)",
    count = function(st) return st.tally.kind == "concede" end },
  { name = "contract made", per = "hand",
    doc = "of the deals played out: the declarer makes more than his bid (HOS-R29)",
    count = function(st)
      if st.tally.kind ~= "played" then return nil end
      return st.tally.won == true
    end },
  { name = "winning bid", per = "hand", doc = "the declarer's bid, in deals with a declarer",
    value = function(st) return st.declarer and st.bid or nil end },
}

-- ===== the definition

local phases = {
  auction = {
    doc = "bid for the stock: V opens at 550, M at 650, the dealer alone at 750 (HOS-R8/R9)",
    verbs = { "bid", "pass" },
    mover = auction.mover,
    legal = auction.legal,
    check = auction.check,
    apply = auction.apply,
  },
  trump = play.trump,
  decide = play.decide,
  discard = play.discard,
  play = play.play,
}

return game.define {
  name = "Hosgin",
  summary = "Turkish 3-player game, 80 cards: bid for the stock, melds and tricks, first to 4555",
  players = { 3 },
  direction = "ccw",
  options = {
    target = { default = 4555, min = 1, doc = "account that ends the match (HOS-R32)" },
    target_strict = { default = false,
                      doc = "the target needs more than 4555 (German text), not 4555 (HOS-R32)" },
    peek_stock_on_pass = { default = true,
                           doc = "a player who passes sees the stock privately (HOS-R10)" },
    show_stock = { default = true, doc = "the stock is shown to all when taken (HOS-R12)" },
    discard_from = { default = "unlocked", values = { "unlocked", "any" },
                     doc = "discard cards not locked by a scored meld first, or any (HOS-R15)" },
    discard_points_to_declarer = {
      default = true, doc = "the discards' card points count for the declarer (HOS-R16)" },
    overtrump_reference = {
      default = "highest", values = { "highest", "previous" },
      doc = "trump led: beat the highest trump, or the previous card (HOS-R26)" },
    must_head_plain = {
      default = false, doc = "following a plain suit, beat the best card if you can (HOS-R26)" },
    multi_series = { default = "double", values = { "double", "scaled" },
                     doc = "3 or 4 of a rank in every suit score as double, or scaled (HOS-R21)" },
    money = { default = false, doc = "keep the money ledger: ante, fines, pot (HOS-R35)" },
    ante = { default = 12, min = 0, doc = "money ledger: each player's ante (HOS-R35)" },
    fine = { default = "A/3", values = { "A/3", "A/2", "A/4" },
             doc = "money ledger: fine for a lost or conceded game, a part of the ante (HOS-R35)" },
    bid_limit = { default = 5000, min = 650,
                  doc = "highest bid offered (the seed has none; no hand can make 5000)" },
  },
  deck = melds.deck_spec,
  rules = rules, -- HOS-R1 … HOS-R35 as they read with the options

  actions = { play = "none" },
  -- random bidders overbid and lose every contract, so a random match to
  -- 4555 never ends; `talon check` plays to a lower target with bids that
  -- can be made (docs/games/hosgin.md)
  check = {
    options = { target = 1500, bid_limit = 700 },
    invariants = { { rule = "HOS-R6", after = "hand", test = scoring.gives_out_500 } },
  },
  setup = setup,
  deal = start_deal,
  phases = phases,
  score = scoring.score,
  match_over = scoring.match_over,
  view = view,
  -- Who sees which cards (talon.host.visibility): the stock taken is shown
  -- to all (HOS-R12), the melds laid out too (HOS-R13), the declarer sees
  -- his discards (HOS-R15); a player who passed has seen the stock
  -- (st.known, HOS-R10).
  visibility = {
    discards = function(st, seat) return seat == st.declarer end,
    shown = function(st, _, show)
      if st.stock_shown then show(st.stock_shown, st.declarer) end
      for s = 1, st.n do
        if st.exposed and st.exposed[s] then show(st.exposed[s], s) end
      end
    end,
  },
  tools = tools,
  stats = STATS,
}
