-- A Besigue player by rules of thumb (docs/games/besigue.md "The bot"). It
-- sees only its seat's view, and gives a reason for every decision:
--   the seven: exchange it at once (+10, and any turn-up beats a seven),
--     show the others at the next opportunity (BES-R9);
--   out: as soon as the side's total reaches the target (BES-R10), never
--     before (a wrong declaration costs the deal);
--   melds: the one worth most now (more opportunities may not come: one
--     meld each, and only after winning a trick); with nothing allowed it
--     keeps its cards and says which re-use rule stops the nearest meld
--     (BES-R12); with partner_melds it lets the partner declare then;
--   while the talon lasts: lead the card worth least to keep (no points,
--     in no meld), win a trick that holds an ace or a ten or when a meld
--     is waiting to be declared, else throw the cheapest card;
--   the last tricks: win as cheaply as the last player, as surely as an
--     earlier one; else give the cheapest card (BES-R14 forces the rest).
local talon = require "talon"
local actions = require "talon.actions"
local cached = require("talon.cards").cached
local melds = require "games.besigue.melds"
local tools = require "games.besigue.tools"

local bot = { name = "rule-of-thumb besigue" }

local function find(legal, verb)
  for _, a in ipairs(legal) do
    if type(a) == "table" and a.verb == verb then return a end
  end
  return nil
end

-- ===== what a card is worth keeping

-- Its card points, plus what it may still make: trumps, marriage cards,
-- Besigue cards, the quartet ranks (a rule of thumb, not a count).
local function keep_value(c, trump)
  local v = c.points
  if c.suit == trump then v = v + 8 end
  if c.rank == "K" or c.rank == "Q" then v = v + 5 end
  if c.rank == "A" or c.rank == "J" then v = v + 3 end
  if (c.rank == "Q" and c.suit == "S") or (c.rank == "J" and c.suit == "D") then v = v + 10 end
  return v
end

local function cheapest(cards, trump)
  local best, bv
  for _, c in ipairs(cards) do
    local v = keep_value(c, trump)
    if not best or v < bv or (v == bv and c.rank_index > best.rank_index) then best, bv = c, v end
  end
  return best
end

