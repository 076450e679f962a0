-- talon.tricks_sets: the hooks of a trick phase of sets for talon.tricks
-- (tricks.set_phase, docs/framework.md "Phases"): the legal list, the
-- refusal, and the three paths that do without the list (the quiet
-- playout's batch, g:random's draw, g:try's judge), each giving a set the
-- verb the legal hook gives it. Part of tricks.lua, not a module a game
-- may require.
local actions = require "talon.actions"

local sets = {}

-- The verb of a face-up follow: spec.up_verb (a verb, or function(st)
-- returning one), "beat" by default; a game where any set may be shown
-- (Bura's open play, BUR-R8) says "play".
local function up_verb(spec, st)
  local v = spec.up_verb
  if type(v) == "function" then return v(st) end
  return v or "beat"
end

-- What a follower types: "beat CARDS or down CARDS", without the face-down
-- way when none of this seat's plays may go face down (the option off).
local function follow_words(st, seat, up)
  local _, down = st.ctrick:plays(st.hands[seat])
  for _, d in ipairs(down) do
    if d then return ("%s CARDS (face up) or down CARDS (face down)"):format(up) end
  end
  return up .. " CARDS"
end

-- The check hook: the refusal of 'a' by seat 'seat', the wrong verb for
-- the position, or the engine's reason ('why_not', talon.tricks': t:why
-- under the phase's rule ids), under spec.lead_rule for a lead and
-- spec.rule otherwise.
function sets.check(spec, why_not)
  return function(st, seat, a)
    local leading, up = #st.ctrick == 0, up_verb(spec, st)
    local rule = leading and spec.lead_rule or spec.rule
    local verb = type(a) == "table" and a.verb
    if not (verb == "lead" or verb == up or verb == "down") or type(a.arg) ~= "userdata" then
      return st:violation(rule, leading and "lead a set of cards: type lead and the cards"
        or ("follow with as many cards: type %s"):format(follow_words(st, seat, up)))
    end
    if leading ~= (verb == "lead") then
      return st:violation(rule, leading and ("nobody has led yet: lead " .. tostring(a.arg))
        or ("the trick is already led: type %s"):format(follow_words(st, seat, up)))
    end
    local v = why_not(spec, st, seat, a.arg, a.verb == "down")
    if v then v.rule = rule end
    return v
  end
end

-- The playout of a set phase (quiet random playouts): the rest of the
-- trick in one C call (t:play_sets), each play drawn by the engine as
-- g:random draws from the legal list (t:random draws the same index of
-- the same distinct plays) and recorded as the one action that list would
-- hold, with the verb the phase's legal hook would give it; the full
-- trick goes to its winner and after_trick as the phase's own apply would
-- do. One trick per call: the next lead starts in the next call, so a
-- wrapper of the phase (window.force_lead) still sees every lead. In a
-- search's futures (st.playout_policy) the followers play by the engine's
-- rule of thumb instead (tv_trick_policy_set).
-- 'extra' (optional) counts the actions a wrapper lists after the plays
-- (talon.beside); the draw is then over them too, and the k-th of them
-- drawn is returned as a fourth value for the wrapper to play.
local takes_extra = setmetatable({}, { __mode = "k" })
sets.takes_extra = takes_extra
local MAX_EXTRA = 16 -- t:play_sets' and t:draw's bound: more go the ordinary way

function sets.playout(spec, after_trick)
  local how = { lead = "lead", down = "down", up = "beat", meta = actions.Action }
  local function playout(st, seat, rng, act, act_seat, k, stop, extra)
    if extra and extra > MAX_EXTRA then return k, nil, seat end
    local ct = st.ctrick
    -- the verb of a face-up follow, read as the legal hook reads it
    how.up = up_verb(spec, st)
    local k2, nxt, mover, drawn = ct:play_sets(st.hands, seat, rng, act, act_seat, k, stop,
      st.won, after_trick, st, st.out, how, st.playout_policy, extra)
    -- within a trick the phase's mover is st.turn, as apply leaves it
    if nxt == nil and #ct > 0 then st.turn = mover end
    return k2, nxt, mover, drawn
  end
  takes_extra[playout] = true
  return playout
end

-- The draw of a set phase: one random legal action of 'seat' as g:random
-- draws it from the legal list, without the list (t:draw: the same index
-- of the same distinct plays, then 'extra' actions a wrapper lists after
-- them), made as the legal hook makes it; nil and k when the k-th of those
-- is drawn, nil alone when there is nothing to draw (no number drawn).
function sets.draw(spec)
  return function(st, seat, rng, extra)
    if extra and extra > MAX_EXTRA then return nil end
    local ct = st.ctrick
    local cards, down = ct:draw(st.hands[seat], rng, extra)
    local up = up_verb(spec, st) -- read as the legal hook reads it, after the plays
    if cards == nil then return nil, down end
    return actions.make(#ct == 0 and "lead" or (down and "down" or up), cards)
  end
end

-- The judge of one action of a set phase (g:try): whether the legal list
-- holds an item equal to 'a' (actions.equal), without the list: the verb
-- the list gives the cards where they are led, shown or hidden, and the
-- engine's check of the cards (t:allows passes exactly the plays t:plays
-- lists: tests/c/test_trick_agree.c). Nil where it cannot say (no set of
-- the trick's deck, or a word beside the cards): the list decides.
function sets.allows(spec)
  return function(st, seat, a)
    local ct = st.ctrick
    local cards = type(a) == "table" and rawget(a, "arg")
    if not actions.is_hand(cards) or rawget(a, "extra") ~= nil
        or not rawequal(cards:deck(), ct:deck()) then
      return nil
    end
    local verb, hand = rawget(a, "verb"), st.hands[seat]
    local up = up_verb(spec, st) -- asked as the legal hook asks it, leading or not
    if #ct == 0 then return verb == "lead" and ct:allows(hand, cards) end
    return (verb == up and ct:allows(hand, cards))
      or (verb == "down" and ct:allows(hand, cards, true))
  end
end

-- The legal hook: the engine's distinct plays (t:plays), each as the
-- action the phase takes: "lead" for a lead, else "down" for a face-down
-- set and the face-up verb for the others.
function sets.legal(spec)
  return function(st, seat)
    local plays, down = st.ctrick:plays(st.hands[seat])
    local leading, list, up = #st.ctrick == 0, {}, up_verb(spec, st)
    for i, cards in ipairs(plays) do
      list[i] = actions.make(leading and "lead" or (down[i] and "down" or up), cards)
    end
    return list
  end
end

return sets
