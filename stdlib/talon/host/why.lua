-- talon.host.why: why an action is not legal, and the other sentences a
-- running game explains itself with (g:why, g:explain, g:events). Kept
-- out of talon.host.running, as trick_why.c is out of trick.c: the hot
-- path plays, this file explains.
local sandbox = require "talon.host.sandbox"
local actions = require "talon.actions"
local explain = require "talon.explain"
local tricks = require "talon.tricks"

local why = {}

function why.is_legal(g, a)
  if g.ph.cards then
    return actions.is_card(a) and a.deck == g.deck and g:legal_hand():count(a) > 0
  end
  -- a set phase's judge, the engine's test of one set (the list it
  -- stands for is proven the same: tests/c/test_trick_agree.c), made or
  -- not: a bot's answer is judged as its view's list was made (a walk of
  -- dozens of sets compared one by one took a seventh of a bot's move)
  local judged = tricks.judge(g.ph, g.state, g.mover_seat, a)
  if judged ~= nil then return judged end
  for _, l in ipairs(g:legal()) do
    if actions.equal(l, a) then return true end
  end
  return false
end

-- An action in the print style of the moment (talon.style), as the
-- events print their cards.
local function styled(a)
  return actions.text(a, require("talon").style())
end

local function legal_text(g)
  local parts, list = {}, g:legal()
  for i = 1, math.min(#list, 12) do parts[i] = styled(list[i]) end
  if #list > 12 then parts[#parts + 1] = "…" end
  return "legal now: " .. table.concat(parts, ", ")
end

-- In a phase of single cards: why a typed action that is not one card is
-- refused, naming the phase and, when the action carries cards (discard
-- QD QD), the first of them as the thing to type.
local function not_a_card(g, a)
  local arg = type(a) == "table" and rawget(a, "arg")
  local first = actions.is_hand(arg) and arg:cards()[1]
  local example = first and (": type %s alone"):format(styled(first)) or ""
  return ("in phase %s each action is one card%s, not '%s'"):format(g.state.phase, example,
    styled(a))
end

-- The sentence of a refusal nobody explained. In a variant the house
-- rule refused it (the base game's check does not know that rule): named
-- with its summary. 'failed': the first line of a check that raised.
local function refusal(g, a, failed)
  local def, text = g.def, styled(a)
  local note = failed and (" (the game's explanation failed: " .. failed .. ")") or ""
  if def.base and type(def.summary) == "string" then
    return ("'%s' is refused by the house rule of %s: %s%s"):format(text,
      tostring(def.name or "this variant"), def.summary, note)
  end
  return ("'%s' is not legal in phase %s%s"):format(text, g.state.phase, note)
end

-- Whether the mover has set card 'a' aside (talon.passing): the phase
-- explains that itself.
local function set_aside(g, a)
  local aside = g.state.aside and g.state.aside[g.mover_seat]
  return aside ~= nil and aside:count(a) > 0
end

-- The violation explaining why 'a' is not legal now.
function why.illegal(g, a)
  local v
  if g.ph.cards and not actions.is_card(a) then
    v = explain.violation(nil, not_a_card(g, a), legal_text(g))
  elseif actions.is_card(a) and a.deck ~= g.deck then
    -- a card of another game's deck: no hook of this game is asked about it
    v = explain.violation(nil, ("%s is not a card of this game's deck"):format(styled(a)),
      legal_text(g))
  elseif g.ph.cards and g.state.hands[g.mover_seat]:count(a) == 0 and not set_aside(g, a) then
    -- no rule is at stake: the card is simply not there (the games' own
    -- checks are not asked, so none cites a rule of play for it)
    v = explain.violation(nil, ("you do not hold %s"):format(styled(a)), legal_text(g))
  end
  local failed
  if v == nil and g.ph.check then
    local ok, r, _, kind = sandbox.call(g.ph.check, g.state, g.mover_seat, a)
    -- a check that raises (a base game's, asked about a refusal a house
    -- rule made) still leaves the refusal explained, and says so; a stop
    -- (budget, Ctrl-C, memory) goes on up
    if not ok and kind ~= "error" then error(r, 0) end
    if ok then v = r else failed = string.match(tostring(r), "^[^\n]*") end
  end
  if not explain.is_violation(v) then
    -- a table of the game's own: its rule read raw, and only as a string
    local rule = type(v) == "table" and rawget(v, "rule") or nil
    if type(rule) ~= "string" then rule = nil end
    v = explain.violation(rule, refusal(g, a, failed), legal_text(g))
  end
  v.seat, v.action = g.mover_seat, a
  return v
end

-- The event log as the front ends read it, outside the game's budget:
-- each event, once its sentence is made, copied as plain data
-- (sandbox.plain: its kind, sentence, data, seat told and hand) into a
-- list the host keeps per state and log, so a call copies only the events
-- logged since the last. A sentence that is not a string shows as a
-- placeholder. 'from' is kept for callers that read from an index: every
-- event is in the list either way.
local shown_of = setmetatable({}, { __mode = "k" })
local NO_TEXT = "(an event whose sentence is not text)"
local plain = sandbox.plain
function why.events(g, _from)
  local st = g.state
  local evs = st.events
  local shown, n = shown_of[st], #evs
  if not shown or not rawequal(shown.log, evs) or #shown.list > n then
    shown = { log = evs, list = {} }
    shown_of[st] = shown
  end
  local list = shown.list
  for i = #list + 1, n do
    local ev = evs[i]
    local text = explain.sentence(ev)
    list[i] = { kind = plain(ev.kind), text = type(text) == "string" and text or NO_TEXT,
                data = plain(ev.data), to = plain(ev.to), hand = plain(ev.hand) }
  end
  return list
end

-- A sentence explaining an event (by index), an action, or "score".
function why.explain(self, x)
  if type(x) == "number" then
    local ev = why.events(self)[x]
    return ev and ev.text
  end
  if x == "score" then
    local lines = {}
    for _, ev in ipairs(self.state.events) do
      if ev.kind == "score" or ev.kind == "hand" then lines[#lines + 1] = explain.sentence(ev) end
    end
    return table.concat(lines, "\n")
  end
  if type(x) == "string" then
    local a, err = self:parse(x)
    if not a then return err end
    x = a
  end
  if not self.ph then return "the game is over" end
  local v = self:why(x)
  if not v then return ("'%s' is legal now"):format(actions.text(x)) end
  return tostring(v)
end

-- Nil when action 'x' (a value or its text) is legal now; else the
-- violation saying why not (rule, because, satisfy, seat, action), the
-- same object g:try would return, without playing anything.
function why.why(self, x)
  if self.aborted then error(self.aborted, 0) end
  if type(x) == "string" then
    local a, err = self:parse(x)
    if not a then return explain.violation(nil, err) end
    x = a
  end
  if not self.ph then return explain.violation(nil, "the game is over") end
  if why.is_legal(self, x) then return nil end
  return why.illegal(self, x)
end

return why
