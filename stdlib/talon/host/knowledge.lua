-- talon.host.knowledge: what one seat knows of the cards it cannot see,
-- with perfect recall, action by action.
--
-- A tracker follows a running game for one seat. It replays the game's
-- actions on a shadow game of its own (the host's full view), and after
-- each one it keeps, for every place the seat cannot see now
-- (talon.host.visibility), the cards the seat knows lie there:
--  * cards it saw that moved there openly (a face-up trick gathered into
--    a won pile, the turned trump drawn from the stock, its own passed or
--    discarded cards, the cards an open action names);
--  * cards shown to it (the declaration's `shown`, st.known), from the
--    moment they are shown;
--  * maybe sets: known cards of another seat's hand that may have left it
--    in that seat's private action (a face-down discard): they lie in his
--    hand or in a place that received cards then, and the set follows
--    those places as their cards move on;
-- and, for every other seat, the cards that seat cannot hold: the
-- inferences of the rules. When a seat openly plays cards C, every card
-- x such that the game's own `legal` hook refuses C from the hand C + x
-- is ruled out for it (it did not follow, did not trump, did not beat
-- when the rules required it). That is exact for obligations of the
-- "if you hold one of these, play one of these" kind, which is what every
-- trickrules key states, and it is the game's hook that answers, so a
-- variant's house rule is inferred as the game plays it. A seat's
-- exclusions are forgotten when unseen cards reach its hand (a draw from
-- the stock), and everything is forgotten at a new hand.
local game = require "talon.game"
local sandbox = require "talon.host.sandbox"
local visibility = require "talon.host.visibility"
local actions = require "talon.actions"

local knowledge = {}

local T = {}
local t_mt = { __index = T }

-- The cards an action plays: a Card, the Hand of an action's argument,
-- or nil (a bid, a pass).
local function cards_of(a)
  if actions.is_card(a) then return a end
  if type(a) == "table" and type(a.arg) == "userdata" then return a.arg end
  return nil
end

-- A snapshot of every place: name -> { p = place, cards = Hand copy,
-- visible = bool, known = Hand (hidden places) }.
local function snapshot(tr)
  local st = tr.shadow.state
  local vis, snap = tr.vis, {}
  local order = {}
  for _, p in ipairs(visibility.places(tr.def, st)) do
    local seen = visibility.sees(vis, st, p, tr.seat)
    snap[p.name] = { p = p, cards = p.cards:copy(), visible = seen }
    order[#order + 1] = p.name
  end
  return snap, order
end

local function fresh(tr)
  tr.excl, tr.shown, tr.maybe = {}, nil, {}
  tr.snap, tr.order = snapshot(tr)
  for _, e in pairs(tr.snap) do
    if not e.visible then e.known = tr.blank:copy() end
  end
  tr.hand_no = tr.shadow.state.hand_no
end

-- ===== inferences of the rules

-- Would the shadow's current phase refuse 'a' (cards 'c') of 'seat' from
-- the hand c + x? The game's own legal hook answers, on the hand swapped in.
local function refused(tr, seat, a, c, x)
  local S = tr.shadow
  local st, ph = S.state, S.ph
  local real = st.hands[seat]
  local h = tr.blank:copy():add(c):add(x)
  st.hands[seat] = h
  local ok, legal = pcall(ph.legal, st, seat)
  st.hands[seat] = real
  if not ok then error(legal, 0) end
  if ph.cards then return legal:count(a) == 0 end
  for _, b in ipairs(legal) do
    if actions.equal(a, b) then return false end
  end
  return true
end

-- The kinds ruled out for 'seat' by its open play 'a', added to its
-- exclusions.
local function infer(tr, seat, a)
  local c = cards_of(a)
  if c == nil then return end
  local st = tr.shadow.state
  local ex = tr.excl[seat] or tr.blank:copy()
  local played = st.deck:hand(c)
  for _, x in ipairs(tr.kinds) do
    if ex:count(x) == 0 and st.full:count(x) > played:count(x)
        and refused(tr, seat, a, played, x) then
      ex:add(x)
    end
  end
  tr.excl[seat] = ex
  -- the phase wrote the hypothetical hands' legal cards into the Hand the
  -- shadow caches (tricks.phase reuses one): it finds them again
  local S = tr.shadow
  S.legal_h, S.legal_list, S.picked = nil, nil, nil
end

-- ===== following the cards

-- The maybe sets after an action: places that lost cards gain the hidden
-- places that received some (a trick gathered, a private discard), and a
-- set never holds more copies of a card than its places may still hide.
local function widen(tr, after, moved, receivers)
  local keep = {}
  for _, m in ipairs(tr.maybe) do
    local grow = false
    for name in pairs(m.places) do grow = grow or moved[name] or not after[name] end
    if grow then
      for name in pairs(receivers) do m.places[name] = true end
    end
    local room = tr.blank:copy()
    for name in pairs(m.places) do
      local e = after[name]
      if e and not e.visible then room:add(e.cards - e.known) end
    end
    m.cards = m.cards * room
    if #m.cards > 0 then keep[#keep + 1] = m end
  end
  tr.maybe = keep
end

-- After an action of 'mover' ('private': seen only by the mover;
-- 'shown': the cards an open action names, which everyone saw leave the
-- mover's hand): the known cards of every hidden place, from the
-- snapshots before and after. Known cards of the mover's hand that may
-- have left it unseen (his private action) become a maybe set: they lie
-- in his hand or in a place that received cards.
local function follow(tr, before, mover, private, shown)
  local after, order = snapshot(tr)
  local blank = tr.blank
  local pool = blank:copy() -- known cards that left their place
  local moved, receivers, unsure = {}, {}, nil
  for name, e in pairs(before) do
    local now = after[name]
    local dep = e.cards - (now and now.cards or blank)
    if #dep > 0 then moved[name] = true end
    local known = e.visible and e.cards or e.known
    if shown and e.p.key == "hands" and e.p.seat == mover then known = known + shown end
    local tracked = e.visible or not (private and mover ~= tr.seat and e.p.key == "hands"
      and e.p.seat == mover)
    local kd = tracked and known * dep or blank
    pool:add(kd)
    if now and not now.visible then
      if tracked then
        now.known = e.visible and (e.cards - dep) or (e.known - kd)
      elseif #dep == 0 or #e.known == 0 then
        now.known = e.known
      else
        -- his known cards may have left unseen: in his hand, or where
        -- cards went in this action
        now.known = blank:copy()
        unsure = { cards = e.known:copy(), places = { [name] = true } }
      end
    end
  end
  for _, name in ipairs(order) do
    local e = after[name]
    if not e.visible then
      e.known = e.known or blank:copy()
      local prev = before[name]
      local arr = e.cards - (prev and prev.cards or blank)
      if #arr > 0 then
        local ka = arr * pool
        e.known:add(ka)
        pool = pool - ka
        if #arr > #ka then
          receivers[name] = true
          if e.p.key == "hands" then tr.excl[e.p.seat] = nil end
        end
      end
    end
  end
  if unsure then tr.maybe[#tr.maybe + 1] = unsure end
  tr.snap, tr.order = after, order
  widen(tr, after, moved, receivers)
end

-- Where shown cards are looked for when the game does not say: the
-- places a shown card lies in most often first.
local SEARCH = { stock = 1, discards = 2, zone = 3, won = 4, aside = 5, trick = 6, hands = 7 }

local function place_order(tr)
  local list = {}
  for i, name in ipairs(tr.order) do list[i] = name end
  table.sort(list, function(a, b)
    local ka, kb = SEARCH[tr.snap[a].p.key], SEARCH[tr.snap[b].p.key]
    if ka ~= kb then return ka < kb end
    return a < b
  end)
  return list
end

-- Marks 'n' copies of 'x' as known in the hidden places 'names' (in
-- order), as far as they hold unknown copies.
local function locate(tr, names, x, n)
  for _, name in ipairs(names) do
    local e = tr.snap[name]
    if n == 0 then return end
    if e and not e.visible then
      local k = math.min(e.cards:count(x) - e.known:count(x), n)
      if k > 0 then
        e.known:add(x, k)
        n = n - k
      end
    end
  end
end

-- Cards newly shown to the seat (the declaration's `shown`, st.known):
-- known where they lie now.
local function showings(tr)
  local st = tr.shadow.state
  local shown, before = visibility.shown(tr.vis, st, tr.seat), tr.shown or {}
  tr.shown = shown
  if not shown then return end
  local anywhere, wheres = nil, {}
  for where in pairs(shown) do wheres[#wheres + 1] = where end
  table.sort(wheres, function(a, b) return a ~= "" and (b == "" or a < b) end)
  for _, where in ipairs(wheres) do
    local h = shown[where]
    local new = before[where] and h - before[where] or h
    if #new > 0 then
      local names = { where }
      if where == "" then
        anywhere = anywhere or place_order(tr)
        names = anywhere
      end
      for x, n in new:each() do locate(tr, names, x, n) end
    end
  end
end

-- Known cards never outnumber a place (a known card left another seat's
-- hand unseen, KOZ-R10): the excess is forgotten.
local function cap(tr)
  for _, e in pairs(tr.snap) do
    if not e.visible and #e.known > #e.cards then
      local keep = e.known * e.cards
      while #keep > #e.cards do keep:remove(keep:nth(#keep)) end
      e.known = keep
    end
  end
end

-- Follows one action of the game: 'a' by 'seat'.
local function step(tr, a, seat)
  local S = tr.shadow
  local st = S.state
  local private = game.private(S.ph, st, seat, a)
  local c = not private and cards_of(a)
  local shown = c and st.deck:hand(c) or nil
  if seat ~= tr.seat and shown then infer(tr, seat, a) end
  local hand_no = st.hand_no
  local before = tr.snap
  S:play(a)
  if S:over() then return end
  if st.hand_no ~= hand_no then
    fresh(tr)
  else
    follow(tr, before, seat, private, shown)
  end
  showings(tr)
  cap(tr)
end

local function catch_up(tr)
  local g = tr.g
  while tr.k < g.nact and not tr.shadow:over() do
    local k = tr.k + 1
    step(tr, g.act[k], g.act_seat[k])
    tr.k = k
  end
end

-- Catches up with the game: every action not yet followed, in one call
-- charged to the tracker's meter (the inferences ask the game's hooks).
function T:update()
  local ok, err = sandbox.walk(self.meter, catch_up, self)
  if not ok then error(err, 0) end
  return self
end

-- ===== the tracker

-- A tracker of what 'seat' knows in running game 'g' (a game started
-- from a deal, a record or a position): it follows the actions played so
-- far and later ones at each update. Its calls into game code are
-- charged to 'meter' (default: a meter of its own).
function knowledge.new(g, seat, meter)
  local params = {}
  for k, v in pairs(g.params) do params[k] = v end
  params.quiet, params.checking = true, nil
  local shadow = require("talon.host.running").new(g.def, params, g.deck)
  local tr = setmetatable({ g = g, def = g.def, seat = seat, shadow = shadow, k = 0,
                            vis = visibility.of(g.def), blank = g.deck:hand(),
                            kinds = g.deck:kinds(),
                            meter = meter or sandbox.meter(("knowledge of seat %d"):format(seat)),
                          }, t_mt)
  local ok, err = sandbox.walk(tr.meter, function()
    fresh(tr)
    showings(tr)
  end)
  if not ok then error(err, 0) end
  return tr:update()
end

-- What the seat knows now: a list of the places it cannot see, each {
-- name =, key =, seat =, size =, known = Hand, pile = the Pile (stock),
-- play = index (trick) }, the cards it sees (a Hand), the exclusions per
-- seat (seat -> Hand of the kinds it cannot hold), and the maybe sets (a
-- list of { cards = Hand, places = names }: cards known to lie in one of
-- those hidden places).
function T:now()
  local hidden, seen = {}, self.blank:copy()
  for _, name in ipairs(self.order) do
    local e = self.snap[name]
    if e.visible then
      seen:add(e.cards)
    else
      hidden[#hidden + 1] = { name = name, key = e.p.key, seat = e.p.seat, size = #e.cards,
                              known = e.known, pile = e.p.pile, play = e.p.play,
                              zone = e.p.zone }
    end
  end
  local maybe = {}
  for i, m in ipairs(self.maybe) do
    local places = {}
    for name in pairs(m.places) do places[#places + 1] = name end
    table.sort(places)
    maybe[i] = { cards = m.cards, places = places }
  end
  return { hidden = hidden, seen = seen, excl = self.excl, seat = self.seat, maybe = maybe }
end

-- The shadow game (the host's full view, at the same point as the game).
function T:game() return self.shadow end

return knowledge
