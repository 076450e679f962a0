-- Five players in Bura and Kosel, the pot game (B8, KZM-R8): the talon
-- does not divide by five, so the draw in rotation from the trick's winner
-- leaves the hands unequal at its end. A player short of cards follows
-- with all he has (the trick engine plays them; they never win). Our
-- reading where the rules are silent (docs/games/bura.md): a player left
-- without a card while others still hold some sits out the rest of the
-- deal, and when the trick's winner is one of them, the next player in
-- turn who holds cards leads.
local short = {}

-- After the draw that follows a trick won by 'w' (the deal goes on).
function short.after_draw(st, w)
  for s = 1, st.n do
    if #st.hands[s] == 0 and st:is_in(s) then st:sit_out(s) end
  end
  if not st:is_in(w) then
    st.turn = st:next(w)
    st.leader = st.turn
  end
end

-- Everyone plays again: the end of a deal, and the start of the next.
function short.all_in(st)
  for s = 1, st.n do st:sit_in(s) end
end

return short
