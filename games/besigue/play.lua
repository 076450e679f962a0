-- Besigue from the deal to the last trick (BES-R4 … BES-R15): the trump-seven
-- exchange after the deal (BES-R9), free play while the talon lasts with
-- table cards played like hand cards (BES-R6, BES-R11), the draw in
-- rotation from the trick's winner (BES-R7), the meld opportunities
-- (BES-R8, games/besigue/declare.lua), and the strict last tricks once the
-- talon is empty (BES-R14, BES-R15).
--
-- Phases: "seven" (the exchange offered from the dealer on), "lead" (the
-- player at lead: his declarations and his lead), "follow" (the others,
-- any card), "declare" (meld_timing = after_trick_before_draw: the trick's
-- winner before he draws), "last" (tricks.phase with the strict rules, so
-- random playouts play the last tricks in one C call).
local talon = require "talon"
local tricks = require "talon.tricks"
local ledger = require "games.besigue.ledger"
local declare = require "games.besigue.declare"
local actions = require "talon.actions"
local cached = require("talon.cards").cached

local play = {}

local EXCHANGE, PASS = actions.make("exchange"), actions.make("pass")
local FREE = {} -- BES-R6: no obligation while the talon lasts (trickrules defaults)
local STRICT = { follow = true, head = "always", void = "trump_beat" } -- BES-R14

local function seven_of(st) return st.deck:card("7" .. st.trump) end

-- ===== playing a card: from the table first (BES-R11)

-- Removes 'card' from what 'seat' holds: a copy lying on his table if
-- there is one (the concealed copy can serve in every meld the table copy
-- can, and as the new card a meld needs), else from the concealed hand.
-- With seven_on_play (E8) a trump seven that has not scored scores 10.
local function take(st, seat, card)
  local e = ledger.take(st.laid[seat], card)
  if e then return end
  local hand = st.hands[seat]
  if card.rank == "7" and card.suit == st.trump then
    local spent = st.spent7[seat]
    if hand:count(card) > spent then
      if st.opts.seven_on_play then
        declare.credit(st, seat, 10, "BES-R9", "a trump seven played (seven_on_play)")
      end
    else
      st.spent7[seat] = spent - 1 -- a scored seven (the turn-up, or shown) leaves
    end
  end
  hand:remove(card)
end

-- Does 'seat' hold 'card', concealed or on his table?
local function holds(st, seat, card)
  return st.hands[seat]:count(card) > 0 or st.laid[seat].cards:count(card) > 0
end

-- ===== the end of a trick, the draw, the last tricks

local function trick_event(st, w, ct)
  return ("BES-R6: %s wins trick %d (%d points): %s"):format(st.names[w], st.tricks_played,
    ct:points(), ct:explain()), { winner = w, points = ct:points() }
end

-- BES-R7: every player draws one card, the winner first, then in the order
-- of play; the turn-up is the last card. The turn-up scored already
-- (BES-R5 or the exchange, BES-R9): whoever draws a seven there holds a
-- seven that has scored.
local function draw_round(st, w)
  local s = w
  for _ = 1, st.n do
    local c = st.stock:draw()
    if not c then return end
    st.hands[s]:add(c)
    if #st.stock == 0 and c.rank == "7" and c.suit == st.trump then
      st.spent7[s] = st.spent7[s] + 1
    end
    s = st:next(s)
  end
end

-- BES-R14: the talon is empty: the table cards go back to the hands and
-- the strict tricks begin.
local function to_last(st)
  st.chance = nil
  for s = 1, st.n do
    for _, e in ipairs(st.laid[s].items) do
      if e.seven then st.spent7[s] = st.spent7[s] + 1 end
    end
    st.hands[s]:add(ledger.clear(st.laid[s]))
  end
  st:log("last", { leader = st.turn }, "BES-R14: the talon is empty; the table cards go back to"
    .. " the hands; from now on follow and win if you can, else trump and win if you can")
  return "last"
end

