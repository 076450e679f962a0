-- Hokm where the Hakem names trump after seeing four cards, not five
-- (docs/variants.md): his fifth card is dealt, but held back face down
-- until trump is named, then it joins his hand. While it waits it lies in
-- a zone of its own that nobody sees, so card conservation, positions and
-- the sampler of hidden cards all know where it is.
local variant = require "talon.variant"
local hokm = require "games.hokm"

-- After the deal: one of the Hakem's five cards, drawn at random, is held
-- back (the Hakem has seen four).
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
  summary = "the Hakem names trump after seeing four cards; his fifth joins his hand after",
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
    r["HOK-R2"] = "The Hakem names trump after seeing only his first 4 cards (his fifth is"
      .. " held back face down until then), and leads."
    return r
  end)(),
})
