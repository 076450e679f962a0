-- Besigue's rules as text (BES-R1 … BES-R19, docs/games/besigue.md), each
-- as it reads with the chosen options: `talon rules besigue`, `talon
-- explain besigue BES-R12`, and the rule line under every refused action
-- (`rules.text`); and the two figures the options decide, the target and
-- the hand size.

local rules = {}

-- The target: option `target`, or by the number of players (BES-R17).
function rules.target(o)
  if o.target and o.target > 0 then return o.target end
  return o.players == 2 and 1000 or 1500
end

local function hand_size(o)
  return (o.players == 4 and o.four_hand_size == 6) and 6 or 8
end
rules.hand_size = hand_size

local function turned(o)
  local n, size = o.players, hand_size(o)
  return n * size + 1, (o.players == 2 and 64 or 96) - n * size - 1
end

local TEXT = {
  ["BES-R1"] = function(o)
    local who = ({ "", "two players", "three players, each for himself",
                   "four players in two partnerships, partners opposite" })[o.players]
    return ("Besigue for %s; play goes clockwise (to the left)."):format(who)
  end,
  ["BES-R2"] = function(o)
    return o.players == 2 and "Two 32-card packs: A 10 K Q J 9 8 7 in four suits, two copies"
      .. " of each card (64 cards)."
      or "Three 32-card packs: A 10 K Q J 9 8 7 in four suits, three copies of each card"
      .. " (96 cards)."
  end,
  ["BES-R3"] = function(o)
    return ("Cards rank A 10 K Q J 9 8 7; card points A 11, 10 10, K 4, Q 3, J 2 (%d in"
      .. " the deck); the last trick 10 more."):format(o.players == 2 and 240 or 360)
  end,
  ["BES-R4"] = function(o)
    local up, talon = turned(o)
    local size = hand_size(o)
    return ("The first dealer is drawn at random and the deal passes to the left. The"
      .. " dealer deals %s to each player from his left (%d each); card %d is turned for"
      .. " trump and lies under the talon of %d."):format(size == 8 and "3, 2, 3" or "3, 3",
      size, up, talon)
  end,
  ["BES-R5"] = "A seven turned for trump scores 10 for the dealer.",
  ["BES-R6"] = "The player on the dealer's left leads; the trick's winner leads the next."
    .. " While the talon lasts any card may be played. The highest trump wins, else the"
    .. " highest card of the suit led; of identical cards the first played.",
  ["BES-R7"] = "After each trick every player draws one card, the winner first, then in the"
    .. " order of play; the turn-up (or the seven exchanged for it) is drawn last.",
  ["BES-R8"] = function(o)
    if o.meld_timing == "at_lead" then
      return "The player about to lead (after the draw; the dealer's left before the first"
        .. " trick) may declare one meld while the talon lasts."
    end
    return "The winner of a trick may declare one meld before he draws, while the talon"
      .. " lasts; nobody declares before the first trick."
  end,
  ["BES-R9"] = function(o)
    return ("At a meld opportunity a trump seven may be exchanged for the turn-up (not a"
      .. " seven) or shown, 10 each, each seven once; after the deal the exchange is offered"
      .. " to the dealer first, then in the order of play. %s%s"):format(o.seven_counts_as_meld
      and "The seven counts as the one meld." or "It does not use up the one meld.",
      o.seven_on_play and " A trump seven that has not scored scores 10 when played." or "")
  end,
  ["BES-R10"] = function(o)
    return ("At a meld opportunity a side whose total (account, this deal's melds and the"
      .. " card points of its tricks so far) is at least %d may declare out and wins the"
      .. " match. A wrong declaration %s."):format(rules.target(o), o.wrong_out == "lose_match"
      and "loses the match"
      or "costs the side every point of this deal (melds and tricks); play goes on")
  end,
  ["BES-R11"] = function(o)
    return "Declared cards lie face up on the table and stay part of the hand; they are"
      .. " played from there like hand cards" .. (o.require_new_card
      and "; every meld needs at least one card from the concealed hand." or ".")
  end,
  ["BES-R12"] = function(o)
    return ("Melds: marriage K Q 20, in trump 40; double marriage 40, in trump %d; quint major"
      .. " A 10 K Q J 250; four jacks 40, queens 60, kings %d, aces 100; Besigue Q♠ J♦ 40,"
      .. " double 500%s. A card may serve in several kinds of meld, but a K or Q in one"
      .. " marriage only, and never in one after a quint major (the reverse is allowed);"
      .. " a card in one four-of-a-rank only; Besigue, then double, then triple, never a"
      .. " lower level from a higher one's cards."):format(o.seed_literal and 30 or 80,
      o.seed_literal and 30 or 80, o.players == 2 and "" or ", triple 1500")
  end,
  ["BES-R13"] = function(o)
    return o.quint_any_suit and "A quint major scores in any suit."
      or "A quint major counts only in trumps."
  end,
  ["BES-R14"] = "Once the talon is empty the table cards go back to the hands and no more"
    .. " melds are declared. Then: follow suit with a card that wins the trick so far if"
    .. " you have one, else any of the suit; void, a trump that wins if you have one, else"
    .. " any trump; else any card. Beating a partner's card included.",
  ["BES-R15"] = "The winner of the last trick scores 10.",
  ["BES-R16"] = "Melds score when declared, card points of tricks at the end of the deal;"
    .. " partners pool their points.",
  ["BES-R17"] = function(o)
    if o.must_declare_out then
      return ("Only a declaration of out ends the match (target %d)."):format(rules.target(o))
    end
    return ("Target %d: if nobody declared out, after a deal the highest total at or above"
      .. " it wins; equal highest totals play another deal."):format(rules.target(o))
  end,
  ["BES-R18"] = "The seed's penalties for drawing wrongly and for breaking the last-trick"
    .. " rules cannot arise here: drawing is automatic and illegal cards are refused.",
  ["BES-R19"] = function(o)
    if o.players == 2 then return nil end
    return "Only the trick's winner (the player at lead) declares" .. ((o.partner_melds
      and o.players == 4) and "; he may pass the right to his partner, and either may use"
      .. " the partner's table cards in a meld." or ", with his own cards.")
  end,
}

rules.text = TEXT -- the definition's `rules`

return rules
