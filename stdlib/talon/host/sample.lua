-- talon.host.sample: deals of the cards one seat cannot see, uniform
-- over the deals consistent with what it knows (talon.host.knowledge).
--
-- The unseen cards (the deck less the cards the seat sees and the cards
-- it knows to lie in hidden places) go into the free room of the hidden
-- places: other hands, the stock, the discards, won piles and face-down
-- plays it did not see, cards set aside, the game's zones. The rules'
-- inferences rule some cards out of some hands. Cards with the same
-- exclusions are interchangeable ("types"); the number of deals that put
-- k_g cards of each type into each constrained hand g is a product of
-- multinomials, so a count over the types and the room left in each
-- constrained hand (made once per decision) lets every sample be drawn
-- exactly uniformly, type after type, with no rejection. The places
-- without exclusions take the rest at random. Copies of a kind count as
-- distinct cards, so with a doubled deck the deals are uniform over the
-- physical cards.
--
-- sample.plan(g, info) prepares a decision (info = tracker:now()),
-- sample.deal(plan, rng) draws a deal, sample.world(plan, deal, base)
-- writes it into a fork of the game (talon.host.fork): a determinisation,
-- a game in which every card is somewhere, consistent with the seat's
-- view, ready to be played out.
local fork = require "talon.host.fork"

local sample = {}

local FACT = { [0] = 1.0 }
for i = 1, 255 do FACT[i] = FACT[i - 1] * i end

-- ===== the plan of a decision

