-- talon.cli.ask: the questions a reader asks at a table, answered the same
-- way wherever a game is shown: `talon play`, `talon replay` and a game
-- started at the REPL. Each takes the context {g = running game, def =
-- definition, seat = the reader's seat} and returns text; nothing here
-- plays an action.
local actions = require "talon.actions"
local game = require "talon.game"
local sandbox = require "talon.host.sandbox"
local rules = require "talon.cli.rules"
local tbl = require "talon.cli.table"

local ask = {}

-- An action as shown to the reader: its cards in the current style
-- ("discard 9♦ 8♦"; the parser reads both spellings).
function ask.shown(a)
  return actions.text(a, require("talon").style())
end
local shown = ask.shown

-- The list is the game's: its actions are read raw (no metamethod runs).
local function field(a, k)
  return type(a) == "table" and rawget(a, k) or nil
end

-- The length of the run of 'verb N' actions from list[i] whose numbers
-- grow by the same step, and that step.
local function int_run(list, i)
  local a, b = rawget(list, i), rawget(list, i + 1)
  local verb, arg = field(a, "verb"), field(a, "arg")
  if type(verb) ~= "string" or math.type(arg) ~= "integer" or field(b, "verb") ~= verb
    or math.type(field(b, "arg")) ~= "integer" then return 1 end
  local step, n = field(b, "arg") - arg, 2
  while field(rawget(list, i + n), "verb") == verb
    and field(rawget(list, i + n), "arg") == arg + n * step do n = n + 1 end
  return n, step
end

-- The legal actions as the reader types them; long runs such as bid 670 …
-- bid 5000 are shortened, and copies of one card, one choice, are named
-- once (the hand line counts them).
function ask.legal_text(g)
  local parts, list, i = {}, g:legal(), 1
  while i <= rawlen(list) do
    local n, step = int_run(list, i)
    if n >= 4 then
      parts[#parts + 1] = ("%s %d…%d (steps of %d)"):format(field(list[i], "verb"),
        field(list[i], "arg"), field(list[i + n - 1], "arg"), step)
    else
      n = 1
      local a = rawget(list, i)
      while actions.is_card(a) and rawget(list, i + n) == a do n = n + 1 end
      parts[#parts + 1] = shown(a)
    end
    i = i + n
  end
  return table.concat(parts, "  ")
end

-- The words the mover may type now, in the order of the legal list: the
-- verbs ("lead", "claim"), or "a card" where the actions are cards.
function ask.verbs_now(g)
  local out, seen = {}, {}
  for _, a in ipairs(g:over() and {} or g:legal()) do
    local v = actions.is_card(a) and "a card" or field(a, "verb")
    if type(v) == "string" and not seen[v] then
      seen[v] = true
      out[#out + 1] = v
    end
  end
  return out
end

-- A typed line that names only cards ("9♠", "7h 8h") as the one legal
-- action that plays exactly those cards ("play 9♠"): games whose plays
-- carry a verb take a bare card as `help` promises. Nil when the line is
-- no such thing, or when no action or several fit.
function ask.resolve(g, line)
  if g:over() then return nil end
  local verbs, seen = {}, {}
  for _, a in ipairs(g:legal()) do
    local v = field(a, "verb")
    if type(v) == "string" and not seen[v] then
      seen[v] = true
      verbs[#verbs + 1] = v
    end
  end
  local found
  for _, v in ipairs(verbs) do
    local a = g:parse(v .. " " .. line)
    if a and field(a, "arg") ~= nil and not g:why(a) then
      if found then return nil end
      found = a
    end
  end
  return found
end

-- A violation as lines: the evidence, the rule's text, what would do.
-- Only its string fields are shown, read raw: a game may have made it.
function ask.violation_text(g, v)
  if type(v) ~= "table" then return sandbox.text(v) end
  local function str(k)
    local x = rawget(v, k)
    return type(x) == "string" and x or nil
  end
  local vrule, because, satisfy = str("rule"), str("because"), str("satisfy")
  local lines = { (vrule and (vrule .. ": ") or "") .. (because or sandbox.text(v)) }
  local rule = vrule and sandbox.text_of(game.rule_text, g.def, vrule, g.opts)
  if rule then lines[#lines + 1] = ("  rule %s: %s"):format(vrule, rule) end
  if satisfy then lines[#lines + 1] = "  instead: " .. satisfy end
  return table.concat(lines, "\n")
end

-- `why X`: the phase's rule when legal, else the violation.
function ask.why(c, text)
  local g = c.g
  if text == "" then return "why what? e.g. 'why QS'" end
  if g:over() then return "the game is over." end
  local a, err = g:parse(text)
  if not a then return err end
  local v = g:why(a)
  if v then
    -- a bare card names its one play where a verb is needed, as typing it
    -- does ("8D" is "lead 8D" when that is its only legal play)
    local r = ask.resolve(g, text)
    if r then a, v = r, nil end
  end
  if not v then
    local doc = sandbox.text_of(game.phase_doc, g.def, g:phase(), g.opts)
    return ("%s is legal now%s"):format(shown(a), doc and (" — " .. doc) or "")
  end
  return ("%s is not allowed: %s"):format(shown(a), ask.violation_text(g, v))
end

-- `rules`: the game's rules as they stand with this game's options.
function ask.rules(c)
  return table.concat(rules.summary(c.def, c.g.opts), "\n")
end

-- `explain RULE...`: the rules or options named, as `talon explain` says.
function ask.explain(c, words)
  local want = {}
  -- a rule id may hold blanks (a variant's rule is its name: "Hokm (must
  -- trump)"), so the words as one id come first
  local whole, rules_of = words:match("^%s*(.-)%s*$"), c.def.rules
  if whole:find("%s") and type(rules_of) == "table" and rules_of[whole] ~= nil then
    want[1] = whole
  else
    for w in words:gmatch("%S+") do want[#want + 1] = w end
  end
  local ok, lines = pcall(rules.explain_lines, c.def, c.g.opts, want)
  if not ok then return type(lines) == "table" and lines.usage or tostring(lines) end
  return #lines > 0 and table.concat(lines, "\n") or "no rule applies."
end

-- The events the reader's seat may see.
local function seen_events(c)
  local out = {}
  for _, ev in ipairs(c.g:events()) do
    if ev.to == nil or ev.to == c.seat then out[#out + 1] = ev end
  end
  return out
end

-- An action event as the table prints moves: "P2 K♣" (its text, when the
-- action is hidden: "P3 acts face down").
local function action_text(c, ev)
  local d = type(ev.data) == "table" and ev.data or {}
  if d.action == nil or d.seat == nil then return ev.text end
  return ("%s %s"):format(tbl.seat_label(c.g:view(c.seat), d.seat), shown(d.action))
end

-- Is 'ev' the public half of the reader's own hidden action? Such an
-- action is logged twice: told to its player with its cards ('before'),
-- then to all as "acts face down"; the reader sees the first.
local function own_hidden_echo(c, ev, before)
  local d, p = ev.data, before and before.data
  return ev.to == nil and type(d) == "table" and d.action == nil and d.seat == c.seat
    and before ~= nil and before.kind == "action" and before.to == c.seat
    and type(p) == "table" and p.seat == c.seat
end

-- `last`: the last trick finished, its plays, and why it was won (the
-- trick event the game logged, naming its rule).
function ask.last(c)
  local evs = seen_events(c)
  for i = #evs, 1, -1 do
    if evs[i].kind == "trick" then
      local plays, j = {}, i - 1
      -- the plays are the actions just before it; any other event (the
      -- trump named, the previous trick) comes before the trick began
      while j >= 1 and evs[j].kind == "action" and evs[j].hand == evs[i].hand do
        if not own_hidden_echo(c, evs[j], evs[j - 1]) then
          table.insert(plays, 1, action_text(c, evs[j]))
        end
        j = j - 1
      end
      -- a game started from a position in this trick: the plays made
      -- before it are not in the log (the position holds them)
      if j >= 1 and evs[j].kind == "position" and evs[j].hand == evs[i].hand then
        table.insert(plays, 1, "(the plays before the position)")
      end
      return ("last trick: %s\n  %s"):format(#plays > 0 and table.concat(plays, ", ") or "-",
        evs[i].text)
    end
  end
  return "no trick has been played yet."
end

-- `score`: the scores now, what each hand gave each side, and the events
-- that scored, the same for every game.
function ask.score(c)
  local g = c.g
  local v = g:view(c.seat)
  local out = { "scores now: " .. tbl.scores_line(v) }
  for i, hp in ipairs(g:hand_points()) do
    local parts = {}
    for s, pts in ipairs(hp) do parts[s] = ("%+d"):format(pts) end
    out[#out + 1] = ("  hand %d: %s"):format(i, table.concat(parts, "  "))
  end
  for _, ev in ipairs(seen_events(c)) do
    if ev.kind == "score" or ev.kind == "hand" then out[#out + 1] = "  · " .. ev.text end
  end
  if #out == 1 then out[#out + 1] = "  no hand has been scored yet." end
  return table.concat(out, "\n")
end

return ask