-- After the draw: the next lead, with the winner's meld opportunity while
-- the talon lasts (meld_timing = at_lead), or the last tricks.
local function after_draw(st, w)
  draw_round(st, w)
  if #st.stock == 0 then return to_last(st) end
  if st.opts.meld_timing == "at_lead" then declare.open(st, w) else st.chance = nil end
  return "lead"
end

-- A full trick of the talon phase: to its winner, then his opportunity
-- before the draw (after_trick_before_draw) or the draw.
local function finish(st, ct)
  local _, w = ct:winner()
  ct:add_to(st.won[w])
  st.tricks_won[w] = st.tricks_won[w] + 1
  st.tricks_played = st.tricks_played + 1
  st.leader, st.turn = w, w
  st:log("trick", nil, trick_event, st, w, ct)
  ct:clear()
  if st.opts.meld_timing ~= "at_lead" then
    declare.open(st, w)
    return "declare"
  end
  return after_draw(st, w)
end

local function play_card(st, seat, card)
  take(st, seat, card)
  local ct = st.ctrick
  ct:play(seat, card)
  if #ct < st.n then
    st.turn = st:next(seat)
    return "follow"
  end
  return finish(st, ct)
end

-- ===== refusals

local function not_held(st, seat, a)
  if actions.is_card(a) and not holds(st, seat, a) then
    return st:violation("BES-R11", ("you hold no %s, neither concealed nor on the table")
      :format(tostring(a)), "play a card of your hand or of your table")
  end
  return nil
end

-- The refusal of 'a' in a talon phase: a card not held, a declaration out
-- of turn or against the meld rules, or a card before the declarations
-- of the classic timing are over.
local function refusal(st, seat, a)
  local v = not_held(st, seat, a) or (not actions.is_card(a) and declare.why(st, seat, a))
  if v then return v end
  local c = st.chance
  if actions.is_card(a) and c and c.by then
    if seat == c.by then
      return st:violation("BES-R19", "declare one meld, or pass: your partner leads")
    end
    return st:violation("BES-R19", "your partner is declaring now")
  end
  if actions.is_card(a) and st.phase == "declare" then
    return st:violation("BES-R8", "declare, or pass to draw; you lead after the draw")
  end
  return st:violation("BES-R8", "not now: " .. actions.text(a))
end

-- ===== the phases

local function compile_free(deck) return talon.trickrules(deck, FREE) end

-- A new talon.Trick under the free rules: the talon phases' `trick` hook
-- (a position or a fork in the middle of a trick is set up with it), and
-- the deal's Trick, made at each deal and kept only as st.ctrick.
local function free_trick(st, trump)
  return talon.trick(cached(st.deck, compile_free, "free"), trump)
end

-- Where play starts after the deal and the exchange: the first lead, with
-- the non-dealer's opportunity under meld_timing = at_lead (BES-R8).
function play.start(st)
  st.ctrick = free_trick(st, st.trump)
  local first = st:next(st.dealer)
  st.leader, st.turn = first, first
  if st.opts.meld_timing == "at_lead" then declare.open(st, first) else st.chance = nil end
  return "lead"
end

-- The seats offered the exchange after the deal: the dealer, then the
-- others in the order of play (BES-R9), those holding a trump seven.
local function next_offer(st, from)
  for i = from, st.n do
    local s = st.offer[i]
    if declare.can_exchange(st, s) then
      st.offer_at = i
      return s
    end
  end
  st.offer_at = nil
  return nil
end

play.seven = {
  doc = "after the deal: exchange a trump seven for the turn-up (+10), or pass (BES-R9)",
  verbs = { "exchange", "pass" },
  enter = function(st)
    local order = st:order(st.dealer)
    st.offer = order
    if not next_offer(st, 1) then return play.start(st) end
    return nil
  end,
  mover = function(st) return st.offer[st.offer_at] end,
  legal = function() return { EXCHANGE, PASS } end,
  check = function(st, seat)
    return st:violation("BES-R9", ("%s may exchange the trump seven for the turn-up %s, or pass")
      :format(st.names[seat], tostring(st.trump_card)), "type exchange or pass")
  end,
  apply = function(st, seat, a)
    if a.verb == "exchange" then
      st.chance = { seat = seat, melded = false }
      declare.apply(st, seat, a)
      st.chance = nil
      return play.start(st)
    end
    if next_offer(st, st.offer_at + 1) then return nil end
    return play.start(st)
  end,
}

