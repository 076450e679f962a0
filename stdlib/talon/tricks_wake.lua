-- talon.tricks_wake: when a trick phase's on_trick is due (the spec's
-- `on_trick_when`, docs/framework.md "tricks.phase"), for talon.tricks:
-- the declaration checked and kept per state, the test after a trick,
-- and the `wake` table t:play_tricks reads (vm/lua/lua_trick_batch.c
-- makes the same test in C, so a quiet batch calls no Lua in between).
local wake = {}

-- A table (or function(st) returning one, or nil) of declared moments:
-- on_trick then runs only after the hand's last trick (every seat in play
-- out of cards) and, with `side_tricks = N`, after a trick that brings its
-- winner's side to N tricks; after any other trick only the standard
-- bookkeeping is done. Nil (the default): after every trick. Data rather
-- than a hook, so a quiet playout's C batch keeps it without a call into
-- Lua per trick.

-- The checked declarations, one table per target (weak values), so that
-- renewing a state's declaration at every hand makes no table.
local DECLS = setmetatable({}, { __mode = "v" })
local LAST_ONLY = {}

-- The declaration of 'spec' checked: { to = N or nil } or false (none).
local function wake_decl(spec, what, where, st)
  local w = spec.on_trick_when
  if type(w) == "function" then w = w(st) end
  if w == nil then return false end
  local to = type(w) == "table" and rawget(w, "side_tricks")
  if type(w) ~= "table" or not (to == nil or (math.type(to) == "integer" and to >= 1)) then
    error(("%s: on_trick_when must be nil or a table { side_tricks = N (an integer 1 or"
      .. " more) or nil }, or a function of st returning one"):format(where or what), 0)
  end
  if to == nil then return LAST_ONLY end
  local d = DECLS[to]
  if not d then
    d = { to = to }
    DECLS[to] = d
  end
  return d
end

-- Per spec, the declaration resolved for each state (weak keys: false
-- for none), made the first time a hand of that state needs it
-- (wake_of(st)) and renewed when the phase is entered (wake_of(st, true)).
function wake.of(spec, what, where)
  local per = setmetatable({}, { __mode = "k" })
  return per, function(st, renew)
    local w = per[st]
    if w == nil or renew then
      w = spec.on_trick_when ~= nil and wake_decl(spec, what, where, st)
      per[st] = w
    end
    return w or nil
  end
end

-- Whether on_trick is due after the trick won by 'w' (counted in
-- st.tricks_won): the last trick of the hand, or the side of 'w' at
-- wake.to tricks; the same test as t:play_tricks makes with its 'wake'.
function wake.due(st, w, wk)
  local to = wk.to
  if to then
    local side_of, won, side, sum = st.side_of, st.tricks_won, st.side_of[w], 0
    for s = 1, st.n do
      if side_of[s] == side then sum = sum + won[s] end
    end
    if sum >= to then return true end
  end
  local hands, out = st.hands, st.out
  if #hands[w] > 0 then return false end -- the winner played: he is in play
  for s = 1, st.n do
    if not (out and out[s]) and #hands[s] > 0 then return false end
  end
  return true
end

-- The 'wake' of t:play_tricks for the declaration 'wk' (nil: none), kept
-- per state and renewed when the state's tables change.
local wake_args = setmetatable({}, { __mode = "k" })
function wake.arg(st, wk)
  if not wk then return nil end
  local a = wake_args[st]
  if not a or a.counts ~= st.tricks_won or a.sides ~= st.side_of or a.to ~= wk.to then
    a = { counts = st.tricks_won, sides = st.side_of, to = wk.to }
    wake_args[st] = a
  end
  return a
end

-- A fork of a game (talon.host.fork) continues its phase: the copy of a
-- state keeps the declaration the phase resolved for the original, so
-- that the fork's first card takes the one-call path (tricks.phase's
-- `step`, which knows only a state whose declaration is resolved)
-- rather than resolving it again through the protected call. Per phase
-- step (the function is kept when a definition is copied), the states'
-- declarations; the library's frozen copy for games does not reach this
-- module.
local per_of_step = setmetatable({}, { __mode = "k" })

function wake.bind(step, per)
  per_of_step[step] = per
end

-- State 'to', a copy of 'from' in the phase whose step is 'step' (nil
-- for a phase without one), resolves the phase's declaration as 'from'
-- did.
function wake.inherit(step, from, to)
  local per = step and per_of_step[step]
  if per == nil then return end
  local w = per[from]
  if w ~= nil then per[to] = w end
end

return wake
