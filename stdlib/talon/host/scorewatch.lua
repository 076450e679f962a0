-- talon.host.scorewatch: score checking, the running game's checking
-- mode (params.checking, `talon check`): the scores are remembered before
-- each action and compared after it; only the `score` hook and the
-- credits of score.add_now (st.credited, per side, since the snapshot)
-- may move them. Both run around every action of a check that runs game
-- code (a card the phase's step plays runs none: talon.host.running), so
-- their loops are ipairs written out: they stop at the first nil as
-- ipairs does, without its call per item.
local scorewatch = {}

-- Both mark g.watch_touched when watching the scores does what an
-- unchecked game would not: forget credits a game may read, or read a
-- scores or credits table with a metatable (whose metamethods would run).
-- talon.host.invariants then replays the game in full rather than let the
-- checked game stand for an unchecked one.
local rawgetmetatable = debug.getmetatable

-- The scores of running game 'g' (st.scores) remembered in
-- g.score_snap; st.credited (score.add_now's credits since) forgotten.
function scorewatch.snapshot(g)
  local st = g.state
  local snap = g.score_snap or {}
  local scores = st.scores
  if st.credited ~= nil or rawgetmetatable(scores) then g.watch_touched = true end
  local i, v = 1, scores[1]
  while v ~= nil do
    snap[i] = v
    i = i + 1
    v = scores[i]
  end
  g.score_snap = snap
  st.credited = nil
end

-- After an action (or the hook named by 'where'): the first side whose
-- score moved otherwise than by its credits since the snapshot, as a sentence
-- in g.score_violation (kept: the first one stands). When none did, the
-- snapshot is the scores again (credits taken move it on), so the next
-- action needs no snapshot of its own: a score changed between two
-- actions, by whatever code, is caught after the next action that runs
-- game code, and at the latest before the hand's `score` hook.
function scorewatch.moved(g, where)
  local snap = g.score_snap
  if not snap or g.score_violation then return end
  local st = g.state
  local credited, scores = st.credited, st.scores
  if credited ~= nil or rawgetmetatable(scores) then g.watch_touched = true end
  local i, v = 1, scores[1]
  while v ~= nil do
    local now = credited and credited[i] or 0
    if snap[i] + now ~= v then
      g.score_violation = ("scores changed outside 'score' (%s): side %d from %d to %d%s")
        :format(where, i, snap[i], v,
          now ~= 0 and (" (%d of it credited with score.add_now)"):format(now) or "")
      return
    end
    i = i + 1
    v = scores[i]
  end
  if credited ~= nil then scorewatch.snapshot(g) end
end

return scorewatch
