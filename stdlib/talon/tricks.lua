-- talon.tricks: trick phases built from talon.trickrules data, over the
-- one current trick, the talon.Trick in st.ctrick (the C engine: legality,
-- the winner, the reasons of a refusal; docs/api.md "Tricks").
--
-- Built for the per-card path of playouts: the legal cards are written
-- into one Hand the state keeps, and card suits/ranks come from a per-deck
-- cache keyed by the interned cards instead of userdata field lookups.
local wake = require "talon.tricks_wake"
local tricks_rules = require "talon.tricks_rules"
local set_hooks = require "talon.tricks_sets"

local tricks = {}

local info_cache = setmetatable({}, { __mode = "k" })

-- suit[card] (name) and rank[card] (0 = highest) for every kind of 'deck'.
function tricks.info(deck)
  local inf = info_cache[deck]
  if inf then return inf end
  inf = { suit = {}, rank = {} }
  for _, c in ipairs(deck:kinds()) do
    inf.suit[c] = c.suit or "joker"
    inf.rank[c] = c.rank_index
  end
  info_cache[deck] = inf
  return inf
end

-- Tricks made by tricks.set_phase (weak keys): their plays are sets.
local set_tricks = setmetatable({}, { __mode = "k" })

-- t:step (vm/lua/lua_trick_step.c), found on the first Trick made here.
local trick_step

-- Play 'i' of talon.Trick 't' as the table saw it: seat, cards, down.
-- t:at(i), except that a play of tricks.set_phase is always a Hand (a set
-- of one card too, as the action that played it), so views and bots read
-- a set the same way whatever its size.
function tricks.at(t, i)
  local seat, cards, down = t:at(i)
  if set_tricks[t] and getmetatable(cards).__name ~= "talon.Hand" then
    cards = t:deck():hand(cards)
  end
  return seat, cards, down
end

-- The Hand a state keeps for the legal sets of its trick phases, made on
-- first use (any Hand of the deck: t:legal overwrites it).
local function scratch(st, hand)
  local into = hand:copy()
  st.legal_into = into
  return into
end

-- ===== a standard trick phase: tricks.phase(spec)
--
-- One-card tricks whose obligations are talon.trickrules data, played
-- seat after seat (st:next) until every seat in play has played, then won
-- by the general rule. The phase keeps the hand's talon.Trick in st.ctrick
-- (made on entry from the rules and the trump), which views, invariants
-- and games read. Per card (g:play, humans, bots) it checks, applies and
-- explains like any card phase; in quiet random playouts its `playout`
-- hook plays the tricks in one C call (t:play_tricks, which calls back
-- into Lua once per trick), drawing exactly as g:random would, so records
-- are the same either way.

-- the compiled rules of a spec, and where it was declared:
-- talon.tricks_rules
local rules_of, checked = tricks_rules.of, tricks_rules.checked
local where_of, declared_at = tricks_rules.where_of, tricks_rules.declared_at

-- The default refusal: the engine's reason (t:why) under spec.rule, or
-- under the rule id spec.rule_of gives the engine's rule (a house rule's
-- own id, tricks.with_rules); the second result says which.
local function why_not(spec, st, seat, cards, down)
  local why = st.ctrick:why(st.hands[seat], cards, down)
  if not why then return nil end
  local satisfy = #why.satisfy > 0 and ("play one of " .. tostring(why.satisfy)) or nil
  local own = spec.rule_of and spec.rule_of[why.rule]
  return st:violation(own or spec.rule, why.because, satisfy), own ~= nil
end

-- when on_trick is due (spec.on_trick_when): talon.tricks_wake
local wakes, wake_due, wake_arg = wake.of, wake.due, wake.arg

-- The hooks tricks.phase and tricks.set_phase share: entering the phase
-- (the hand's talon.Trick in st.ctrick) and the end of a trick (its
-- winner's bookkeeping and the game's on_trick); 'sets' says whether the
-- plays are sets (tricks.set_phase, for tricks.at). Returns enter, finish
-- and after_trick.
-- The keys a trick phase's spec may have (docs/framework.md §1): a typo
-- is refused, never silently ignored.
local SPEC_KEYS = { rules = true, trump = true, on_trick = true, on_trick_when = true,
                    event = true, rule = true, rule_of = true, check = true, doc = true,
                    enter = true, lead_rule = true, up_verb = true, verbs = true }

