-- Views (docs/framework.md §6): the view of a seat never contains another
-- seat's hidden cards, the stock or the discards — checked at every step of
-- random Hokm games of all three forms (HOK-R17: discards unseen; HOK-R18:
-- only the drawer sees the card he looks at).
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local bot = require "talon.host.bot"
local talon = require "talon"

local def = assert(loader.load("hokm"))
local card_mt

-- Every Card reachable from a view (Hands expanded), keyed by card.
local function cards_in(v, out, seen)
  seen = seen or {}
  for _, x in pairs(v) do
    local mt = getmetatable(x)
    if mt == card_mt then out[x] = true
    elseif mt and type(x.cards) == "function" then
      for _, c in ipairs(x:cards()) do out[c] = true end
    elseif type(x) == "table" and not seen[x] then
      seen[x] = true
      cards_in(x, out, seen)
    end
  end
  return out
end

local function hidden_from(g, seat)
  local st = g.state
  local h = st.deck:hand()
  for s = 1, st.n do if s ~= seat then h:add(st.hands[s]) end end
  h:add(st.discards)
  if st.stock then h:add(st.stock:hand()) end
  if st.known[seat] then h = h - st.known[seat] end
  return h
end

-- Event texts may name the seat's own discards; other hands and the stock
-- never.
local function hidden_text(g, seat)
  local st = g.state
  local h = st.deck:hand()
  for s = 1, st.n do if s ~= seat then h:add(st.hands[s]) end end
  if st.stock then h:add(st.stock:hand()) end
  if st.known[seat] then h = h - st.known[seat] end
  return h
end

local function check_view(g, seat)
  local v = g:view(seat)
  local hidden = hidden_from(g, seat)
  for c in pairs(cards_in(v, {})) do
    if hidden:count(c) > 0 then return ("seat %d sees hidden %s"):format(seat, c:name("ascii")) end
  end
  local from = 1
  for i, ev in ipairs(v.events) do if ev.kind == "hand" then from = i end end
  local secret = hidden_text(g, seat)
  for i = from, #v.events do
    local text = v.events[i].text or ""
    for _, c in ipairs(secret:cards()) do
      local named = text:find(c:name("ascii"), 1, true) or text:find(tostring(c), 1, true)
      if named then
        return ("seat %d reads hidden %s in '%s'"):format(seat, c:name("ascii"), text)
      end
    end
  end
  return nil
end

for _, n in ipairs({ 4, 3, 2 }) do
  t.test(("%d players: no view leaks a hidden card"):format(n), function()
    for seed = 1, 6 do
      local g = game.new(def, { options = { players = n }, seed = seed, hands = 1 })
      card_mt = getmetatable(g.state.deck:kinds()[1])
      local rng = talon.rng(seed)
      while not g:over() do
        for s = 1, n do
          local bad = check_view(g, s)
          t.ok(not bad, bad or "")
        end
        t.eq(#g:view(g:mover()).hand, #g.state.hands[g:mover()], "own hand visible")
        g:play(bot.random(g, rng))
      end
    end
  end)
end

t.test("view refuses a bad seat", function()
  local g = game.new(def, { seed = 1, hands = 1 })
  t.checkerror("seat 1..4", g.view, g, 9)
end)

-- Partnerships are public (HOK-R1: four players play in two fixed
-- partnerships, partners opposite; three players each for himself): the
-- view carries them as copies, so a bot asks the view for its partner.
t.test("a view has the sides and side_of of the state, as copies", function()
  local g4 = game.new(def, { seed = 3, hands = 1 })
  local v = g4:view(2)
  t.eq(v.sides, g4.state.sides, "four players: the state's partnerships")
  t.eq(#v.sides, 2, "two sides")
  t.eq(v.sides[v.side_of[1]], v.sides[v.side_of[3]], "seats 1 and 3 together (HOK-R1)")
  v.sides[1][1], v.side_of[1] = 99, 99
  t.ok(g4.state.sides[1][1] ~= 99 and g4.state.side_of[1] ~= 99, "a copy: the state is untouched")
  local g3 = game.new(def, { seed = 3, hands = 1, options = { players = 3 } })
  t.eq(g3:view(1).sides, { { 1 }, { 2 }, { 3 } }, "three players: each his own side")
  t.eq(g3:view(1).side_of, { 1, 2, 3 }, "side_of")
end)

-- docs/framework.md §6 "places": v.places lists every card place of
-- visibility.places in its order, each with its size and, where the game's
-- visibility declaration lets the seat see it (visibility.sees), a copy of
-- its cards. Checked for every seat at every step of random games of
-- games that declare owners, public won piles, shown cards, asides (a
-- pass), zones and face-down plays.
t.test("v.places: every place, sized, its cards where the declaration shows them", function()
  local visibility = require "talon.host.visibility"
  local checked = 0
  for _, name in ipairs { "hokm", "kosel", "bura", "hearts", "besigue", "hosgin" } do
    local d = assert(loader.load(name))
    local vis = visibility.of(d)
    for seed = 1, 2 do
      local g = game.new(d, { seed = seed, hands = 1 })
      local rng = talon.rng(seed)
      while not g:over() do
        local st = g.state
        local places = visibility.places(d, st)
        for seat = 1, st.n do
          local seen = visibility.seen(d, st, seat)
          t.eq(#seen, #places, name)
          for i, p in ipairs(places) do
            local s = seen[i]
            t.eq({ s.name, s.size }, { p.name, #p.cards }, name)
            if visibility.sees(vis, st, p, seat) then
              t.ok(s.cards == p.cards and not rawequal(s.cards, p.cards), p.name .. ": a copy")
            else
              t.eq(s.cards, nil, p.name .. " is hidden from seat " .. seat)
            end
            checked = checked + 1
          end
        end
        g:play(bot.random(g, rng))
      end
    end
  end
  t.ok(checked > 10000, "places checked: " .. checked)
end)
