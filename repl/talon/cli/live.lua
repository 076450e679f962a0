-- talon.cli.live: a game at the REPL, for a teacher who sets up a position
-- and tries alternatives live. `talon.play("hokm", {seed = 1, players = 3})`
-- (the REPL's talon.play) seats you at seat 1 and bots at the others, plays
-- the bots' moves up to your turn, and returns the table: printing it shows
-- the table as `talon play` draws it; its methods play by text, take back,
-- copy the game for a what-if, open the hands and explain, as at the
-- table. The running game itself is t.game (docs/framework.md §2).
local loader = require "talon.host.loader"
local game = require "talon.game"
local sandbox = require "talon.host.sandbox"
local bots = require "talon.cli.bots"
local tbl = require "talon.cli.table"
local ask = require "talon.cli.ask"

local live = {}

local Table = {}
Table.__index = Table
Table.__name = "talon.live"

local function say(fmt, ...) io.write(fmt:format(...), "\n") end

-- The events seat 'seat' may see from index 'from', bots' moves by the
-- caller; returns the next index.
local function show_events(t, from)
  local evs = t.game:events()
  for i = from, #evs do
    local ev = evs[i]
    if (ev.to == nil or ev.to == t.seat or t.opened) and ev.kind ~= "action" then
      say("  · %s", ev.text)
    end
  end
  return #evs + 1
end

-- The bots play until it is your turn or the game is over.
local function bots_move(t)
  local g = t.game
  while not g:over() and g:mover() ~= t.seat do
    local mover, phase = g:mover(), g:phase() -- the phase the action is played in
    local a, reason = bots.move(t.bots[mover], g, mover, t.rng)
    local hidden = not t.opened and g:private(phase, mover, a)
    say("%s: %s%s", g:name(mover), hidden and "(face down)" or ask.shown(a),
      t.show_reasons and reason and (" — " .. reason) or "")
    t.seen = show_events(t, t.seen)
  end
end

local function new_table(def, g, o)
  local t = setmetatable({ game = g, def = def, seat = o.seat or 1, key = o.key,
    opened = o.open and true or false, show_reasons = o.reasons, seen = 1,
    rng = require("talon").rng(o.seed or 1), o = o }, Table)
  if t.seat < 1 or t.seat > g:seats() or math.type(t.seat) ~= "integer" then
    error(("seat must be 1..%d, got %s"):format(g:seats(), tostring(o.seat)), 3)
  end
  t.bots = bots.list(o.bots or "rule", g:seats(), o.key, def)
  t.hint_bot = bots.rule(o.key, def) or bots.random
  return t
end

-- The params of game.new from the REPL's options: seed, players, options
-- (a table of the game's options), position (g:position()).
local function params_of(def, name, o)
  -- a position's own options hold unless o changes them (as talon play
  -- --position: a position of a three-player Hokm is for three)
  local opts, from = {}, type(o.position) == "table" and o.position.options
  for k, v in pairs(type(from) == "table" and from or {}) do opts[k] = v end
  for k, v in pairs(o.options or {}) do opts[k] = v end
  if o.players then
    if def.options and def.options.players then opts.players = o.players
    elseif o.players ~= def.players[1] then
      error(("%s is for %d players"):format(def.name, def.players[1]), 4)
    end
  end
  local is_path = name:find("/", 1, true) or name:find("%.lua$")
  return { seed = o.seed or 1, options = opts, position = o.position,
           game = not is_path and name or nil, file = is_path and name or nil }
end

-- talon.play(name, opts): a game of 'name' (a game name or a file) at the
-- REPL. opts: seed, players, options = {k = v}, seat (yours, default 1),
-- bots ("rule", "random" or a list as in talon play --bots), open (every
-- hand shown), reasons (the bots' reasons shown), position (a position
-- from g:position() to start from). Returns the table.
function live.play(name, o)
  if type(name) ~= "string" then
    error("talon.play needs a game name, e.g. talon.play(\"hokm\")", 2)
  end
  o = o or {}
  if type(o) ~= "table" then error("talon.play's second argument is a table of options", 2) end
  local def, err = loader.load(name)
  if not def then error(err, 2) end
  local ok, g = pcall(game.new, def, params_of(def, name, o))
  if not ok then error(g, 2) end
  local copy = {}
  for k, v in pairs(o) do copy[k] = v end
  copy.key = name
  local t = new_table(def, g, copy)
  t.seen = show_events(t, 1)
  bots_move(t)
  return t
end

-- The table as `talon play` draws it, every hand when opened, and what to
-- type next.
function Table.__tostring(t)
  local g = t.game
  local out = { tbl.render(g:view(t.seat), t.def.name, nil, tbl.labels(t.def)) }
  if t.opened then
    for s = 1, g:seats() do
      if s ~= t.seat then
        out[#out + 1] = ("  %s holds: %s"):format(g:name(s),
          tbl.hand_line(g:hand(s)))
      end
    end
  end
  if g:over() then
    out[#out + 1] = "result: " .. sandbox.text(g:result().text)
  elseif g:mover() == t.seat then
    out[#out + 1] = ("legal: %s   (t:play(\"…\"), t:why(\"…\"), t:hint())")
      :format(ask.legal_text(g))
  end
  return table.concat(out, "\n")
end

-- t:play(action): your action by text ("QS", "bid 560", a bare card for
-- "play 9♠"), then the bots' moves up to your next turn. Returns the table
-- (printed by the REPL), or nothing after a refusal, which is explained.
function Table:play(x)
  local g = self.game
  if g:over() then return say("the game is over: %s", g:result().text) end
  if g:mover() ~= self.seat then return say("it is %s's turn.", g:name(g:mover())) end
  if type(x) == "string" and g:why(x) then x = ask.resolve(g, x) or x end
  local ok, v = g:try(x)
  if not ok then
    return say("not allowed: %s", ask.violation_text(g, v))
  end
  say("you: %s", ask.shown(g.act[g.nact]))
  self.seen = show_events(self, self.seen)
  bots_move(self)
  return self
end

-- t:auto(n): the rule-of-thumb bot plays your seat for 'n' decisions
-- (default 1), the others answering. Returns the table.
function Table:auto(n)
  local g = self.game
  for _ = 1, n or 1 do
    if g:over() then break end
    local a, reason = bots.move(self.hint_bot, g, self.seat, self.rng)
    say("you (bot): %s%s", ask.shown(a), reason and (" — " .. reason) or "")
    self.seen = show_events(self, self.seen)
    bots_move(self)
  end
  return self
end

-- t:undo(): takes back your last decision and the bots' moves since.
function Table:undo()
  local g = self.game
  for i = g.nact, 1, -1 do
    if g.act_seat[i] == self.seat then
      local mine = ask.shown(g.act[i])
      g:undo(g.nact - i + 1)
      self.seen = #g:events() + 1
      say("undone: your %s and the moves after it.", mine)
      return self
    end
  end
  say("nothing of yours to undo.")
end

-- t:fork(): a copy of the game at this point, to try something else; the
-- original is left as it is.
function Table:fork()
  local g = self.game
  local ng = game.new(g.def, g.params)
  for i = 1, g.nact do ng:play(g.act[i]) end
  local t = new_table(self.def, ng, self.o)
  t.opened, t.show_reasons, t.seen = self.opened, self.show_reasons, #ng:events() + 1
  t.rng = self.rng:clone()
  return t
end

-- t:open(on): show every hand (on = true, the default) or only yours.
function Table:open(on)
  self.opened = on == nil or on == true
  return self
end

-- t:reasons(on): show the bots' reasons with their moves.
function Table:reasons(on)
  self.show_reasons = on == nil or on == true
end

local function ctx(t) return { g = t.game, def = t.def, seat = t.seat } end

function Table:why(x) say("%s", ask.why(ctx(self), type(x) == "string" and x or ask.shown(x))) end
function Table:legal() say("legal: %s", ask.legal_text(self.game)) end
function Table:last() say("%s", ask.last(ctx(self))) end
function Table:score() say("%s", ask.score(ctx(self))) end
function Table:rules() say("%s", ask.rules(ctx(self))) end
function Table:explain(words) say("%s", ask.explain(ctx(self), tostring(words or ""))) end

function Table:hint()
  local a, reason = bots.suggest(self.hint_bot, self.game, self.seat, self.rng:clone())
  if not a then return say("no hint (%s)", tostring(reason)) end
  say("hint: %s%s", ask.shown(a), reason and (" — " .. reason) or "")
end

-- t:position(): the position as data (talon.play(name, {position = p})
-- starts from it); t:record(file): writes the game's record.
function Table:position() return self.game:position() end

function Table:record(file)
  if file == nil then return self.game:record() end
  local ok, err = require("talon.host.files").write(file, self.game:record())
  if not ok then error(err, 2) end
  say("record written to %s", file)
end

return live
