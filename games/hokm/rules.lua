-- Hokm as text (RULES.md §2, HOK-R1 … HOK-R20), each rule as it reads
-- with the chosen options, nil where it does not apply: `talon rules
-- hokm`, `talon explain`, and the rule line under every refused action.

local function only(n, text)
  return function(o)
    if o.players ~= n then return nil end
    return type(text) == "function" and text(o) or text
  end
end

local function stop_text(o, who)
  if o.play_all_tricks then
    return ("All 13 tricks are played: 13-0 for the %s scores 2 (Kot), 13-0 against"
      .. " scores 3 (Hakem Koti); otherwise whoever has 7 or more tricks scores 1."):format(who)
  end
  return ("Play stops when a %s has 7 tricks: 7-0 for the %s scores 2 (Kot), 7-0"
    .. " against the Hakem scores 3 (Hakem Koti), any other 7 scores 1.")
    :format(who == "Hakem's side" and "side" or "player", who)
end

local ROTATION = "The Hakem%s won: he stays Hakem. Otherwise the old Hakem deals and the"
  .. " player on his right becomes Hakem."

return {
  ["HOK-R1"] = function(o)
    local pack = o.players == 3 and ("51 cards (the %s taken out, HOK-R12)"):format(o.removed_two)
      or "52 cards"
    return ("%s, A high to 2 low in every suit, no card points; dealing and play go"
      .. " counter-clockwise (to the right)."):format(pack)
  end,
  ["HOK-R2"] = "The Hakem names trump after seeing only his first 5 cards, and leads.",
  ["HOK-R3"] = "Follow the suit led if you can; otherwise play any card.",
  ["HOK-R4"] = "The highest trump wins the trick, else the highest card of the suit led.",
  ["HOK-R5"] = function(o)
    return ("The first %s to reach %d points wins the match; a last hand may overshoot.")
      :format(o.players == 4 and "side" or "player", o.target)
  end,
  ["HOK-R6"] = "First Hakem: a random player deals cards face up one at a time,"
    .. " counter-clockwise; the first to receive an ace is Hakem.",
  ["HOK-R7"] = only(4, "The face-up dealing goes on, skipping the Hakem, to a second ace: its"
    .. " receiver is his partner; seats change so that partners sit opposite."),
  ["HOK-R8"] = only(4, "The dealer is the opponent on the Hakem's left; the Hakem gets the"
    .. " first cards."),
  ["HOK-R9"] = only(4, "Deal 5, 4 and 4 cards to each (13), counter-clockwise from the Hakem;"
    .. " trump is named after the Hakem's first 5, before the others get cards."),
  ["HOK-R10"] = only(4, function(o) return stop_text(o, "Hakem's side") end),
  ["HOK-R11"] = only(4, ROTATION:format(" and his partner")),
  ["HOK-R12"] = only(3, function(o)
    return ("Three players: %s is removed, 51 cards, 17 each; the dealer sits on the"
      .. " Hakem's left."):format(o.removed_two)
  end),
  ["HOK-R13"] = only(3, "Deal 5, 4, 4 and 4 cards to each, counter-clockwise from the Hakem;"
    .. " dealing pauses after the Hakem's 5 until trump is named."),
  ["HOK-R14"] = only(3, "All of the first 7 tricks: 2 points for the Hakem, 3 for another"
    .. " player (Kot). Play stops once a player has more tricks than either other can still"
    .. " reach: 1 point. All 17 played with the top two tied: the third player scores 1."),
  ["HOK-R15"] = only(3, ROTATION:format("")),
  ["HOK-R16"] = only(2, "Two players: the first Hakem by the ace draw, cards dealt"
    .. " alternately; the other player deals."),
  ["HOK-R17"] = only(2, "The Hakem gets 5 cards and names trump, the dealer 5; the Hakem"
    .. " discards 3 and the dealer 2, face down."),
  ["HOK-R18"] = only(2, "Taking turns from the Hakem until the stock is gone, look at the"
    .. " top card: keep it and discard the next, or discard it and keep the next."
    .. " Both end with 13."),
  ["HOK-R19"] = only(2, function(o) return stop_text(o, "Hakem") end),
  ["HOK-R20"] = only(2, ROTATION:format("")),
}
