-- Bura as text (RULES.md §4, BUR-R1 … BUR-R13), each rule as it reads with
-- the chosen options: `talon rules bura`, `talon explain`, and the rule
-- line under every refused action.

return {
  ["BUR-R1"] = function(o)
    local pack = o.pack32 and "32 cards A 10 K Q J 9 8 7" or "36 cards A 10 K Q J 9 8 7 6"
    return ("%d players, each for himself, clockwise; %s, card points A 11, 10 10, K 4, Q 3,"
      .. " J 2%s%s."):format(o.players, pack, o.pack32 and "" or "; 6♠ is an ordinary card",
      o.strip_for_even and "; the lowest cards that keep the talon from dividing among the"
        .. " players are taken out" or "")
  end,
  ["BUR-R2"] = function(o)
    return ("Every deal each player puts %d into the pot%s."):format(o.ante,
      o.ante_when_carried and "" or ", except while a pot is carried over")
  end,
  ["BUR-R3"] = "The first dealer is drawn at random; three cards each, one at a time from the"
    .. " dealer's left; the next card is turned for trump and drawn last.",
  ["BUR-R4"] = "The player on the dealer's left leads first (with two, the non-dealer).",
  ["BUR-R5"] = "A Bura (three trumps in hand at the start of a trick) wins the pot at once;"
    .. " several holders play their three trumps in turn from the leader, and the set that"
    .. " stands wins.",
  ["BUR-R6"] = function(o)
    local kinds = {}
    if o.three_aces == "lead" then kinds[#kinds + 1] = "three aces" end
    if o.molodka then kinds[#kinds + 1] = "a Molodka (three cards of one suit, not trump)" end
    local text = #kinds == 0 and "No combination gives the lead (options)"
      or ("Before a lead a player may declare %s and lead"):format(table.concat(kinds, " or "))
    if #kinds == 2 then text = text .. "; three aces outrank a Molodka" end
    if o.molodka then text = text .. "; among Molodkas the first from the leader wins" end
    if o.three_aces == "pot" then text = text .. "; three aces win the pot at once, like a Bura" end
    if o.lead_declared_combo then text = text .. "; a declared Molodka must be led" end
    return text .. "."
  end,
  ["BUR-R7"] = "The leader plays 1, 2 or 3 cards of one suit face up.",
  ["BUR-R8"] = function(o)
    return ("The others play as many cards, any cards; a set beats the best so far when its"
      .. " cards pair off, each beating its partner: a higher card of its suit, or a trump"
      .. " over a non-trump%s.")
      :format(o.face_down and "; a set that does not beat goes face down (option)"
        or "; a set that does not beat is shown and loses")
  end,
  ["BUR-R9"] = "The best set takes the trick; the hands are filled up to three in rotation"
    .. " from the winner, who leads next.",
  ["BUR-R10"] = "At the start of his turn a player may claim 31; after the last trick each"
    .. " may claim in turn from its winner. Nobody looks at won cards before.",
  ["BUR-R11"] = "A claim with 31 card points or more takes the pot; with fewer the claimer pays"
    .. " the pot's amount into it. Either way the claimer deals next.",
  ["BUR-R12"] = "Nobody claiming: the pot stays and the same dealer deals again.",
  ["BUR-R13"] = function(o)
    return ("The session ends after %d deals, or when a player cannot pay the ante out of his"
      .. " stake of %d; net chips decide. A pot left at the end %s."):format(o.deals, o.stake,
      o.final_pot == "split" and "is shared equally, the odd chips from the next dealer's left"
        or "stays unpaid")
  end,
}
