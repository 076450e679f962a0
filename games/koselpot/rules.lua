-- Kosel, the pot game, as text (RULES.md §5: "everything as Bura except"
-- KZM-R1 … KZM-R8), each rule as it reads with the chosen options; the
-- Bura rules it keeps are quoted under their own ids.

return {
  ["BUR-R2"] = function(o)
    return ("Every deal each player puts %d into the pot%s."):format(o.ante,
      o.ante_when_carried and "" or ", except while a pot is carried over")
  end,
  ["BUR-R3"] = "The first dealer is drawn at random; the next card after the deal is turned"
    .. " for trump and drawn last.",
  ["BUR-R4"] = "The player on the dealer's left leads first (with two, the non-dealer).",
  ["BUR-R9"] = "The best set takes the trick; the hands are filled up to four in rotation"
    .. " from the winner, who leads next.",
  ["BUR-R8"] = function(o)
    return ("The others play as many cards, any cards; a set beats the best so far when its"
      .. " cards pair off, each beating its partner%s.")
      :format(o.face_down and "; a set that does not beat goes face down (option)"
        or "; a set that does not beat is shown and loses")
  end,
  ["BUR-R13"] = function(o)
    return ("The session ends after %d deals, or when a player cannot pay the ante out of his"
      .. " stake of %d; net chips decide. A pot left at the end %s."):format(o.deals, o.stake,
      o.final_pot == "split" and "is shared equally, the odd chips from the next dealer's left"
        or "stays unpaid")
  end,
  ["KZM-R1"] = function(o)
    return ("%d players, each for himself, clockwise; four cards each, one at a time from the"
      .. " dealer's left, and the hands filled to four from the winner after every trick.")
      :format(o.players)
  end,
  ["KZM-R2"] = "A lead is 1 or 3 cards of one suit, never 2 or 4.",
  ["KZM-R3"] = function(o)
    return ("At the start of a trick with full hands, a Bura (three trumps among the four"
      .. " cards) or four aces win the pot at once%s; several holders: %s.")
      :format(o.aces_over_bura and "; four aces rank above a Bura" or "",
        o.multi == "split" and "they share it in whole units, the rest stays"
          or "the first from the leader wins it")
  end,
  ["KZM-R4"] = function(o)
    return o.lead_combos and ("Then three aces or a Molodka (three cards of one suit, not"
      .. " trump) may be declared for the lead; three aces outrank a Molodka, the first from the"
      .. " leader wins among Molodkas%s."):format(o.lead_declared_combo
        and "; a declared Molodka must be led" or "")
      or "No combination gives the lead (option lead_combos)."
  end,
  ["KZM-R5"] = "No claim of 31: the cards are played out and the most card points take the pot;"
    .. " equal highest share it in whole units, the rest stays for the next deal.",
  ["KZM-R6"] = function(o)
    return o.schocha and ("The Schocha (6♠) is the highest trump, one of the three trumps of a"
      .. " Bura, and wild in leads and in a Molodka (for a card of the suit, never for an ace)"
      .. " (option).")
      or "6♠ is an ordinary card."
  end,
  ["KZM-R7"] = "The pot's winner deals next; after a share, the player on the dealer's left.",
  ["KZM-R8"] = function(o)
    if o.players ~= 5 then return nil end
    if o.remove_six then
      return "Five players: the 6♣ is taken out, so the talon divides and the hands stay equal."
    end
    if o.leftover == "last_trick" then
      return "Five players: the draw stops when the talon cannot give everyone a card; the"
        .. " cards left go to the winner of the last trick."
    end
    return "Five players: no card is removed and the hands end unequal; a player short of"
      .. " cards plays all he has face down and cannot win, and one without cards sits out the"
      .. " rest of the deal (the next player with cards leads for him)."
  end,
}
