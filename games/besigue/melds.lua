-- Besigue's melds (BES-R11 … BES-R13, docs/games/besigue.md): the kinds as data, and the
-- re-use rules checked on identified cards (the ledgers of
-- games/besigue/ledger.lua).
--
-- A position is what a declaration depends on:
--   { hand = Hand (the concealed cards), own = ledger (his table),
--     other = ledger | nil (his partner's table, option partner_melds),
--     trump = suit, opts = { require_new_card, quint_any_suit,
--     seed_literal } }
-- Built from the state by the game and from a view by the `melds` command
-- and the bot, so both see exactly what the rules allow. Scoring a hand's
-- melds as a multiset is talon.melds' job (tests/lua/meld/besigue_test.lua);
-- here a meld is a declaration of particular physical cards, and the
-- question is whether those cards may still serve in it (BES-R12).
local ledger = require "games.besigue.ledger"
local glyph = require("talon.cards").glyph
local cached = require("talon.cards").cached

local melds = {}

-- The kinds, in the order the `melds` command lists them. 'family' is the
-- BES-R12 kind within which cards may not be re-used; 'copies' how many of
-- each card the pattern takes; 'literal' the points of the printed seed
-- (option seed_literal, E1/E2: the OCR read 8 as 3).
melds.KINDS = {
  { word = "marriage", name = "marriage", family = "marriage", ranks = { "K", "Q" },
    copies = 1, points = 20, trump_points = 40 },
  { word = "double-marriage", name = "double marriage", family = "marriage",
    ranks = { "K", "Q" }, copies = 2, points = 40, trump_points = 80, literal_trump = 30 },
  { word = "quint", name = "quint major", family = "quint", ranks = { "A", "T", "K", "Q", "J" },
    copies = 1, points = 250, quint = true },
  { word = "jacks", name = "four jacks", family = "quartet", rank = "J", plural = "jacks",
    points = 40 },
  { word = "queens", name = "four queens", family = "quartet", rank = "Q", plural = "queens",
    points = 60 },
  { word = "kings", name = "four kings", family = "quartet", rank = "K", plural = "kings",
    points = 80, literal = 30 },
  { word = "aces", name = "four aces", family = "quartet", rank = "A", plural = "aces",
    points = 100 },
  { word = "besigue", name = "Besigue", family = "besigue", cards = { "QS", "JD" }, copies = 1,
    level = 1, points = 40 },
  { word = "double-besigue", name = "double Besigue", family = "besigue", cards = { "QS", "JD" },
    copies = 2, level = 2, points = 500 },
  { word = "triple-besigue", name = "triple Besigue", family = "besigue", cards = { "QS", "JD" },
    copies = 3, level = 3, points = 1500 },
}

local BY_WORD = {}
for _, k in ipairs(melds.KINDS) do BY_WORD[k.word] = k end
melds.BY_WORD = BY_WORD

local SUITS = { "S", "H", "D", "C" }
local BESIGUE = { "Besigue", "double Besigue", "triple Besigue" }

-- The points of 'kind' declared in 'suit' (nil for kinds without one).
function melds.points(kind, suit, trump, opts)
  local literal = opts and opts.seed_literal
  if suit and suit == trump and kind.trump_points then
    return literal and kind.literal_trump or kind.trump_points
  end
  return literal and kind.literal or kind.points
end

-- The display name: "trump marriage ♥", "quint major ♥", "four kings".
function melds.name(deck, kind, suit, trump)
  if not suit then return kind.name end
  local name = kind.name
  if suit == trump and kind.family == "marriage" then
    name = name:gsub("marriage", "trump marriage")
  end
  return ("%s %s"):format(name, glyph(deck, suit))
end

-- ===== why a table card may not serve (BES-R12)

-- Nil when entry 'e' may serve in 'kind', else the reason after the card's
-- name ("is already married").
local function blocked(kind, e)
  local f = kind.family
  if f == "marriage" then
    if e.married then return "is already married" end
    if e.quint then return "is in the quint major, so it is never married afterwards" end
  elseif f == "quint" then
    if e.quint then return "is already in a quint major" end
  elseif f == "quartet" then
    if e.quartet then return "is already in four " .. kind.plural end
  elseif f == "besigue" and e.besigue >= kind.level then
    if e.besigue > kind.level then
      return ("was in %s: no lower level from its cards"):format(BESIGUE[e.besigue])
    end
    return ("is already in a %s"):format(BESIGUE[kind.level])
  end
  return nil
end
melds.blocked = blocked

local function ledgers(pos)
  if pos.other then return { pos.own, pos.other } end
  return { pos.own }
end

-- card -> its entries on the tables a meld may draw on (own table, then
-- the partner's), built once per question: a hand's questions then cost a
-- look-up per card, not a walk of both tables.
local NONE = {} -- read only: "no entries", "no ways"
local function entries(pos)
  local by = {}
  for _, l in ipairs(ledgers(pos)) do
    for _, e in ipairs(l.items) do
      local list = by[e.card]
      if list then list[#list + 1] = e else by[e.card] = { e } end
    end
  end
  return by
end

-- For card 'c' and 'kind': the concealed copies, the copies that may serve
-- (concealed ones always may), all copies held, and the first reason a
-- table copy may not. 'on' is entries(pos).
local function supply(pos, on, kind, c)
  local concealed = pos.hand:count(c)
  local free, total, why = concealed, concealed, nil
  local list = on[c] or NONE
  for i = 1, #list do
    total = total + 1
    local b = blocked(kind, list[i])
    if b then why = why or (tostring(c) .. " " .. b) else free = free + 1 end
  end
  return concealed, free, total, why
end

local NEW_CARD = "every card of it is on the table already: a meld needs a card from the"
  .. " concealed hand (BES-R11)"

-- ===== the cards a meld takes

local function need_hand(deck, need)
  local h = deck:hand()
  for _, n in ipairs(need) do h:add(n.card, n.count) end
  return h
end

-- The patterns of every kind for a deck and a trump, built once per deck
-- and key "TRUMP/any" (talon.cards.cached): kind -> list of {suit =, need
-- = {{card =, count =}, ...}, cards = Hand}; for a quartet kind the four
-- cards of its rank instead (any four of them make it). Read only.
local function build_patterns(deck, key)
  local trump, any = key:match("^(%a*)/(%a*)$")
  local out = {}
  for _, kind in ipairs(melds.KINDS) do
    local list = {}
    if kind.rank then
      for i, s in ipairs(SUITS) do list[i] = deck:card(kind.rank .. s) end
    elseif kind.cards then
      local need = {}
      for i, name in ipairs(kind.cards) do
        need[i] = { card = deck:card(name), count = kind.copies }
      end
      list[1] = { need = need, cards = need_hand(deck, need) }
    else
      local suits = SUITS
      -- BES-R13: in trumps only (and so none without a trump)
      if kind.quint and any == "" then suits = { trump ~= "" and trump or nil } end
      for _, s in ipairs(suits) do
        local need = {}
        for i, r in ipairs(kind.ranks) do
          need[i] = { card = deck:card(r .. s), count = kind.copies }
        end
        list[#list + 1] = { suit = s, need = need, cards = need_hand(deck, need) }
      end
    end
    out[kind] = list
  end
  return out
end

-- The patterns of every kind for a trump and options (build_patterns).
local function patterns(deck, trump, opts)
  return cached(deck, build_patterns, (trump or "") .. "/" .. (opts.quint_any_suit and "any" or ""))
end

-- One meld table that scores a hand above 0 exactly when it holds the
-- cards of some kind's pattern (talon.melds, one C call): four of a
-- quartet's rank, or a pattern's ranks (in one suit: the quint of every
-- suit, a superset of BES-R13's) or cards, each 'copies' times (the level
-- list scores only from that many on). Most meld opportunities of a hand
-- hold none, and the survey then ends at once.
local function build_any(deck)
  local list = {}
  for i, kind in ipairs(melds.KINDS) do
    local m = { name = kind.word, points = 1 }
    if kind.rank then
      m.ranks, m.suit, m.size = kind.rank, "any", 4
    else
      if kind.cards then m.cards = table.concat(kind.cards, " ")
      else m.ranks, m.suit = table.concat(kind.ranks, " "), "each" end
      if kind.copies > 1 then
        m.points = {}
        for level = 1, kind.copies do m.points[level] = level == kind.copies and 1 or 0 end
      end
    end
    list[i] = m
  end
  return require("talon").melds(deck, list)
end

-- Is a meld of these needs allowed? true, or the reason it is not; nil
-- when the cards are not even held (no near miss).
local function assess(pos, on, kind, need)
  local reason, fresh = nil, false
  for _, n in ipairs(need) do
    local concealed, free, total, why = supply(pos, on, kind, n.card)
    if total < n.count then return nil end
    if free < n.count then reason = reason or why end
    if concealed > 0 then fresh = true end
  end
  if reason then return reason end
  if pos.opts.require_new_card and not fresh then return NEW_CARD end
  return true
end

-- The ways to take four of 'four' (quartets, once four may serve).
local function quartet_ways(pos, on, kind, four)
  local per = {}
  for i, c in ipairs(four) do
    local concealed, free = supply(pos, on, kind, c)
    per[i] = { card = c, concealed = concealed, free = free }
  end
  local out, k = {}, { 0, 0, 0, 0 }
  local function walk(i, left)
    if i == 4 then
      if left > per[4].free then return end
      k[4] = left
      local need, fresh = {}, false
      for j = 1, 4 do
        if k[j] > 0 then
          need[#need + 1] = { card = per[j].card, count = k[j] }
          fresh = fresh or per[j].concealed > 0
        end
      end
      if fresh or not pos.opts.require_new_card then out[#out + 1] = need end
      return
    end
    for n = math.min(left, per[i].free), 0, -1 do
      k[i] = n
      walk(i + 1, left - n)
    end
  end
  walk(1, 4)
  if #out == 0 then return out, NEW_CARD end
  return out, nil
end

-- The ways to take four cards of 'rank' as needs, one per mix of suits
-- (copies that may serve only); and the reason there is none, or nil when
-- four are not even held. 'four' is the four cards of the rank.
local function quartets(pos, on, kind, four)
  local total_free, total_all, why = 0, 0, nil
  for _, c in ipairs(four) do
    local _, free, total, w = supply(pos, on, kind, c)
    total_free, total_all, why = total_free + free, total_all + total, why or w
  end
  if total_all < 4 then return NONE, nil end
  if total_free < 4 then return NONE, why end
  return quartet_ways(pos, on, kind, four)
end

-- Every meld allowed in position 'pos' ({kind, suit, need, cards (a Hand),
-- points}), and unless 'no_near' every near miss ({kind, suit, cards,
-- reason}: the cards are held but BES-R11/BES-R12 forbid it), in the order
-- of melds.KINDS. A legal list asks for no near misses: it never shows
-- them, and a random playout asks at every meld opportunity.
function melds.survey(pos, no_near)
  local deck = pos.hand:deck()
  local ok, near = {}, not no_near and {} or nil
  -- every card the seat could meld with: a kind whose cards are not all
  -- here is neither allowed nor a near miss, and is passed over at once
  local held = pos.hand + pos.own.cards
  if pos.other then held = held + pos.other.cards end
  if cached(deck, build_any, "any"):score(held) == 0 then return ok, near end
  local packs = deck.size // 32 -- 32-card packs (BES-R2)
  local on, pats = entries(pos), patterns(deck, pos.trump, pos.opts)
  for _, kind in ipairs(melds.KINDS) do
    local four = kind.family == "quartet" and pats[kind]
    if four and held:count(four[1]) + held:count(four[2]) + held:count(four[3])
        + held:count(four[4]) >= 4 then
      local list, why = quartets(pos, on, kind, four)
      for _, need in ipairs(list) do
        ok[#ok + 1] = { kind = kind, need = need, cards = need_hand(deck, need),
                        points = melds.points(kind, nil, pos.trump, pos.opts) }
      end
      if why and near then
        near[#near + 1] = { kind = kind, cards = deck:hand(), reason = why }
      end
    elseif not four and kind.copies <= packs then
      for _, p in ipairs(pats[kind]) do
        local a = held:has(p.cards) and assess(pos, on, kind, p.need)
        if a == true then
          ok[#ok + 1] = { kind = kind, suit = p.suit, need = p.need, cards = p.cards:copy(),
                          points = melds.points(kind, p.suit, pos.trump, pos.opts) }
        elseif a and near then
          near[#near + 1] = { kind = kind, suit = p.suit, cards = p.cards:copy(), reason = a }
        end
      end
    end
  end
  return ok, near
end

-- The meld 'word' on 'cards' (a Hand): kind, suit and needs, or nil and
-- why these cards are not that meld at all (the meld table, not BES-R12).
function melds.match(deck, word, cards, trump, opts)
  local kind = BY_WORD[word]
  if not kind then
    local words = {}
    for i, k in ipairs(melds.KINDS) do words[i] = k.word end
    return nil, ("no meld '%s' (melds are %s)"):format(tostring(word), table.concat(words, ", "))
  end
  if kind.family == "quartet" then
    local need, wrong = {}, ("%s is four cards of rank %s"):format(kind.name, kind.rank)
    for c, n in cards:each() do
      if c.rank ~= kind.rank then return nil, wrong end
      need[#need + 1] = { card = c, count = n }
    end
    if #cards ~= 4 then return nil, wrong end
    return kind, nil, need
  end
  if kind.copies > deck.size // 32 then
    return nil, ("%s needs %d packs (three or four players)"):format(kind.name, kind.copies)
  end
  for _, p in ipairs(patterns(deck, trump, opts)[kind]) do
    if p.cards == cards then return kind, p.suit, p.need end
  end
  if kind.quint and not opts.quint_any_suit then
    return nil, "a quint major is A 10 K Q J of trump (BES-R13)"
  end
  return nil, ("%s is not a %s"):format(tostring(cards), kind.name)
end

-- Whether the meld 'kind' on 'need' is allowed in 'pos': true, or why not.
function melds.allowed(pos, kind, need)
  if kind.family == "quartet" then
    local deck, on = pos.hand:deck(), entries(pos)
    local list, why = quartets(pos, on, kind, patterns(deck, pos.trump, pos.opts)[kind])
    local want = need_hand(deck, need)
    for _, n in ipairs(list) do
      if need_hand(deck, n) == want then return true end
    end
    if why then return why end
    -- four of the rank may serve, but not these: name a card that cannot
    for _, n in ipairs(need) do
      local _, free, total, w = supply(pos, on, kind, n.card)
      if total < n.count then return ("you do not hold %d %s"):format(n.count, tostring(n.card)) end
      if free < n.count then return w end
    end
    return NEW_CARD
  end
  local a = assess(pos, entries(pos), kind, need)
  if a == nil then return "you do not hold these cards" end
  return a
end

-- ===== declaring

-- Lays the meld 'kind' on 'need' (allowed: melds.allowed said true) and
-- marks its cards: table copies that may serve first (own table, then the
-- partner's; the most marked copy first), the rest from the concealed hand;
-- with require_new_card at least one concealed card. Returns the entries.
function melds.lay(pos, kind, need)
  local plan, taken_concealed = {}, 0
  for _, n in ipairs(need) do
    local cands = {}
    for _, l in ipairs(ledgers(pos)) do
      for _, e in ipairs(ledger.copies(l, n.card)) do
        if not blocked(kind, e) then cands[#cands + 1] = e end
      end
    end
    local from_table = math.min(n.count, #cands)
    for i = 1, from_table do plan[#plan + 1] = { card = n.card, entry = cands[i] } end
    for _ = from_table + 1, n.count do
      plan[#plan + 1] = { card = n.card }
      taken_concealed = taken_concealed + 1
    end
  end
  if pos.opts.require_new_card and taken_concealed == 0 then
    -- one table copy stays where it is and a concealed one serves instead
    for i = #plan, 1, -1 do
      if pos.hand:count(plan[i].card) > 0 then
        plan[i].entry = nil
        break
      end
    end
  end
  local out = {}
  for i, p in ipairs(plan) do
    local e = p.entry
    if not e then
      pos.hand:remove(p.card)
      e = ledger.put(pos.own, p.card)
    end
    if kind.family == "besigue" then e.besigue = kind.level
    elseif kind.family == "marriage" then e.married = true
    elseif kind.family == "quint" then e.quint = true
    else e.quartet = true end
    out[i] = e
  end
  return out
end

-- The trump sevens of the concealed hand: each may be shown (BES-R9);
-- those on the table have scored already.
function melds.sevens(pos)
  if not pos.trump then return 0 end
  return pos.hand:count(pos.hand:deck():card("7" .. pos.trump))
end

-- Shows 'n' trump sevens: laid on the table, marked as scored (BES-R9).
function melds.show_sevens(pos, n)
  local c = pos.hand:deck():card("7" .. pos.trump)
  for _ = 1, n do
    pos.hand:remove(c)
    ledger.put(pos.own, c).seven = true
  end
end

return melds