-- The cards 'seat' may play now, concealed and on his table, as actions
-- (a new list, each card once).
local function card_list(st, seat)
  local all = st.all_into or st.deck:hand()
  st.all_into = all
  return all:clear():add(st.hands[seat]):add(st.laid[seat].cards):kinds()
end

play.lead = {
  doc = function(o)
    if o.meld_timing == "at_lead" then
      return "lead any card of your hand or your table; before it, at your meld opportunity:"
        .. " one meld, the trump seven, or out (BES-R6, BES-R8)"
    end
    return "lead any card of your hand or your table (the winner of a trick declares before"
      .. " he draws: BES-R6, BES-R8)"
  end,
  verbs = { "meld", "exchange", "show", "out", "partner", "pass" },
  trick = free_trick,
  mover = function(st) return declare.decider(st) or st.turn end,
  legal = function(st, seat)
    local list = seat == st.turn and not (st.chance and st.chance.by) and card_list(st, seat)
    return declare.list(st, seat, list or {})
  end,
  check = refusal,
  apply = function(st, seat, a)
    if actions.is_card(a) then
      st.chance = nil
      return play_card(st, seat, a)
    end
    return declare.apply(st, seat, a)
  end,
}

play.follow = {
  doc = "play any card of your hand or your table: no need to follow while the talon lasts"
    .. " (BES-R6)",
  cards = true,
  trick = free_trick,
  mover = function(st) return st.turn end,
  legal = function(st, seat)
    local into = st.follow_into or st.deck:hand()
    st.follow_into = into
    return into:clear():add(st.hands[seat]):add(st.laid[seat].cards)
  end,
  check = function(st, seat, a)
    local v = not_held(st, seat, a)
    if v then return v end
    return st:violation("BES-R8", declare.who(st.opts) .. "; play a card")
  end,
  apply = play_card,
}

play.declare = {
  doc = function(o)
    if o.meld_timing == "at_lead" then return nil end
    return "the trick's winner declares before drawing: one meld, the trump seven, or out;"
      .. " pass to draw (BES-R8)"
  end,
  verbs = { "meld", "exchange", "show", "out", "partner", "pass" },
  trick = free_trick,
  mover = function(st) return declare.decider(st) end,
  legal = function(st, seat)
    local list = declare.list(st, seat, {})
    if not st.chance.by then list[#list + 1] = PASS end
    return list
  end,
  check = refusal,
  apply = function(st, seat, a)
    if a.verb == "pass" and not st.chance.by then
      st.chance = nil
      return after_draw(st, seat)
    end
    return declare.apply(st, seat, a)
  end,
}

-- BES-R14, BES-R15: once per strict trick; the deal ends with the hands.
local function on_last_trick(st, w, ct)
  if st.opts.seven_on_play then
    local seven = seven_of(st)
    for i = 1, #ct do
      local s, c = ct:at(i)
      if c == seven then
        -- the card left the hand already: count what it held before
        if st.hands[s]:count(seven) + 1 > st.spent7[s] then
          declare.credit(st, s, 10, "BES-R9", "a trump seven played (seven_on_play)")
        else
          st.spent7[s] = st.spent7[s] - 1
        end
      end
    end
  end
  if #st.hands[w] > 0 then return nil end
  st.last_winner = w
  st.outcome = { kind = "played" }
  st:log("last_trick", { seat = w }, "BES-R15: %s wins the last trick: +10", st.names[w])
  return "end"
end

play.last = tricks.phase {
  doc = "the last tricks: follow and win if you can, else trump and win if you can, else any"
    .. " card (BES-R14)",
  rules = STRICT,
  rule = "BES-R14",
  on_trick = on_last_trick,
  event = trick_event,
}

return play
