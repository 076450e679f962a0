-- The pot table Bura and Kosel, the pot game, share (RULES.md §4.1, §4.4,
-- §5): the first dealer and the chips, the ante, the deal with a turned
-- trump, the end of the cards, the next dealer, the view, and the session
-- of net chips.
--
-- The chips move on the table as the rules say (st.chips per seat and
-- st.pot, talon.score's ante and take_pot); the match scores are each
-- player's net chips, brought up to date in the `score` hook with the
-- reason of every change.
local deal = require "talon.deal"
local score = require "talon.score"
local seats = require "talon.seats"
local glyph = require("talon.cards").glyph
local short = require "games.common.short"

local pot = {}

-- The first dealer at random (BUR-R3); the scores are net chips, so a
-- match started from given scores (params.scores) starts the chips there.
function pot.setup(st)
  st.dealer = st.given and st.given.dealer or st.rng:int(1, st.n)
  for s = 1, st.n do st.chips[s] = st.scores[st.side_of[s]] end
end

-- BUR-R2, B3: everyone pays the ante into the pot at the start of a deal;
-- with ante_when_carried off, not while a pot is carried over.
function pot.ante(st)
  st.anted = nil
  if (st.pot or 0) > 0 and not st.opts.ante_when_carried then
    st:log("ante", {}, "BUR-R2: the pot of %d is carried over; no ante (option)", st.pot)
    return
  end
  score.ante(st, st.opts.ante)
  st.anted = st.opts.ante
end

-- BUR-R2 … BUR-R4 (KZM-R1): the ante, 'size' cards each one at a time from
-- the dealer's left, the next card turned for trump and drawn last; the
-- dealer's left leads. Returns the first phase, the declarations.
function pot.deal(st, size)
  short.all_in(st)
  pot.ante(st)
  local first = st:next(st.dealer)
  local packets = {}
  for i = 1, size do packets[i] = 1 end
  deal.packets(st, first, packets)
  local turned = deal.turn_up(st)
  st.turn, st.leader, st.declared, st.outcome = first, first, nil, nil
  st:log("deal", { dealer = st.dealer, trump = turned },
    "BUR-R3: %s deals; %s is turned: %s trump; %s leads (pot %d)", st.names[st.dealer], turned,
    glyph(st.deck, turned.suit), st.names[first], st.pot or 0)
  return "declare"
end

-- Does every seat in play hold 'size' cards, so declarations are open
-- (BUR-R5: "hands full")?
function pot.hands_full(st, size)
  for s = 1, st.n do
    if #st.hands[s] ~= size and st:is_in(s) then return false end
  end
  return true
end

-- Has every card been played (every hand empty)?
function pot.all_played(st)
  for s = 1, st.n do
    if #st.hands[s] > 0 then return false end
  end
  return true
end

-- The dealer the deal's outcome named (the pot's winner, the claimer), or
-- the same one.
function pot.next_hand(st)
  st.dealer = st.next_dealer or st.dealer
  st.next_dealer, st.outcome = nil, nil
end

-- The public turned card and the dealer's role, for every seat.
function pot.view(st, v)
  v.trump_card = st.trump_card -- it lies under the talon (BUR-R3)
  v.turned = st.trump_card and st.trump_card:name()
  v.roles = { dealer = st.dealer }
  v.score_name = "net chips" -- each player's chips won less paid (BUR-R13)
end

-- BUR-R13: why the session ends after the deal just settled (the set
-- number of deals played, or a player who cannot pay the next ante out of
-- his stake), or nil when it goes on; and, for a stake run out, the
-- figures it was decided on. A pot shared out because the session ends
-- comes after, and may leave that player's net chips above the ante: the
-- event says what the short result (kept as records have it) cannot.
local function session_end(st)
  local o = st.opts
  for s = 1, st.n do
    local net = st.chips[s] or 0
    if o.stake + net < o.ante then
      return ("%s cannot pay the next ante"):format(st.names[s]),
        ("%s cannot pay the next ante of %d: stake %d, net chips %d"):format(
          st.names[s], o.ante, o.stake, net)
    end
  end
  if st.deals_done >= o.deals then return ("after %d deals"):format(st.deals_done) end
  return nil
end

-- The pot still carried when the session ends (BUR-R13; the rules are
-- silent), with final_pot = "split": shared equally among the players,
-- the odd chips one each in turn from the left of the player who would
-- deal next, as a poker table gives its odd chips. Each share is a score
-- change of its own; st.final_share says what was done for the summary.
local function share_out(st)
  local amount = st.pot or 0
  if amount == 0 or st.opts.final_pot ~= "split" then return end
  local n = st.n
  local each, odd = amount // n, amount % n
  -- every player, those sitting out the rest of a deal (short.lua) too
  local s = seats.next(st.next_dealer or st.dealer, n)
  for i = 1, n do
    local share = each + (i <= odd and 1 or 0)
    if share > 0 then
      st.chips[s] = (st.chips[s] or 0) + share
      score.add(st, st.side_of[s], share, "BUR-R13",
        ("a share of %d of the pot of %d left when the session ends"):format(share, amount))
    end
    s = seats.next(s, n)
  end
  st.pot, st.final_share = 0, { amount = amount, each = each, odd = odd }
end

-- Who sees which cards (talon.host.visibility): the turned trump, under
-- the talon until it is drawn (BUR-R3), is shown to all.
pot.visibility = {
  shown = function(st, _, show) show(st.trump_card) end,
}

-- Brings each player's match score (his net chips) up to his chips, with
-- the deal's ante and the note of 'notes[seat]' (under 'rule') as reason;
-- then, if the session ends with this deal, shares out the pot left.
function pot.sync(st, rule, notes)
  for s = 1, st.n do
    local delta = (st.chips[s] or 0) - st.scores[st.side_of[s]]
    if delta ~= 0 then
      local parts = {}
      if st.anted then parts[1] = ("ante %d"):format(st.anted) end
      parts[#parts + 1] = notes[s]
      score.add(st, st.side_of[s], delta, notes[s] and rule or "BUR-R2",
        table.concat(parts, "; "))
    end
  end
  st.deals_done = (st.deals_done or 0) + 1
  local why, figures = session_end(st)
  st.session_end = why
  if figures then
    local shared = (st.pot or 0) > 0 and st.opts.final_pot == "split"
    st:log("session", {}, "BUR-R13: the session ends; %s%s", figures,
      shared and " (before the pot is shared)" or "")
  end
  if why then share_out(st) end
end

-- What became of the pot at the end of the session, for the summary.
local function final_pot_text(st)
  local f = st.final_share
  if f then
    return ("the pot of %d shared out, %d each%s"):format(f.amount, f.each,
      f.odd > 0 and (" and %d odd chip(s) from the next dealer's left"):format(f.odd) or "")
  end
  if (st.pot or 0) > 0 then return ("the pot of %d left unpaid"):format(st.pot) end
  return "pot 0"
end

-- BUR-R13: the session ends after the set number of deals, or when a player
-- cannot pay the next ante out of his stake; the most net chips win.
function pot.match_over(st)
  local why = st.session_end
  if not why then return nil end
  local best, tied
  for side = 1, #st.sides do
    local v = st.scores[side]
    if not best or v > st.scores[best] then best, tied = side, false
    elseif v == st.scores[best] then tied = true end
  end
  return { winner = not tied and best or nil, winners = not tied and st.sides[best] or nil,
           scores = { table.unpack(st.scores) },
           text = ("%s%s: net chips %s, %s"):format(why,
             tied and "" or (", " .. seats.side_name(st, best) .. " is ahead"),
             score.text(st.scores), final_pot_text(st)) }
end

return pot
