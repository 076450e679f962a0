-- Hosgin's rules as text (RULES.md §1, HOS-R1 … HOS-R35), each as it
-- reads with the chosen options: `talon rules hosgin`, `talon explain`, and
-- the rule line under every refused action. A rule that an option switches
-- off says nil.
local scoring = require "games.hosgin.scoring"

local GLYPH_PAIR = "J♦/Q♠"

local function target_text(o)
  return o.target_strict and ("more than %d"):format(o.target) or ("%d or more"):format(o.target)
end

local function money_only(text)
  return function(o)
    if not o.money then return nil end
    return text(o)
  end
end

local rules = {
  ["HOS-R1"] = "Three players, each for himself; dealing, bidding and play go"
    .. " counter-clockwise (to the right).",
  ["HOS-R2"] = "Vorhand is the dealer's right-hand neighbour, Mittelhand the next.",
  ["HOS-R3"] = "The first dealer is drawn at random; the deal passes to the right after every"
    .. " deal, played, conceded or passed out.",
  ["HOS-R4"] = "80 cards: A 10 K Q J in four suits, four copies of each.",
  ["HOS-R5"] = "In every suit A beats 10, 10 beats K, then Q, then J.",
  ["HOS-R6"] = "Card points A 11, 10 10, K 4, Q 3, J 2 (480 in all) and 20 for the last trick:"
    .. " every deal gives out 500.",
  ["HOS-R7"] = "25 cards each in five rounds of five (Vorhand, Mittelhand, dealer); the last"
    .. " 5 are the stock.",
  ["HOS-R8"] = function(o)
    return ("Vorhand opens at 550 or more, or passes; then Mittelhand opens at 650 or more;"
      .. " both passed: the dealer may play for 750 or pass (no game). Bids rise by tens,"
      .. " up to %d here; a pass is final."):format(o.bid_limit)
  end,
  ["HOS-R9"] = "The survivor bids against the dealer, who speaks first; only a higher bid"
    .. " stays in; the last bidder is the declarer.",
  ["HOS-R10"] = function(o)
    if not o.peek_stock_on_pass then return nil end
    return "A player who passes may look at the stock privately."
  end,
  ["HOS-R11"] = "The declarer names trump before he sees the stock.",
  ["HOS-R12"] = function(o)
    return ("The declarer takes the 5 stock cards%s."):format(o.show_stock
      and ", shown face up to all" or " without showing them")
  end,
  ["HOS-R13"] = "Every player shows his melds for the trump: the declarer from 30 cards,"
    .. " the others from 25.",
  ["HOS-R14"] = function(o)
    return ("After the melds the declarer may concede: he loses his bid%s; each defender"
      .. " scores his melds + 100; no tricks are played."):format(o.money
      and " and pays the fine" or "")
  end,
  ["HOS-R15"] = function(o)
    if o.discard_from == "any" then
      return "The declarer lays away any 5 cards face down."
    end
    return "The declarer lays away 5 cards face down, from cards not locked by his scored"
      .. " melds while any are left."
  end,
  ["HOS-R16"] = function(o)
    return o.discard_points_to_declarer and "The discards' card points count for the declarer."
      or "The discards' card points count for nobody."
  end,
  ["HOS-R17"] = "The shown cards go back into the hands; the declarer leads the first trick.",
  ["HOS-R18"] = "A card may count in several melds; a double series replaces the single,"
    .. " the complete series contains its bellas and the Q and K series, the trump series"
    .. " its trump bella.",
  ["HOS-R19"] = "Melds: bella (Q+K of a suit) 20, in trump 40; trump series J Q K 10 A 150;"
    .. " series of one J/Q/K/A in every suit 40/60/80/100, two in every suit 400/600/800/1000;"
    .. " complete series 240, double 2400; " .. GLYPH_PAIR .. " 40, two of each 300.",
  ["HOS-R20"] = "Shortcuts: complete + trump series 350; complete + double trump series 500;"
    .. " J, Q and K of every suit 320.",
  ["HOS-R21"] = function(o)
    if o.multi_series == "scaled" then
      return "Three or four of a rank in every suit score 1.5x and 2x the double series."
    end
    return "Three or four of a rank in every suit score as the double series."
  end,
  ["HOS-R22"] = "Every complete trump series counts: two are 300, three 450.",
  ["HOS-R23"] = "Four J♦ and four Q♠ are HOSGIN, checked after the deal and when the"
    .. " declarer takes the stock.",
  ["HOS-R24"] = "HOSGIN wins the match at once with an account of 0 or more; with a negative"
    .. " account it is +3500 at once and the deal goes on.",
  ["HOS-R25"] = "25 tricks; the winner of a trick leads the next.",
  ["HOS-R26"] = function(o)
    return ("Follow suit%s; void: play a trump; trump led: beat the %s if you can.")
      :format(o.must_head_plain and " and beat the best card if you can" or "",
        o.overtrump_reference == "previous" and "card before yours" or "highest trump")
  end,
  ["HOS-R27"] = "The highest trump wins, else the highest card of the suit led; of identical"
    .. " cards the first played wins.",
  ["HOS-R28"] = "A player without a trick loses his melds for the deal.",
  ["HOS-R29"] = "The declarer wins with melds + unrounded trick points above his bid, and"
    .. " scores melds + trick points rounded to tens (5 down); else he loses his bid.",
  ["HOS-R30"] = "Each defender scores his melds (if he took a trick) + his rounded trick points.",
  ["HOS-R31"] = "A conceded deal is scored by HOS-R14.",
  ["HOS-R32"] = function(o)
    return ("The target is an account of %s."):format(target_text(o))
  end,
  ["HOS-R33"] = "A player whose rounded account misses the target but whose unrounded one"
    .. " reaches it keeps the unrounded account.",
  ["HOS-R34"] = "When anyone reaches the target the highest account wins; a tie for the"
    .. " highest plays another deal.",
  ["HOS-R35"] = money_only(function(o)
    return ("Money: each player pays an ante of %d into the pot; a declarer who loses or"
      .. " concedes pays a fine of %s (%d); the match winner takes the pot.")
      :format(o.ante, o.fine, scoring.fine(o))
  end),
}

return rules