local function cards_of(legal)
  local out = {}
  for _, a in ipairs(legal) do
    if actions.is_card(a) then out[#out + 1] = a end
  end
  return out
end

-- ===== the trick so far, asked of the engine

local function plain_rules(deck) return talon.trickrules(deck, {}) end

local function current_trick(v, deck)
  local t = talon.trick(cached(deck, plain_rules, "plain"), v.trump)
  for i, c in ipairs(v.trick.cards) do t:play(v.trick.seats[i], c) end
  return t
end

local function winners(t, cards)
  local out = {}
  for _, c in ipairs(cards) do
    if t:beats(c) then out[#out + 1] = c end
  end
  return out
end

local function lowest_rank(cards)
  local best
  for _, c in ipairs(cards) do
    if not best or c.rank_index > best.rank_index
        or (c.rank_index == best.rank_index and c.points < best.points) then best = c end
  end
  return best
end

local function highest_rank(cards)
  local best
  for _, c in ipairs(cards) do
    if not best or c.rank_index < best.rank_index then best = c end
  end
  return best
end

-- ===== the meld opportunity

-- The melds allowed and refused in the view's position, found once per
-- decision (a view is made afresh for each).
local function survey(v)
  if not v.survey_ok then v.survey_ok, v.survey_near = melds.survey(tools.position(v)) end
  return v.survey_ok, v.survey_near
end

-- The best meld action on offer and its points (ties: fewer cards laid).
local function best_meld(v)
  local best, points
  local ok = survey(v)
  for _, a in ipairs(v.legal) do
    if type(a) == "table" and a.verb == "meld" then
      for _, m in ipairs(ok) do
        local better = not best or m.points > points
          or (m.points == points and #m.cards < #best.arg)
        if m.kind.word == a.extra and m.cards == a.arg and better then
          best, points = a, m.points
        end
      end
    end
  end
  return best, points
end

-- The largest show of trump sevens on offer.
local function best_show(legal)
  local best
  for _, a in ipairs(legal) do
    if type(a) == "table" and a.verb == "show" and (not best or #a.arg > #best.arg) then
      best = a
    end
  end
  return best
end

-- The reason the most valuable meld held is refused (BES-R11, BES-R12).
local function nearest_miss(v)
  local _, near = survey(v)
  local best, points
  for _, m in ipairs(near) do
    local p = melds.points(m.kind, m.suit, v.trump, v.options)
    if not best or p > points then best, points = m, p end
  end
  return best and ("no %s: %s"):format(best.kind.name, best.reason)
end

-- A declaration worth making now, with its reason; nil to go on.
local function declaration(v)
  local legal = v.legal
  local out = find(legal, "out")
  if out and v.total >= v.target then
    return out, ("our total %d reaches the target %d: declare out (BES-R10)"):format(v.total,
      v.target)
  end
  local meld, points = best_meld(v)
  local show, exchange = best_show(legal), find(legal, "exchange")
  local counts = v.options and v.options.seven_counts_as_meld
  if exchange and not (counts and meld and points > 10) then
    return exchange, ("+10, and the turn-up %s is worth more than a seven (BES-R9)")
      :format(tostring(v.turned))
  end
  if show and not (counts and meld and points > 10 * #show.arg) then
    return show, ("+%d for the trump seven%s (BES-R9)"):format(10 * #show.arg,
      #show.arg > 1 and "s" or "")
  end
  if meld then
    return meld, ("%d now: one meld per opportunity, and opportunities come only with the"
      .. " lead (BES-R8)"):format(points)
  end
  local partner = find(legal, "partner")
  if partner then return partner, "nothing to declare: let the partner try (BES-R19)" end
  return nil
end

-- The reason for keeping the cards when nothing is declared.
local function keep_reason(v)
  if not v.chance or v.chance.melded then return "" end
  if v.forfeit then return "; no declarations after a wrong out" end
  local why = nearest_miss(v)
  return why and ("; keep: " .. why) or "; nothing to declare"
end

-- ===== card play

local function lead_talon(v)
  local c = cheapest(cards_of(v.legal), v.trump)
  return c, ("lead %s, the card least worth keeping (%d points; trumps and meld cards"
    .. " stay)%s"):format(tostring(c), c.points, keep_reason(v))
end

-- While the talon lasts: win what holds points or a waiting meld's lead,
-- else throw the card least worth keeping.
local function follow_talon(v, deck)
  local cards = cards_of(v.legal)
  local t = current_trick(v, deck)
  local points, throw = t:points(), cheapest(cards, v.trump)
  local win = winners(t, cards)
  if #win > 0 then
    local c = cheapest(win, v.trump)
    if points + throw.points >= 10 then
      return c, ("win the trick (%d points) with the cheapest card that wins; throwing would give"
        .. " %d more"):format(points, throw.points)
    end
    local waiting = survey(v)[1]
    if waiting then
      return c, ("win the lead to declare %s (BES-R8)"):format(waiting.kind.name)
    end
  end
  return throw, ("let the trick go (%d points): throw %s, the card least worth keeping")
    :format(points, tostring(throw))
end

local function lead_last(v)
  local cards = cards_of(v.legal)
  local aces = {}
  for _, c in ipairs(cards) do
    if c.rank == "A" then aces[#aces + 1] = c end
  end
  if #aces > 0 then
    local c = cheapest(aces, v.trump)
    return c, "an ace wins unless trumped or met by an earlier ace (BES-R14)"
  end
  local c = lowest_rank(cards)
  return c, "the last tricks: lead low and let the others spend their winners"
end

local function follow_last(v, deck)
  local cards = cards_of(v.legal)
  local t = current_trick(v, deck)
  local win = winners(t, cards)
  local last = #v.trick.cards == v.n - 1
  if #win > 0 then
    if last then return lowest_rank(win), "the cheapest card that wins, as the last to play" end
    return highest_rank(win), "must win if able (BES-R14): the surest card"
  end
  return cheapest(cards, v.trump), "cannot win: give the cheapest card (BES-R14)"
end

function bot.choose(v, rng)
  local phase, deck = v.phase, v.hand:deck()
  if phase == "seven" then
    return find(v.legal, "exchange"), ("+10, and the turn-up %s is worth more than a seven"
      .. " (BES-R9)"):format(tostring(v.turned))
  end
  if phase == "lead" or phase == "declare" then
    local a, why = declaration(v)
    if a then return a, why end
    local pass = find(v.legal, "pass")
    if pass then return pass, "nothing worth declaring" .. keep_reason(v) end
    if #v.trick.cards == 0 then return lead_talon(v) end
  end
  if phase == "follow" then return follow_talon(v, deck) end
  if phase == "last" then
    if #v.trick.cards == 0 then return lead_last(v) end
    return follow_last(v, deck)
  end
  return v.legal[rng:int(1, #v.legal)], "no rule for this position: a random legal action"
end

return bot
