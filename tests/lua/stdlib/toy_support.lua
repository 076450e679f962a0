-- Pieces of the small two-player games the framework's tests define:
-- tricks without obligations, played to st.ctrick.
local talon = require "talon"
local cached = require("talon.cards").cached

local toy = {}

local function plain(deck) return talon.trickrules(deck, {}) end

-- A Trick of the state's deck with no obligations (a phase's trick hook).
function toy.trick(st, trump) return talon.trick(cached(st.deck, plain, "plain"), trump) end

-- 'seat' plays 'card' from his hand to st.ctrick. The second card
-- completes the trick: its winner takes it and leads next. Returns the
-- winner of a completed trick, else nil (the other seat is to play).
function toy.play(st, seat, card)
  st.hands[seat]:remove(card)
  local ct = st.ctrick
  ct:play(seat, card)
  if #ct < 2 then
    st.turn = st:next(seat)
    return nil
  end
  local _, w = ct:winner()
  ct:add_to(st.won[w])
  ct:clear()
  st.turn = w
  return w
end

return toy
