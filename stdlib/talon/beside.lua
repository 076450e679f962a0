-- talon.beside: an action a trick phase offers beside the card plays
-- (Bura's claim of 31 at the start of a turn, BUR-R10).
--
-- Written by hand, such an action is a wrapper of the phase's legal and
-- apply hooks, and the wrapper turns the quiet playout's batch off (the
-- batch would never draw the action): every random playout of the game
-- then goes one Lua action at a time. Declared here, the batch draws it
-- too, with the same chance as g:random has of drawing it from the legal
-- list, and the records are the same either way.
local tricks = require "talon.tricks"
local actions = require "talon.actions"

local beside = {}

-- Adds action 'action' (an action table, as actions.make makes) to phase
-- 'play' of tricks.set_phase (or a wrapper of it): it is listed after the
-- plays at every turn of the phase, and apply(st, seat) plays it, returning
-- what a phase's apply returns. The actions of several calls are listed in
-- the order of the calls. In a search's futures the followers' rule of
-- thumb plays cards; a lead drawn at random may draw them. Returns 'play'.
function beside.action(play, action, apply)
  local legal, inner_apply, playout, draw, allows = play.legal, play.apply, play.playout,
    play.draw, play.allows
  local batched = playout ~= nil and tricks.batch_holds(play) and tricks.takes_extra(playout)
  local draws = draw ~= nil and tricks.draw_holds(play)
  local verb = action.verb
  play.legal = function(st, seat)
    local list = legal(st, seat)
    list[#list + 1] = action
    return list
  end
  play.apply = function(st, seat, a)
    if a.verb == verb then return apply(st, seat) end
    return inner_apply(st, seat, a)
  end
  if batched then
    -- 'extra' actions are listed after this one by wrappers made later;
    -- the inner playout is told of this one too, and its k-th is this one
    -- when k is 1, else the wrapper's after it
    play.playout = function(st, seat, rng, act, act_seat, k, stop, extra)
      local k2, nxt, mover, drawn = playout(st, seat, rng, act, act_seat, k, stop,
        (extra or 0) + 1)
      if drawn == 1 then
        k2 = k2 + 1
        act[k2], act_seat[k2] = action, mover
        nxt = apply(st, mover)
        return k2, nxt, nxt == nil and play.mover(st) or nil
      end
      return k2, nxt, mover, drawn and drawn - 1
    end
    tricks.declare_batch(play)
    tricks.takes_extra(play.playout, true)
  end
  if draws then
    -- g:random's draw, over this action too as the playout's: the k-th
    -- action listed after the plays is this one when k is 1
    play.draw = function(st, seat, rng, extra)
      local a, k = draw(st, seat, rng, (extra or 0) + 1)
      if a == nil and k == 1 then return action end
      return a, k and k - 1
    end
    -- the judge of one action (g:try): this one is listed at every turn,
    -- after the plays (asked first, as the list is made first)
    play.allows = allows and function(st, seat, a)
      local inner = allows(st, seat, a)
      if inner or actions.equal(action, a) then return true end
      return inner
    end
    tricks.declare_draw(play)
  end
  return play
end

return beside
