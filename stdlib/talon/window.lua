-- talon.window: a declaration window before a lead (Kosel's Moskwa and
-- Molodka, KOZ-R6; Bura's three aces and Molodka, BUR-R6). The seats in
-- play holding a combination are asked in turn from the leader; each
-- declares it (shown to all) or passes; the highest declared combination,
-- the first from the leader among equals, takes the lead.
local actions = require "talon.actions"
local tricks = require "talon.tricks"

local window = {}

local PASS = actions.make("pass")

-- Builds the phase; spec fields:
--   holders  function(st) -> list of {seat =, kind =, cards =} in turn
--            from the leader (st.turn); cards (optional, a Hand) are the
--            combination's when it is not the whole hand; an empty list
--            skips the window
--   rank     kind -> number, the higher takes the lead over the lower
--   name     kind -> its name in sentences ("Moskwa")
--   rule     the rule id of the events and refusals
--   next     the phase after the window ("play")
--   before   (optional) function(st) -> phase | nil, run first on entry: a
--            combination that ends the deal at once (Bura's, BUR-R5)
--   doc      as for any phase
-- The verb of a declaration is the kind itself (the game adds the verbs,
-- type "none"). After the window st.declared is {seat, kind} of the
-- combination that won, or nil.
function window.phase(spec)
  local verbs, declare = { "pass" }, {}
  for kind in pairs(spec.rank) do
    declare[kind] = actions.make(kind)
    verbs[#verbs + 1] = kind
  end
  table.sort(verbs)
  local function current(st)
    local w = st.window
    return w.holders[w.i]
  end
  return {
    doc = spec.doc,
    verbs = verbs,
    enter = function(st)
      st.declared = nil
      local ended = spec.before and spec.before(st)
      if ended then return ended end
      local list = spec.holders(st)
      if #list == 0 then return spec.next end
      st.window = { holders = list, i = 1, best = nil }
      return nil
    end,
    mover = function(st) return current(st).seat end,
    legal = function(st) return { declare[current(st).kind], PASS } end,
    check = function(st, seat)
      local kind = current(st).kind
      return st:violation(spec.rule, ("%s may declare %s or pass")
        :format(st.names[seat], spec.name[kind]), ("type %s or pass"):format(kind))
    end,
    apply = function(st, seat, a)
      local w = st.window
      if a.verb ~= "pass" then
        local cards = (current(st).cards or st.hands[seat]):copy()
        st:log("declare", { seat = seat, kind = a.verb, cards = cards },
          "%s: %s declares %s: %s", spec.rule, st.names[seat], spec.name[a.verb], cards)
        -- a later holder takes the lead only with a higher combination
        if not w.best or spec.rank[a.verb] > spec.rank[w.best.kind] then
          w.best = { seat = seat, kind = a.verb, cards = cards }
        end
      end
      w.i = w.i + 1
      if w.i <= #w.holders then return nil end
      st.window = nil
      if w.best and w.best.seat ~= st.turn then
        st:log("lead", { seat = w.best.seat }, "%s: %s's %s takes the lead", spec.rule,
          st.names[w.best.seat], spec.name[w.best.kind])
        st.turn, st.leader = w.best.seat, w.best.seat
      end
      st.declared = w.best
      return spec.next
    end,
  }
end

-- Makes a set phase (tricks.set_phase) lead a declared combination as it
-- is when 'enabled(st)' says so (Kosel's Z4, Bura's B7: a combination of
-- kind 'kind'): its legal actions are then that lead only, and other
-- actions are refused under 'rule'.
function window.force_lead(play, kind, enabled, rule)
  local function forced(st, seat)
    local d = st.declared
    if d and d.kind == kind and d.seat == seat and #st.ctrick == 0 and enabled(st) then
      return actions.make("lead", d.cards:copy())
    end
    return nil
  end
  local legal, check, playout, draw, allows = play.legal, play.check, play.playout, play.draw,
    play.allows
  local batched = playout ~= nil and tricks.batch_holds(play)
  local draws = draw ~= nil and tricks.draw_holds(play)
  play.legal = function(st, seat)
    local lead = forced(st, seat)
    if lead then return { lead } end
    return legal(st, seat)
  end
  play.check = function(st, seat, a)
    local lead = forced(st, seat)
    if lead then
      return st:violation(rule, "a declared combination must be led as it is (option)",
        "type " .. actions.text(lead))
    end
    return check(st, seat, a)
  end
  if batched then
    -- the quiet playout stands for the hooks as wrapped here: a forced
    -- lead is drawn from its list of one (and the actions a wrapper lists
    -- after it) as the draw below draws it, the game's 'enabled' asked
    -- once, and played as the phase plays it; the k-th action listed after
    -- it is returned for its wrapper to play (talon.beside)
    play.playout = function(st, seat, rng, act, act_seat, k, stop, extra)
      local lead = forced(st, seat)
      if not lead then return playout(st, seat, rng, act, act_seat, k, stop, extra) end
      local i = rng:int(1, 1 + (extra or 0))
      if i > 1 then return k, nil, seat, i - 1 end
      act[k + 1], act_seat[k + 1] = lead, seat
      local nxt = play.apply(st, seat, lead)
      return k + 1, nxt, nxt == nil and play.mover(st) or nil
    end
    tricks.declare_batch(play)
    if tricks.takes_extra(playout) then tricks.takes_extra(play.playout, true) end
  end
  if draws then
    -- so does g:random's draw: a forced lead is drawn from its list of
    -- one (and the actions a wrapper lists after it), as from the list,
    -- the game's 'enabled' asked once, as the legal hook asks it
    play.draw = function(st, seat, rng, extra)
      local lead = forced(st, seat)
      if not lead then return draw(st, seat, rng, extra) end
      local i = rng:int(1, 1 + (extra or 0))
      if i == 1 then return lead end
      return nil, i - 1
    end
    -- and the judge of one action (g:try): a forced lead is its list of
    -- one, compared as an item of the list is
    play.allows = allows and function(st, seat, a)
      local lead = forced(st, seat)
      if lead then return actions.equal(lead, a) end
      return allows(st, seat, a)
    end
    tricks.declare_draw(play)
  end
  return play
end

return window
