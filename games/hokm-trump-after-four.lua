-- Hokm where the Hakem names trump after seeing four cards, not five
-- (docs/variants.md): his fifth card is dealt, but held back face down
-- until trump is named, then it joins his hand. While it waits it lies in
-- a zone of its own that nobody sees, so card conservation, positions and
-- the sampler of hidden cards all know where it is.
local variant = require "talon.variant"
local hokm = require "games.hokm"

-- After the deal: one of the Hakem's five cards, drawn at random, is held
-- back (the Hakem has seen four). A Hand does not keep the order cards
-- were dealt in, so "his fifth" is one of the five, at random.
local function deal(orig, st)
  local first = orig(st)
  local hand = st.hands[st.hakem]
  local held = hand:nth(st.rng:int(1, #hand))
  hand:remove(held)
  st.held_back = st.deck:hand(held)
  return first
end

-- Trump named: the held-back card joins the Hakem's hand.
local function name_trump(orig, st, seat, a)
  local nxt = orig(st, seat, a)
  st.hands[st.hakem]:add(st.held_back)
  st.held_back = nil
  return nxt
end

return variant.of(hokm, {
  name = "Hokm (trump after four)",
  summary = "the Hakem names trump after seeing four of his first five cards; the fifth, one"
    .. " of them at random, joins his hand after",
  zones = function(st, add)
    if st.held_back then add("held back", st.held_back) end
  end,
  visibility = {
    zones = { ["held back"] = "none" },
    shown = hokm.visibility.shown,
  },
  wrap = { deal = deal, ["trump.apply"] = name_trump },
  rules = (function()
    local r = {}
    for k, v in pairs(hokm.rules) do r[k] = v end
    r["HOK-R2"] = "The Hakem names trump after seeing only 4 of his first 5 cards (one, at"
      .. " random, is held back face down until then), and leads."
    local function with(n, text)
      return function(o) if o.players == n then return text end end
    end
    r["HOK-R9"] = with(4, "Deal 5, 4 and 4 cards to each (13), counter-clockwise from the"
      .. " Hakem; trump is named after 4 of the Hakem's first 5, before the others get cards.")
    r["HOK-R13"] = with(3, "Deal 5, 4, 4 and 4 cards to each, counter-clockwise from the"
      .. " Hakem; dealing pauses after the Hakem's 5, of which he has seen 4, until trump is"
      .. " named.")
    r["HOK-R17"] = with(2, "The Hakem gets 5 cards, sees 4 of them and names trump, the dealer"
      .. " 5; the Hakem discards 3 and the dealer 2, face down.")
    return r
  end)(),
})