local function common_hooks(spec, what, sets)
  for k in pairs(spec) do
    if not SPEC_KEYS[k] then
      local known = {}
      for name in pairs(SPEC_KEYS) do known[#known + 1] = name end
      table.sort(known)
      error(("%s: unknown key '%s' (known keys are %s)"):format(what, tostring(k),
        table.concat(known, ", ")), 3)
    end
  end
  assert(type(spec.on_trick) == "function", what .. ": on_trick must be a function")
  assert(spec.rules ~= nil, what .. ": rules (a trickrules table or a function) needed")
  local on_trick, enter, trump_of = spec.on_trick, spec.enter, spec.trump
  local event = spec.event
  local talon = require "talon"
  local wake_per, wake_of = wakes(spec, what, where_of[spec])

  -- the bookkeeping of a full trick won by seat 'w' (t:winner()), then
  -- on_trick when it is due (spec.on_trick_when); the caller has added the
  -- cards to st.won[w]. Returns the next phase (nil to stay), the next
  -- mover and the seats sitting out: the hook of t:play_tricks, which
  -- goes on from that seat (the leader on_trick chose, if it set st.turn)
  -- among the seats then in play, and which counts the tricks it played
  -- without calling it ('silent', already in st.tricks_won).
  local function after_trick(st, w, ct, silent)
    st.tricks_won[w] = st.tricks_won[w] + 1
    st.tricks_played = st.tricks_played + 1 + (silent or 0)
    st.leader, st.turn = w, w
    -- the trick's event is built only where someone reads it: a quiet
    -- game (a simulation) pays nothing for it
    if event and not st.quiet then st:log("trick", nil, event, st, w, ct) end
    -- (a batch calls it only when due: 'silent' is then a count)
    if silent == nil then
      local wk = wake_per[st]
      if wk == nil then wk = wake_of(st) end
      if wk and not wake_due(st, w, wk) then return nil, w, st.out end
    end
    local nxt = on_trick(st, w, ct)
    if st.ctrick ~= ct then
      error(what .. ": on_trick must not replace st.ctrick (the engine's current trick)", 0)
    end
    return nxt, st.turn, st.out
  end

  local function finish(st, ct, w)
    ct:add_to(st.won[w])
    local nxt = after_trick(st, w, ct)
    ct:clear()
    return nxt
  end

  local function enter_phase(st)
    wake_of(st, true)
    -- t:play_out takes the seats from #st.hands: one hand per seat
    if #st.hands ~= st.n then
      error(("%s: st.hands holds %d hands for %d seats"):format(what, #st.hands, st.n), 0)
    end
    local trump = st.trump
    if trump_of then trump = trump_of(st) end
    local rules, ct = rules_of(spec, st), st.ctrick or st.quiet_trick
    -- a quiet game reuses its Trick from hand to hand (nothing keeps it)
    if st.quiet and ct and ct:rules() == rules then
      ct = ct:reset(trump)
    else
      ct = talon.trick(rules, trump)
    end
    st.ctrick, set_tricks[ct] = ct, sets or nil
    trick_step = trick_step or ct.step
    if enter then return enter(st) end
    return nil
  end

  -- a new empty Trick of the phase's rules, marked as the phase marks
  -- its own: positions set up in the middle of a trick start from it
  local function new_trick(st, trump)
    local ct = talon.trick(rules_of(spec, st), trump)
    set_tricks[ct] = sets or nil
    trick_step = trick_step or ct.step
    return ct
  end

  return enter_phase, finish, after_trick, new_trick, wake_of, wake_per
end

-- Builds the phase; spec fields:
--   rules      a talon.trickrules table, or function(st) -> TrickRules
--   trump      function(st) -> suit name | nil (default: st.trump)
--   on_trick   function(st, winner, t) -> next phase | nil | "end": runs
--              once per trick after the standard bookkeeping (the trick's
--              cards added to st.won[winner], st.tricks_won[winner] and
--              st.tricks_played counted, st.leader and st.turn set to the
--              winner) with the full talon.Trick t (t:winner(), t:at(i),
--              t:points(), t:explain()); the trick is emptied after it
--   event      (optional) function(st, winner, t) -> sentence [, data]: the
--              "trick" event, logged before on_trick runs, built only in a
--              game someone reads (never in a quiet simulation)
--   rule       the rule id refusals cite; check (optional) replaces the
--              default refusal from t:why
--   doc, enter (optional) as for any phase; enter runs after st.ctrick
--              is made
-- The hooks each playout made here stands for (weak keys): a batch plays
-- as they would, so it may be used only while a phase still has exactly
-- them. A variant that wraps one of them (a house rule on legal, say)
-- turns the batch off for that phase, and every action then goes through
-- the hooks as the variant left them.
local made = setmetatable({}, { __mode = "k" })
local HOOKS = { "legal", "apply", "check", "mover", "enter" }

-- Whether phase 'ph' still has every hook of 'm' (what a fast path was
-- made with).
local function same_hooks(ph, m)
  for _, k in ipairs(HOOKS) do
    if ph[k] ~= m[k] then return false end
  end
  return true
end

-- The hooks phase 'ph' has now, into table 'm' (a new one when nil): what
-- a fast path declared now stands for.
local function hooks_of(ph, m)
  m = m or {}
  for _, k in ipairs(HOOKS) do m[k] = ph[k] end
  return m
end

-- Whether phase 'ph' may use its playout: true for a playout this module
-- did not make (the game's own), else whether the phase still has every
-- hook the playout was made with.
function tricks.batch_holds(ph)
  local m = made[ph.playout]
  return not m or same_hooks(ph, m)
end

-- Declares that phase 'ph' of a library module (this one, talon.passing)
-- has a playout standing for exactly its current hooks; returns ph.
function tricks.declare_batch(ph, spec)
  made[ph.playout] = hooks_of(ph, { spec = spec })
  return ph
end
local declare_batch = tricks.declare_batch

-- The hooks each step made here stands for (weak keys), as for playouts:
-- a phase uses its step only while it has exactly them.
local made_steps = setmetatable({}, { __mode = "k" })

-- The hooks each draw stands for (weak keys), as for steps.
local made_draws = setmetatable({}, { __mode = "k" })

-- Whether phase 'ph' may use its draw (g:random's path in a set phase): a
-- draw tricks.set_phase made, or a wrapper's declared with
-- tricks.declare_draw, in a phase that still has every hook it was made
-- with.
function tricks.draw_holds(ph)
  local m = made_draws[ph.draw]
  return m ~= nil and m.allows == ph.allows and same_hooks(ph, m)
end

-- Declares that phase 'ph''s draw and judge (its 'allows': a library
-- module's, this one, talon.window, talon.beside) stand for exactly its
-- current hooks; returns ph.
function tricks.declare_draw(ph)
  local m = hooks_of(ph)
  m.allows = ph.allows
  made_draws[ph.draw] = m
  return ph
end

-- Whether action 'a' of 'seat' is an item of phase 'ph''s legal list,
-- judged without the list by the phase's declared judge while its draw
-- holds: true or false; nil when no judge may say (the list decides).
function tricks.judge(ph, st, seat, a)
  local f = ph.allows
  if f == nil or not tricks.draw_holds(ph) then return nil end
  return f(st, seat, a)
end

-- Whether 'seat' surely has a legal action in phase 'ph' of
-- tricks.set_phase whose draw holds, found without the legal list: true
-- when some card of the hand is in a legal play (t:legal: every play holds
-- a card, and a follower with a card always has one); nil when that
-- cannot say, and the list decides (an action listed beside the plays, or
-- a forced lead, may still be there). `talon check` asks it before every
-- step, so that g:random then draws without the list too.
function tricks.surely_legal(ph, st, seat)
  if not tricks.draw_holds(ph) then return nil end
  return #st.ctrick:legal(st.hands[seat]) > 0 or nil
end

-- Whether phase 'ph' may use its step (g:play's path for one card): a step
-- tricks.phase made, in a phase that still has every hook it was made with.
function tricks.step_holds(ph)
  local m = made_steps[ph.step]
  return m ~= nil and same_hooks(ph, m)
end

-- A refusal: the engine's under a house rule's id first (a game's own
-- check knows nothing of rules a variant added), else the game's check,
-- else the engine's.
local function checker(spec)
  local own = spec.check
  if not own then return function(st, seat, card) return (why_not(spec, st, seat, card)) end end
  if not spec.rule_of then return own end
  return function(st, seat, card)
    local v, house = why_not(spec, st, seat, card)
    if house then return v end
    return own(st, seat, card)
  end
end

function tricks.phase(spec)
  where_of[spec] = where_of[spec] or declared_at(2)
  local enter, finish, after_trick, new_trick, wake_of, wake_per =
    common_hooks(spec, "tricks.phase", false)
  local ph = declare_batch({
    doc = spec.doc,
    cards = true,
    enter = enter,
    trick = new_trick,
    mover = function(st) return st.turn end,
    legal = function(st, seat)
      local hand = st.hands[seat]
      return st.ctrick:legal(hand, st.legal_into or scratch(st, hand))
    end,
    check = checker(spec),
    apply = function(st, seat, card)
      local ct = st.ctrick
      st.hands[seat]:remove(card)
      ct:play(seat, card)
      if #ct < st.n_in then
        st.turn = st.out and st:next(seat) or seat % st.n + 1
        return nil
      end
      return finish(st, ct, select(2, ct:winner()))
    end,
    -- the rest of the trick, then whole tricks, all in one C call that
    -- runs after_trick (so on_trick) after each trick and adds it to st.won,
    -- while they fit before 'stop' and on_trick stays in the phase;
    -- returns the new action count (k when it played nothing), the next
    -- phase (nil to stay) and the next mover. The seats sitting out
    -- (st.out) play no card, as st:next passes over them.
    playout = function(st, seat, rng, act, act_seat, k, stop)
      local ct = st.ctrick
      if k + st.n_in - #ct > stop then return k, nil, seat end
      local wk = wake_arg(st, wake_of(st))
      local k2, nxt, mover, silent = ct:play_tricks(st.hands, seat, rng, act, act_seat, k,
        stop, st.won, after_trick, st, st.out, st.playout_policy, wk)
      -- the tricks played without a call of after_trick since its last
      -- call: counted in st.tricks_won by the batch, their winner to lead
      if silent and silent > 0 then
        st.tricks_played = st.tricks_played + silent
        st.leader, st.turn = mover, mover
      end
      return k2, nxt, mover
    end,
    -- one card of g:play in a quiet game, as apply, mover and legal would
    -- play it, in one C call (t:step): the card played and the next
    -- seat's legal cards found, and a full trick on which on_trick is not
    -- due (on_trick_when) given to its winner. Returns the next mover and
    -- the legal Hand, or nil when it did nothing (on_trick due, a seat
    -- sitting out, a state it does not know): apply then plays the card.
    -- (t:step reads the state's fields itself, raw, and only those the
    -- card needs: the won piles and counts at the end of a trick)
    step = function(st, seat, card)
      local wk = wake_per[st]
      if wk == nil or not st.quiet then return nil end
      local s, into, played = trick_step(st.ctrick, st, seat, card, wk)
      if not s then return nil end
      if played then st.tricks_played, st.leader = played, s end
      st.turn = s
      return s, into
    end,
  }, spec)
  made_steps[ph.step] = made[ph.playout]
  wake.bind(ph.step, wake_per)
  return ph
end

-- The engine's rules each trickrules key can add, for the refusals of a
-- house rule that adds it.
local REFUSALS = {
  follow = { "must_follow" }, head = { "must_head" }, head_reference = { "must_head" },
  void = { "must_trump", "must_trump_and_beat" },
  unbroken = { "not_broken" }, breaks = { "not_broken" }, break_on_play = { "not_broken" },
  never_forced_to_lead = { "not_broken" }, first_lead = { "first_lead" },
  not_on_first_trick = { "first_trick" }, face_down = { "no_face_down", "must_beat" },
  lead_sizes = { "lead_size", "lead_suit", "play_size" },
}

-- Phase 'ph' (made by tricks.phase, hooks unchanged) made anew with the
-- trickrules keys of 'extra' over its own: a house rule as data, so the
-- phase keeps its one-call playouts. Refusals under the added keys cite
-- 'rule'. Raises when the phase is not such a phase, or when the rules do
-- not compile on 'deck' (when given: the game's deck, so that a mistake
-- is found where the house rule is written, not in the middle of a game).
function tricks.with_rules(ph, extra, rule, deck)
  local m = made[ph.playout]
  if not (m and m.spec and tricks.batch_holds(ph)) then
    error("not a tricks.phase with its own hooks (give trick rules before wrapping)", 0)
  end
  local spec = m.spec
  if type(spec.rules) ~= "table" then
    error("the phase computes its rules (rules = function): wrap its legal hook instead", 0)
  end
  local new, rules, rule_of = {}, {}, {}
  for k, v in pairs(spec) do new[k] = v end
  for k, v in pairs(spec.rules) do rules[k] = v end
  for k, v in pairs(spec.rule_of or {}) do rule_of[k] = v end
  for k, v in pairs(extra) do
    local names = REFUSALS[k]
    if not names and not (k == "ranks" or k == "top" or k == "wild_top" or k == "trumps") then
      error(("unknown trick rule '%s'"):format(tostring(k)), 0)
    end
    rules[k] = v
    for _, name in ipairs(names or {}) do rule_of[name] = rule end
  end
  if deck then checked(deck, rules, "") end
  new.rules, new.rule_of = rules, rule_of
  where_of[new] = where_of[spec]
  return tricks.phase(new)
end

-- The card points of the face-up plays of talon.Trick 't' (of the deck
-- 'deck'): what the table saw of it, face-down cards left out (KOZ-R10).
function tricks.shown_points(deck, t)
  local shown = 0
  for i = 1, #t do
    local _, cards, down = t:at(i)
    if not down then shown = shown + deck:points(cards) end
  end
  return shown
end

-- ===== a trick phase of sets: tricks.set_phase(spec)
--
-- Tricks whose plays are sets of cards (RULES.md §7 "multi-card sets";
-- Kosel and Bura, KOZ-R7 … R10): the leader leads a set the rules allow
-- ("lead QH KH"); each other seat in turn plays as many cards, face up when
-- they beat the best set so far ("beat AH TH") or face down ("down 7C 8D",
-- which never wins). The legal actions are the engine's distinct plays
-- (t:plays), so a random player draws uniformly among them; a face-down
-- set is `false` in the trick of everyone's view (tricks.at gives every
-- set as a Hand). The spec is that of
-- tricks.phase, plus (optional) `lead_rule`: the rule id refusals of a
-- lead cite; `up_verb` (a verb or function(st)): the verb of a face-up
-- follow, "beat" by default; `verbs`: the phase's verbs for help. Its
-- rules are typically { lead_sizes = …, face_down = "allowed", top = …,
-- wild_top = … } (docs/api.md "Tricks").

-- Whether playout 'f' takes the count of actions listed after the plays
-- (a set phase's, or a wrapper's that passes it on: talon.beside).
function tricks.takes_extra(f, set)
  local takes = set_hooks.takes_extra
  if set then takes[f] = true end
  return takes[f] == true
end

function tricks.set_phase(spec)
  where_of[spec] = where_of[spec] or declared_at(2)
  local enter, finish, after_trick, new_trick = common_hooks(spec, "tricks.set_phase", true)
  local function apply(st, seat, a)
    local ct, down = st.ctrick, a.verb == "down"
    -- with the hand the engine knows a short follower (all his cards,
    -- fewer than the lead, B8) and takes the cards out of it
    assert(ct:play(seat, a.arg, down, st.hands[seat]))
    if #ct < st.n_in then
      st.turn = st:next(seat)
      return nil
    end
    return finish(st, ct, select(2, ct:winner()))
  end
  -- declared without its spec: tricks.with_rules rebuilds one-card phases
  return tricks.declare_draw(declare_batch({
    doc = spec.doc,
    verbs = spec.verbs or { "lead", "beat", "down" },
    private = function(_, _, a) return a.verb == "down" end, -- KOZ-R10: unseen
    enter = enter,
    trick = new_trick,
    mover = function(st) return st.turn end,
    legal = set_hooks.legal(spec),
    check = spec.check or set_hooks.check(spec, why_not),
    apply = apply,
    playout = set_hooks.playout(spec, after_trick),
    draw = set_hooks.draw(spec),
    allows = set_hooks.allows(spec),
  }, nil))
end

return tricks