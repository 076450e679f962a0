-- Declarations at a Besigue meld opportunity (BES-R8 … BES-R12, BES-R19):
-- one meld (`meld marriage KS QS`), the trump seven exchanged or shown
-- (`exchange`, `show 7H`), declaring out (`out`), and with option
-- partner_melds the right passed to the partner (`partner`).
--
-- st.chance is the open opportunity: { seat = the player at lead (or the
-- trick's winner before drawing, meld_timing = after_trick_before_draw),
-- melded = true once its one meld is declared, by = the partner when the
-- right was passed to him }. It closes with the lead (or the draw).
local actions = require "talon.actions"
local explain = require "talon.explain"
local score = require "talon.score"
local deal = require "talon.deal"
local melds = require "games.besigue.melds"
local scoring = require "games.besigue.scoring"
local rules = require "games.besigue.rules"

local declare = {}

local EXCHANGE, OUT, PARTNER, PASS = actions.make("exchange"), actions.make("out"),
  actions.make("partner"), actions.make("pass")
declare.PASS = PASS

-- The position of 'seat' for the meld rules: his concealed hand, his
-- table, and with partner_melds (four players) his partner's table.
function declare.position(st, seat)
  local other
  if st.opts.partner_melds and st.n == 4 then other = st.laid[st:partner(seat)] end
  return { hand = st.hands[seat], own = st.laid[seat], other = other, trump = st.trump,
           opts = st.opts }
end

-- Opens the meld opportunity of 'seat' (BES-R8), while the talon lasts.
function declare.open(st, seat)
  if #st.stock > 0 then
    st.chance = { seat = seat, melded = false }
  else
    st.chance = nil
  end
end

-- The seat deciding at the opportunity now: the partner it was passed to,
-- else its holder.
function declare.decider(st)
  local c = st.chance
  return c and (c.by or c.seat)
end

local function side_of(st, seat) return st.side_of[seat] end

-- May 'seat' still exchange or show a trump seven at this opportunity?
local function sevens_open(st)
  return not (st.opts.seven_counts_as_meld and st.chance.melded)
end

-- The exchange of a trump seven for the turn-up (BES-R9): possible while
-- the turn-up is not a seven and the seat holds a trump seven concealed.
function declare.can_exchange(st, seat)
  local up = st.trump_card
  return up and up.rank ~= "7" and #st.stock > 0
    and st.hands[seat]:count(st.deck:card("7" .. st.trump)) > 0
end

-- The declarations 'seat' may make now, appended to 'list'.
function declare.list(st, seat, list)
  local c = st.chance
  if not c or declare.decider(st) ~= seat then return list end
  local forfeit = st.forfeit[side_of(st, seat)]
  local pos = declare.position(st, seat)
  if not c.melded and not forfeit then
    for _, m in ipairs(melds.survey(pos, true)) do
      list[#list + 1] = actions.make("meld", m.cards, m.kind.word)
    end
  end
  if c.by then -- the partner declares one meld or passes
    list[#list + 1] = PASS
    return list
  end
  if not forfeit and sevens_open(st) then
    if declare.can_exchange(st, seat) then list[#list + 1] = EXCHANGE end
    local seven = st.deck:card("7" .. st.trump)
    for k = 1, melds.sevens(pos) do
      list[#list + 1] = actions.make("show", st.deck:hand():add(seven, k))
    end
  end
  if not (c.melded or forfeit) and st.opts.partner_melds and st.n == 4 then
    list[#list + 1] = PARTNER
  end
  list[#list + 1] = OUT
  return list
end

-- ===== applying a declaration

local function meld_event(st, seat, name, cards, points)
  return ("BES-R12: %s declares %s: %s, %d"):format(st.names[seat], name, explain.cards(cards),
    points),
    { seat = seat, meld = name, cards = cards, points = points }
end

-- Credits a meld (or a seven) to the side of 'seat' at once (BES-R16),
-- and keeps it among the deal's melds a wrong declaration takes back; a
-- side that declared out wrongly scores nothing more this deal (E9).
function declare.credit(st, seat, points, rule, why)
  local side = side_of(st, seat)
  if st.forfeit[side] then return end
  st.deal_melds[side] = st.deal_melds[side] + points
  score.add_now(st, side, points, rule, why)
end
local credit = declare.credit

local function do_meld(st, seat, a)
  local pos = declare.position(st, seat)
  local kind, suit, need = melds.match(st.deck, a.extra, a.arg, st.trump, st.opts)
  melds.lay(pos, kind, need)
  local points = melds.points(kind, suit, st.trump, st.opts)
  local name = melds.name(st.deck, kind, suit, st.trump)
  st:log("meld", nil, meld_event, st, seat, name, a.arg:copy(), points)
  credit(st, seat, points, "BES-R12", name)
  st.chance.melded = true
end

local function do_exchange(st, seat)
  local seven = st.deck:card("7" .. st.trump)
  local up = deal.exchange_turn_up(st, st.hands[seat], seven)
  st:log("exchange", { seat = seat, card = up },
    "BES-R9: %s exchanges the trump seven for the turn-up %s", st.names[seat], up)
  credit(st, seat, 10, "BES-R9", "the trump seven exchanged")
end

local function do_show(st, seat, cards)
  local n = #cards
  melds.show_sevens(declare.position(st, seat), n)
  st:log("show", { seat = seat, count = n }, "BES-R9: %s shows %s", st.names[seat],
    explain.cards(cards))
  credit(st, seat, 10 * n, "BES-R9", n == 1 and "a trump seven shown"
    or ("%d trump sevens shown"):format(n))
end

-- BES-R10: right, the match is won; wrong, wrong_out decides (E9).
local function do_out(st, seat)
  local side = side_of(st, seat)
  local total, target = scoring.total(st, side), rules.target(st.opts)
  if total >= target then
    st.outcome = { kind = "out", seat = seat, side = side, total = total }
    st:log("out", { seat = seat, total = total },
      "BES-R10: %s declares out with a total of %d (target %d)", st.names[seat], total, target)
    return "end"
  end
  st:log("out", { seat = seat, total = total, wrong = true },
    "BES-R10: %s declares out wrongly: a total of %d, the target is %d", st.names[seat], total,
    target)
  if st.opts.wrong_out == "lose_match" then
    st.outcome = { kind = "lose", seat = seat, side = side }
    return "end"
  end
  if not st.forfeit[side] then
    st.forfeit[side] = true
    local back = st.deal_melds[side]
    st.deal_melds[side] = 0
    if back ~= 0 then
      score.add_now(st, side, -back, "BES-R10", "a wrong declaration: this deal's melds are lost")
    end
  end
  return nil
end

-- Applies declaration 'a' of 'seat'; returns "end" when it ends the deal,
-- else nil (the opportunity goes on, or closes after a partner's turn).
function declare.apply(st, seat, a)
  local verb, c = a.verb, st.chance
  if verb == "meld" then
    do_meld(st, seat, a)
    c.by = nil
  elseif verb == "pass" then
    c.by, c.melded = nil, true -- the partner declared nothing: the one meld is spent
  elseif verb == "partner" then
    c.by = st:partner(seat)
    st:log("partner", { seat = seat }, "BES-R19: %s lets his partner %s declare",
      st.names[seat], st.names[c.by])
  elseif verb == "exchange" then
    do_exchange(st, seat)
    if st.opts.seven_counts_as_meld then c.melded = true end
  elseif verb == "show" then
    do_show(st, seat, a.arg)
    if st.opts.seven_counts_as_meld then c.melded = true end
  elseif verb == "out" then
    return do_out(st, seat)
  end
  return nil
end

-- ===== why a declaration is refused

local function refuse(st, rule, because, satisfy)
  return st:violation(rule, because, satisfy)
end

-- Who declares under the options' timing (BES-R8), as a refusal says it.
function declare.who(o)
  if o.meld_timing == "at_lead" then
    return "only the player about to lead declares, once, before his lead"
  end
  return "only the winner of a trick declares, once, before he draws"
end

-- The violation for declaration 'a' of 'seat' when it is not legal now.
function declare.why(st, seat, a)
  local c, verb = st.chance, a.verb
  if #st.stock == 0 then
    return refuse(st, "BES-R14", "the talon is empty: no declarations in the last tricks")
  end
  if not c or declare.decider(st) ~= seat then
    return refuse(st, "BES-R8", declare.who(st.opts) .. (st.n > 2 and " (BES-R19)" or ""))
  end
  local forfeit = st.forfeit[side_of(st, seat)]
  local forfeited = "after a wrong declaration of out your side scores nothing more this deal"
  if verb == "meld" then
    if c.melded then return refuse(st, "BES-R8", "one meld per opportunity: already declared") end
    if forfeit then return refuse(st, "BES-R10", forfeited) end
    local kind, suit, need = melds.match(st.deck, a.extra, a.arg, st.trump, st.opts)
    if not kind then return refuse(st, "BES-R12", suit) end
    local ok = melds.allowed(declare.position(st, seat), kind, need)
    if ok ~= true then
      return refuse(st, ok:find("BES%-R11") and "BES-R11" or "BES-R12", ok)
    end
  elseif verb == "exchange" or verb == "show" then
    if forfeit then return refuse(st, "BES-R10", forfeited) end
    if not sevens_open(st) then
      return refuse(st, "BES-R9", "the seven counts as your one meld (seven_counts_as_meld)")
    end
    if verb == "exchange" and st.trump_card and st.trump_card.rank == "7" then
      return refuse(st, "BES-R9", "the turn-up is a seven already")
    end
    return refuse(st, "BES-R9", ("show or exchange trump sevens you hold concealed (7%s)")
      :format(st.trump))
  elseif verb == "partner" then
    return refuse(st, "BES-R19", "only with option partner_melds, four players, before a meld")
  end
  return nil
end

return declare
