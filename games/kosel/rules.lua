-- Kosel for points as text (RULES.md §3, KOZ-R1 … KOZ-R14), each rule as
-- it reads with the chosen options: `talon rules kosel`, `talon explain`,
-- and the rule line under every refused action.

local function parties(o)
  return o.players == 4 and "two partnerships (partners opposite)"
    or ("%d players, each for himself"):format(o.players)
end

return {
  ["KOZ-R1"] = function(o)
    return ("%s; play goes clockwise (to the left)."):format(parties(o):gsub("^%l", string.upper))
  end,
  ["KOZ-R2"] = "36 cards A 10 K Q J 9 8 7 6 in four suits, ranked in that order; card points"
    .. " A 11, 10 10, K 4, Q 3, J 2: 120 in all.",
  ["KOZ-R3"] = "The Schocha (6♠) is always the highest trump, whatever suit is trump; it is"
    .. " worth nothing and stands in for a card in leads and combinations.",
  ["KOZ-R4"] = "The first dealer is drawn at random; the deal passes to the left.",
  ["KOZ-R5"] = function(o)
    return ("Four cards each, one at a time from the dealer's left; the next card is turned:"
      .. " its suit is trump (%s), and it is the last card drawn from the talon.")
      :format(o.schocha_turnup == "redeal" and "the Schocha turned means a new deal"
        or "the Schocha turned makes spades trump")
  end,
  ["KOZ-R6"] = function(o)
    return ("Before a lead, while every hand is full, a player holding Moskwa (four aces and"
      .. " tens, the Schocha for a ten, one real ace at least) or Molodka (four of a suit, or"
      .. " three and the Schocha) may declare it and lead; Moskwa beats Molodka, and among"
      .. " equals the first from the leader wins%s.")
      :format(o.lead_declared_combo and "; a declared Molodka must be led" or "")
  end,
  ["KOZ-R7"] = "The leader plays 1 to 4 cards of one suit face up, or cards of one suit with"
    .. " the Schocha; the Schocha alone is a lead too.",
  ["KOZ-R8"] = "A card beats another of its suit that ranks lower, and any card that is not"
    .. " trump if it is trump; the Schocha beats everything. A set beats a set when its cards"
    .. " can be paired so that each beats its partner.",
  ["KOZ-R9"] = "The others in turn play as many cards: face up only if they beat the best set"
    .. " so far, or face down, always allowed. No suit needs following.",
  ["KOZ-R10"] = "The best set takes the trick, face-down cards and all; nobody looks at"
    .. " face-down cards before the end of the deal.",
  ["KOZ-R11"] = "The hands are filled up to four from the talon, one card at a time in"
    .. " rotation beginning with the trick's winner, until the talon (the turned card last)"
    .. " is gone.",
  ["KOZ-R12"] = "The trick's winner leads next; the deal ends when every card is played.",
  ["KOZ-R13"] = function(o)
    return ("The party with more card points than every other scores no penalty; the others"
      .. " score 6 without a trick, 4 below 31 points (21 with three parties), else 2%s.")
      :format(o.sixty_all == "none_double_next"
        and "; at 60-60 nobody scores and the next deal counts double" or "; at 60-60 both score 2")
  end,
  ["KOZ-R14"] = function(o)
    return ("A party with %d or more penalty points is out; three players: the two left play"
      .. " on, or if two are out at once the third wins. If all that are left go out at once,"
      .. " the fewest penalty points win, and tied parties play on."):format(o.penalty_limit)
  end,
}
