-- talon.host.visibility: who may see each card place of a game, from the
-- game's one declaration (the definition's `visibility` key).
--
-- Every card lies in a place: a seat's hand, won pile or cards set aside
-- in a pass, the stock, the discards, a play of the current trick, or one
-- of the game's own zones. The declaration says who sees the cards of
-- each kind of place; the size of every place is public. Views
-- (talon.host.view: `v.places`), the tracker of what a seat knows
-- (talon.host.knowledge) and the sampler of hidden cards
-- (talon.host.sample) all read it here, so a game cannot show one thing
-- and let the sampler assume another.
--
--   visibility = {
--     hands = "owner",     -- st.hands[s]: its seat
--     won = "all",         -- st.won[s]: everyone (cards won face up)
--     stock = "none",      -- nobody, but its size
--     discards = function(st, seat) return seat == st.declarer end,
--     aside = "owner",     -- st.aside[s] (talon.passing)
--     zones = { widow = "none" },  -- the game's own zones, by name
--     shown = function(st, seat, show) show(st.trump_card) end,
--   }
--
-- A rule is "owner" (the seat the place belongs to; nobody for the stock
-- and the discards), "all", "none", or function(st, seat, owner) ->
-- boolean (named seats: a declarer's discards). `shown(st, seat, show)`
-- names cards of hidden places that `seat` sees now wherever they lie (a
-- turned trump under the stock, melds laid out from a hand): show(cards)
-- takes a Card or a Hand. The plays of the trick are the framework's: a
-- face-up play is seen by all, a face-down one by its player only
-- (KOZ-R10). show(cards, where) may name the place the cards lie in: a
-- seat (its hand) or a place name ("discards"); without it they are
-- looked for in the stock, then the discards, the won piles and the
-- hands. A game that declares nothing gets DEFAULT: its own hand
-- visible to each seat, everything else hidden but sized.
local game = require "talon.game"

local visibility = {}

visibility.DEFAULT = { hands = "owner", won = "none", stock = "none", discards = "none",
                       aside = "owner" }

-- Checks a declaration (talon.game checks every definition with it);
-- raises "visibility.KEY must be ..." naming the key at fault.
function visibility.check(decl) game.check_visibility(decl) end

-- The declaration of 'def' with the defaults filled in (made once per
-- definition).
local resolved = setmetatable({}, { __mode = "k" })
function visibility.of(def)
  local r = resolved[def]
  if r then return r end
  local decl = def.visibility or {}
  visibility.check(decl)
  r = { zones = decl.zones or {}, shown = decl.shown }
  for k, v in pairs(visibility.DEFAULT) do r[k] = decl[k] or v end
  resolved[def] = r
  return r
end

-- ===== places

-- Every card place of state 'st' of definition 'def', in a fixed order:
-- a list of { name =, key =, seat =, cards = Hand, pile = Pile?, play =
-- index?, down = bool? }. 'key' is the declaration's key ("hands", "won",
-- "stock", "discards", "aside", "trick", "zone"); the cards are the
-- state's own objects (do not change them).
function visibility.places(def, st)
  local list = {}
  local function add(p) list[#list + 1] = p end
  for s = 1, st.n do
    add { name = "hand " .. s, key = "hands", seat = s, cards = st.hands[s] }
    add { name = "won " .. s, key = "won", seat = s, cards = st.won[s] }
  end
  if st.stock then
    add { name = "stock", key = "stock", cards = st.stock:hand(), pile = st.stock }
  end
  add { name = "discards", key = "discards", cards = st.discards }
  local aside = st.aside
  if aside then
    for s = 1, st.n do
      if aside[s] then add { name = "aside " .. s, key = "aside", seat = s, cards = aside[s] } end
    end
  end
  local ct = st.ctrick
  for i = 1, ct and #ct or 0 do
    local seat, cards, down = ct:at(i)
    add { name = "trick " .. i, key = "trick", seat = seat, play = i, down = down or false,
          cards = st.deck:hand(cards) }
  end
  if def.zones then
    def.zones(st, function(name, cards)
      add { name = "zone " .. tostring(name), key = "zone", zone = name, cards = cards }
    end)
  end
  return list
end

local function rule_says(r, st, seat, owner)
  if r == "all" then return true end
  if r == "none" then return false end
  if r == "owner" then return owner ~= nil and owner == seat end
  return r(st, seat, owner) and true or false
end

-- Does 'seat' see the cards of place 'p' (of visibility.places) now?
function visibility.sees(vis, st, p, seat)
  local key = p.key
  if key == "trick" then return not p.down or p.seat == seat end
  if key == "zone" then return rule_says(vis.zones[p.zone] or "none", st, seat, nil) end
  return rule_says(vis[key], st, seat, p.seat)
end

-- The cards 'seat' is shown now by the declaration's `shown` and by the
-- framework's st.known[seat] (a peeked card): where -> Hand, 'where' the
-- name of the place they lie in ("hand 2"), or "" when the game did not
-- say. Cards shown twice to one place count once.
function visibility.shown(vis, st, seat)
  local out
  local function show(cards, where)
    if cards == nil then return end
    if math.type(where) == "integer" then where = "hand " .. where end
    where = where or ""
    out = out or {}
    local h = out[where]
    if not h then
      out[where] = st.deck:hand(cards)
    else
      h:add(st.deck:hand(cards) - h)
    end
  end
  if vis.shown then vis.shown(st, seat, show) end
  if st.known and st.known[seat] then show(st.known[seat]) end
  return out
end

-- The names of the places of a seat or a play ("hand 3", "trick 2"),
-- each made once: a view names every place at every decision of a bot.
local function names(prefix)
  return setmetatable({}, { __index = function(t, i)
    local name = prefix .. " " .. i
    t[i] = name
    return name
  end })
end
local HAND, WON, ASIDE, TRICK = names("hand"), names("won"), names("aside"), names("trick")

-- (the size read before the rule is asked, as visibility.seen always has)
local function entry(name, cards, rule, st, seat, owner)
  local size = #cards
  local visible = rule_says(rule, st, seat, owner)
  return { name = name, size = size, cards = visible and cards:copy() or nil }
end

-- What 'seat' sees of every place now, for its view: a list of { name =,
-- size =, cards = a copy of the Hand, or nil when hidden }, the places of
-- visibility.places in its order, and the game's hooks (its zones, then
-- its rules, place by place) called as visibility.sees would call them;
-- made without the list of places (a bot's view is made at every one of
-- its decisions).
function visibility.seen(def, st, seat)
  local vis, out, k = visibility.of(def), {}, 0
  local zones
  if def.zones then
    zones = {}
    def.zones(st, function(name, cards)
      zones[#zones + 1] = { name, cards }
    end)
  end
  local hands, won = vis.hands, vis.won
  for s = 1, st.n do
    out[k + 1] = entry(HAND[s], st.hands[s], hands, st, seat, s)
    out[k + 2] = entry(WON[s], st.won[s], won, st, seat, s)
    k = k + 2
  end
  local stock = st.stock
  if stock then
    k = k + 1
    out[k] = { name = "stock", size = #stock,
               cards = rule_says(vis.stock, st, seat, nil) and stock:hand() or nil }
  end
  k = k + 1
  out[k] = entry("discards", st.discards, vis.discards, st, seat, nil)
  local aside = st.aside
  if aside then
    for s = 1, st.n do
      if aside[s] then
        k = k + 1
        out[k] = entry(ASIDE[s], aside[s], vis.aside, st, seat, s)
      end
    end
  end
  local ct = st.ctrick
  for i = 1, ct and #ct or 0 do
    local owner, cards, down = ct:at(i)
    local h = st.deck:hand(cards)
    k = k + 1
    out[k] = { name = TRICK[i], size = #h,
               cards = (not down or owner == seat) and h or nil }
  end
  for _, z in ipairs(zones or {}) do
    local name = z[1]
    k = k + 1
    out[k] = entry("zone " .. tostring(name), z[2], vis.zones[name] or "none", st, seat, nil)
  end
  return out
end

return visibility