-- The groups: one per hidden place with free room (its size less the
-- cards known to lie there).
local function groups_of(info)
  local list, by_name = {}, {}
  for _, h in ipairs(info.hidden) do
    local room = h.size - #h.known
    if room > 0 then
      list[#list + 1] = { place = h, room = room }
      by_name[h.name] = #list
    end
  end
  return list, by_name
end

-- The unseen cards as types: cards allowed in the same groups (a bit
-- mask over the groups: not where the rules rule them out, only in its
-- places for a card of a maybe set) form one type, with its physical
-- cards. 'loose': maybe sets ignored.
local function types_of(info, unseen, groups, by_name, loose)
  local all = (1 << #groups) - 1
  local function allowed(x, places)
    local mask = 0
    for i, gr in ipairs(groups) do
      local h = gr.place
      local ex = h.key == "hands" and info.excl[h.seat]
      if not (ex and ex:count(x) > 0) and (not places or places[h.name]) then
        mask = mask | (1 << (i - 1))
      end
    end
    return mask
  end
  local by_mask, types = {}, {}
  local function add(x, mask, n)
    local t = by_mask[mask]
    if not t then
      t = { mask = mask, cards = {} }
      by_mask[mask] = t
      types[#types + 1] = t
    end
    for _ = 1, n do t.cards[#t.cards + 1] = x end
  end
  local maybe = {}
  for _, m in ipairs(loose and {} or info.maybe or {}) do
    local places = {}
    for _, name in ipairs(m.places) do
      if by_name[name] then places[name] = true end
    end
    maybe[#maybe + 1] = { cards = m.cards, places = places }
  end
  for x, n in unseen:each() do
    for _, m in ipairs(maybe) do
      local k = math.min(n, m.cards:count(x))
      if k > 0 then
        add(x, allowed(x, m.places), k)
        n = n - k
      end
    end
    if n > 0 then add(x, allowed(x), n) end
  end
  table.sort(types, function(a, b) return a.mask < b.mask end)
  return types, all
end

-- The classes: groups every type may or may not enter alike. Within a
-- class any card goes anywhere, so only the count of each type a class
-- takes matters; the largest class (the spare) takes the rest of each
-- type. Returns the classes (spare last) and, per type, the bit mask of
-- the other classes it may enter and whether the spare takes it.
local function classes_of(groups, types)
  local by_col, classes = {}, {}
  for gi, gr in ipairs(groups) do
    local col = {}
    for ti, ty in ipairs(types) do
      col[ti] = ty.mask & (1 << (gi - 1)) ~= 0 and "1" or "0"
    end
    local key = table.concat(col)
    local c = by_col[key]
    if not c then
      c = { groups = {}, room = 0 }
      by_col[key] = c
      classes[#classes + 1] = c
    end
    c.groups[#c.groups + 1] = gi
    c.room = c.room + gr.room
  end
  if #classes == 0 then return { { groups = {}, room = 0 } }, 0 end -- nothing hidden
  local spare = 1
  for i, c in ipairs(classes) do
    if c.room > classes[spare].room then spare = i end
  end
  local last = table.remove(classes, spare)
  classes[#classes + 1] = last
  local nc = #classes - 1
  for _, ty in ipairs(types) do
    local m = 0
    for i = 1, nc do
      if ty.mask & (1 << (classes[i].groups[1] - 1)) ~= 0 then m = m | (1 << (i - 1)) end
    end
    ty.cmask = m
    ty.spare = ty.mask & (1 << (classes[#classes].groups[1] - 1)) ~= 0
  end
  return classes, nc
end

-- Every split of 'n' cards of a type among the classes it may enter
-- ('mask' over the nc first; the spare takes the rest when 'spare', up
-- to 'spare_room'): calls f(k) with k[i] per class and k[0] the spare's.
local function splits(n, mask, caps, nc, spare, spare_room, f)
  local k = {}
  local function rec(i, left)
    if i > nc then
      if left == 0 or (spare and left <= spare_room) then
        k[0] = left
        f(k)
      end
      return
    end
    if mask & (1 << (i - 1)) == 0 then
      k[i] = 0
      return rec(i + 1, left)
    end
    for j = 0, math.min(left, caps[i]) do
      k[i] = j
      rec(i + 1, left - j)
    end
  end
  rec(1, n)
end

-- The counting table: ways(t, caps) is the number of deals of types t..
-- into the room 'caps' of the classes (the spare's room follows from
-- them), up to factors that are the same for every deal. Each state
-- keeps its splits and their cumulative weights for drawing.
local function count(plan)
  local types, nc, memo, base = plan.types, plan.nc, {}, plan.base
  local function key(t, caps)
    local k = t
    for i = 1, nc do k = k * base + caps[i] end
    return k
  end
  local ways
  ways = function(t, caps, spare)
    if t > #types then
      for i = 1, nc do if caps[i] ~= 0 then return 0.0 end end
      return spare == 0 and 1.0 or 0.0
    end
    local kk = key(t, caps)
    local m = memo[kk]
    if m then return m.total end
    local ty = types[t]
    local n = #ty.cards
    local list, total = {}, 0.0
    splits(n, ty.cmask, caps, nc, ty.spare, spare, function(k)
      local w = FACT[n] / FACT[k[0]]
      local sub = {}
      for i = 1, nc do
        w = w / FACT[k[i]]
        sub[i] = caps[i] - k[i]
      end
      w = w * ways(t + 1, sub, spare - k[0])
      if w > 0 then
        total = total + w
        local kc = { [0] = k[0] }
        for i = 1, nc do kc[i] = k[i] end
        list[#list + 1] = { w = total, k = kc, caps = sub }
      end
    end)
    memo[kk] = { total = total, list = list }
    return total
  end
  plan.memo, plan.key = memo, key
  local caps = {}
  for i = 1, nc do caps[i] = plan.classes[i].room end
  plan.caps0 = caps
  plan.total = ways(1, caps, plan.classes[nc + 1].room)
end

-- The number of states the count would visit at most.
local function states(plan)
  local n = #plan.types
  for i = 1, plan.nc do n = n * (plan.classes[i].room + 1) end
  return n
end

-- Above this many states a plan drops its maybe sets (the deals stay
-- consistent with the rules' inferences, but a card that may have been
-- discarded unseen may then be dealt anywhere unseen).
local MAX_STATES = 200000

-- The stock's known cards by position (top first): position -> card, for
-- the cards the seat knows lie in it (the turned trump at the bottom, a
-- peeked top card).
local function stock_known(h)
  local at, left = {}, h.known:copy()
  local cards = h.pile:cards()
  for i = #cards, 1, -1 do -- from the bottom: a turned card lies there
    local c = cards[i]
    if left:count(c) > 0 then
      at[i] = c
      left:remove(c)
    end
  end
  return at, #cards
end

-- Where the cards shown to other seats (st.known: a peeked card) lie in
-- the stock, by seat: the sample shows them the cards found there.
local function peeks(st, me)
  local out = {}
  if not st.stock then return out end
  local cards = st.stock:cards()
  for s, h in pairs(st.known or {}) do
    if s ~= me then
      local at = {}
      for i, c in ipairs(cards) do
        if h:count(c) > 0 and #at < #h then at[#at + 1] = i end
      end
      out[s] = at
    end
  end
  return out
end

-- The plan of a decision of the seat of 'info' (tracker:now()) in game
-- 'g' (at the same point: the host's view, used only for the sizes and
-- the order of the stock, and to build the worlds).
function sample.plan(g, info)
  local st = g.state
  local unseen = st.full - info.seen
  for _, h in ipairs(info.hidden) do unseen = unseen - h.known end
  local groups, by_name = groups_of(info)
  local room = 0
  for _, gr in ipairs(groups) do room = room + gr.room end
  if room ~= #unseen then
    error(("sample: %d unseen cards for %d places in hidden places"):format(#unseen, room), 0)
  end
  local plan = { g = g, seat = info.seat, info = info, unseen = unseen, groups = groups,
                 peeks = peeks(st, info.seat) }
  for _, loose in ipairs { false, true } do
    plan.types = types_of(info, unseen, groups, by_name, loose)
    plan.classes, plan.nc = classes_of(groups, plan.types)
    if states(plan) <= MAX_STATES then break end
  end
  plan.base = 1
  for i = 1, plan.nc do plan.base = math.max(plan.base, plan.classes[i].room + 1) end
  for _, h in ipairs(info.hidden) do
    if h.key == "stock" then plan.stock_at, plan.stock_n = stock_known(h) end
  end
  count(plan)
  if plan.total <= 0 then error("sample: no deal is consistent with what the seat knows", 0) end
  return plan
end

-- ===== drawing a deal

-- Appends list[from .. from + n - 1] to lists[i] (made by a constructor
-- the first time, at its final size; later by one table.move): a deal is
-- drawn for every few futures, and a list filled a card at a time is
-- rehashed at every power of two.
local move, unpack = table.move, table.unpack
local function take(list, from, n, lists, i)
  local into = lists[i]
  if into == nil then
    lists[i] = { unpack(list, from, from + n - 1) }
  elseif n > 0 then
    move(list, from, from + n - 1, #into + 1, into)
  end
  return from + n
end

-- A deal drawn uniformly: a list of cards per group (plan.groups).
function sample.deal(plan, rng)
  local groups, classes, nc = plan.groups, plan.classes, plan.nc
  local per_class = {}
  local caps = plan.caps0
  for t, ty in ipairs(plan.types) do
    local m = plan.memo[plan.key(t, caps)]
    local r = rng:below(1 << 53) / (1 << 53) * m.total
    local pick = m.list[#m.list]
    for _, e in ipairs(m.list) do
      if r < e.w then pick = e break end
    end
    local cards = { unpack(ty.cards) }
    rng:shuffle(cards)
    local at = 1
    for i = 1, nc do at = take(cards, at, pick.k[i], per_class, i) end
    take(cards, at, pick.k[0], per_class, nc + 1)
    caps = pick.caps
  end
  local out = {} -- every group is in one class: each gets its list below
  for i, c in ipairs(classes) do
    local cards = per_class[i] or {}
    rng:shuffle(cards)
    local at = 1
    for _, gi in ipairs(c.groups) do at = take(cards, at, groups[gi].room, out, gi) end
  end
  return out
end

-- ===== a determinisation

-- The stock of a world: the known cards at their places, the group's
-- cards in the free ones.
local function stock_of(plan, cards)
  local list, j = {}, 1
  for i = 1, plan.stock_n do
    local c = plan.stock_at[i]
    if not c then
      c = cards[j]
      j = j + 1
    end
    list[i] = c
  end
  return list
end

local NONE = {} -- no cards (never changed)

-- Writes deal 'deal' into a fork of 'base' (a fork of the game at the
-- decision, talon.host.fork): every hidden place of the seat holds its
-- known cards and its share of the deal. Returns the world, a game.
function sample.world(plan, deal, base)
  local w = fork.again(base)
  local st = w.state
  local deck = st.deck
  local replace
  local filled = {}
  for i, gr in ipairs(plan.groups) do filled[gr.place] = deal[i] end
  for _, h in ipairs(plan.info.hidden) do
    local cards = filled[h]
    local key = h.key
    if key == "stock" then
      st.stock = deck:pile(stock_of(plan, cards or NONE))
    elseif key == "trick" then
      replace = replace or {}
      replace[h.play] = deck:hand(cards or NONE):add(h.known)
    elseif cards ~= nil then
      -- (a place that gets no unseen card holds just the cards the seat
      -- knows there, in the game as in the fork of it: it stays as it is)
      local into
      if key == "hands" then into = st.hands[h.seat]
      elseif key == "won" then into = st.won[h.seat]
      elseif key == "discards" then into = st.discards
      elseif key == "aside" then into = st.aside[h.seat]
      elseif key == "zone" then
        w.def.zones(st, function(name, z) if name == h.zone then into = z end end)
      end
      into:clear():add(h.known):add(cards)
    end
  end
  if replace then st.ctrick = fork.trick(w.def, w.ph, st, st.ctrick, replace) end
  for s, at in pairs(plan.peeks) do
    local shown = deck:hand()
    local pile = st.stock:cards()
    for _, i in ipairs(at) do shown:add(pile[i]) end
    st.known[s] = shown
  end
  return w
end

return sample
