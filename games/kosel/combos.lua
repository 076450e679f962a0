-- Kosel's combinations and their window (RULES.md §3.3, KOZ-R6, EXAMPLES.md
-- KOZ-10): before a lead, while every hand is full, a player holding
-- Moskwa (four aces and tens, the Schocha standing for a ten, at least one
-- real ace) or Molodka (four of one suit, or three and the Schocha) may
-- declare it, shown to all; the highest declared combination, the first in
-- play order from the leader among equals (Z3), takes the lead.
local actions = require "talon.actions"

local combos = {}

-- The rank of each combination: the higher wins the lead.
combos.RANK = { moskwa = 2, molodka = 1 }
combos.NAME = { moskwa = "Moskwa", molodka = "Molodka" }

-- The combination four cards form ("moskwa", "molodka"), or nil; a hand
-- other than four cards forms none. No hand of one pack forms both.
function combos.of(hand)
  if #hand ~= 4 then return nil end
  local aces, tens, schocha, per_suit = 0, 0, false, {}
  for c in hand:each() do
    if c.rank == "6" and c.suit == "S" then -- the Schocha (KOZ-R3)
      schocha = true
    else
      if c.rank == "A" then aces = aces + 1 elseif c.rank == "T" then tens = tens + 1 end
      per_suit[c.suit] = (per_suit[c.suit] or 0) + 1
    end
  end
  local plain = 4 - (schocha and 1 or 0)
  if aces >= 1 and aces + tens == plain then return "moskwa" end
  for _, n in pairs(per_suit) do
    if n == plain then return "molodka" end
  end
  return nil
end

local PASS = actions.make("pass")
local DECLARE = { moskwa = actions.make("moskwa"), molodka = actions.make("molodka") }

-- Are all hands of the seats in play full (four cards), so the window opens?
local function hands_full(st)
  for s = 1, st.n do
    if st:is_in(s) and #st.hands[s] ~= 4 then return false end
  end
  return true
end

-- The seats in play holding a combination, in play order from the leader.
local function holders(st)
  local list, s = {}, st.turn
  for _ = 1, st.n_in do
    local kind = combos.of(st.hands[s])
    if kind then list[#list + 1] = { seat = s, kind = kind } end
    s = st:next(s)
  end
  return list
end

-- Does a window open before this lead (KOZ-R6)?
function combos.window_open(st)
  return hands_full(st) and #holders(st) > 0
end

-- The phase: each holder in turn from the leader declares or passes.
combos.phase = {
  doc = "before a lead with full hands: declare Moskwa or Molodka to take the lead (KOZ-R6)",
  verbs = { "moskwa", "molodka", "pass" },
  enter = function(st)
    local list = hands_full(st) and holders(st) or {}
    if #list == 0 then return "play" end
    st.window = { holders = list, i = 1, best = nil }
    return nil
  end,
  mover = function(st) return st.window.holders[st.window.i].seat end,
  legal = function(st)
    local w = st.window
    return { DECLARE[w.holders[w.i].kind], PASS }
  end,
  check = function(st, seat)
    local w = st.window
    return st:violation("KOZ-R6", ("%s may declare %s or pass")
      :format(st.names[seat], combos.NAME[w.holders[w.i].kind]),
      ("type %s or pass"):format(w.holders[w.i].kind))
  end,
  apply = function(st, seat, a)
    local w = st.window
    if a.verb ~= "pass" then
      st:log("declare", { seat = seat, kind = a.verb, cards = st.hands[seat]:copy() },
        "KOZ-R6: %s declares %s: %s", st.names[seat], combos.NAME[a.verb], st.hands[seat])
      -- a later holder takes the lead only with a higher combination (Z3)
      if not w.best or combos.RANK[a.verb] > combos.RANK[w.best.kind] then
        w.best = { seat = seat, kind = a.verb }
      end
    end
    w.i = w.i + 1
    if w.i <= #w.holders then return nil end
    st.window = nil
    if w.best and w.best.seat ~= st.turn then
      st:log("lead", { seat = w.best.seat }, "KOZ-R6: %s's %s takes the lead",
        st.names[w.best.seat], combos.NAME[w.best.kind])
      st.turn, st.leader = w.best.seat, w.best.seat
    end
    st.declared = w.best -- the lead a declarer may have to make (option lead_declared_combo)
    return "play"
  end,
}

return combos
