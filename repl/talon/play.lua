-- talon.play: one person against bots at the terminal (`talon play`).
local options = require "talon.options"
local bots = require "talon.bots"
local term = require "talon.term"
local tbl = require "talon.table"
local game = require "talon.game"

local play = {}

local HELP = [[
commands:
  a card (QS, 10h, q♠) or any action the game offers (bid 560, pass, trump H)
  hint          what the bot would do in your place
  why CARD      why that card (or action) is legal or illegal now
  undo          take back your last decision (and the bots' replies)
  legal         list your legal actions
  score         how the scores were reached
  help          this text;  quit  leave the game]]

local function say(fmt, ...) io.write(fmt:format(...), "\n") end

-- Prints the events 'seat' may see since index 'from'; returns the next.
local function show_events(g, seat, from)
  local evs = g:events(from)
  for i = from, #evs do
    local ev = evs[i]
    if (ev.to == nil or ev.to == seat) and ev.kind ~= "action" then say("  · %s", ev.text) end
  end
  return #evs + 1
end

local function legal_text(g)
  local parts = {}
  for i, a in ipairs(g:legal()) do parts[i] = g:text(a) end
  return table.concat(parts, " ")
end

-- Undoes back to before the human's last decision.
local function undo_mine(g, seat)
  for i = g.nact, 1, -1 do
    if g.act_seat[i] == seat then return g:undo(g.nact - i + 1) end
  end
  return false
end

-- One command from the human; returns "played", "quit" or nil (ask again).
local function command(g, seat, line, hint_bot, rng)
  local word, rest = line:match("^(%S+)%s*(.-)$")
  if not word then return nil end
  local w = word:lower()
  if w == "help" or w == "?" then say("%s", HELP)
  elseif w == "quit" or w == "exit" then return "quit"
  elseif w == "legal" then say("legal: %s", legal_text(g))
  elseif w == "score" then say("%s", g:explain("score"))
  elseif w == "undo" then
    if undo_mine(g, seat) then say("undone.") else say("nothing of yours to undo.") end
    return "undone"
  elseif w == "why" then
    if rest == "" then say("why what? e.g. 'why QS'") else say("%s", g:explain(rest)) end
  elseif w == "hint" then
    local ok, a = pcall(hint_bot.choose, g:view(seat), rng:clone())
    say("hint: %s", ok and g:text(type(a) == "string" and g:parse(a) or a) or "(no hint)")
  else
    local ok, v = g:try(line)
    if ok then return "played" end
    say("not allowed: %s", tostring(v))
  end
  return nil
end

local function human_turn(g, seat, hint_bot, rng, title)
  say("%s", tbl.render(g:view(seat), title))
  while true do
    io.write(("your move (%s) > "):format(g:phase()))
    io.flush()
    local line = io.read("l")
    if not line then return "quit" end
    local r = command(g, seat, line, hint_bot, rng)
    if r then return r end
  end
end

function play.run(args)
  local def, params, p = options.game(args, { seat = "value", bots = "value",
    record = "value", auto = "switch" })
  term.setup_style()
  local g = game.new(def, params)
  local n = g.state.n
  local seat = math.tointeger(tonumber(p.flags.seat or "1"))
  if not seat or seat < 1 or seat > n then
    options.usage_error("--seat must be 1..%d", n)
  end
  local rng = require("talon").rng(params.seed)
  local rule = bots.get("rule", params.game or params.file)
  local others = bots.get(p.flags.bots or "rule", params.game or params.file)
  local delay = term.isatty(1) and not p.flags.auto
  say("%s — %s", def.name, def.summary)
  say("you are seat %d; type 'help' for commands.", seat)
  local seen = show_events(g, seat, 1)
  while not g:over() do
    local mover = g:mover()
    if mover == seat and not p.flags.auto then
      local r = human_turn(g, seat, rule, rng, def.name)
      if r == "quit" then say("bye."); return 0 end
      if r == "undone" then seen = #g:events() + 1 end
    else
      local a = bots.move(mover == seat and rule or others, g, mover, rng)
      if delay then os.execute("sleep 0.3") end
      say("%s plays %s", g.state.names[mover], g:text(a))
    end
    seen = show_events(g, seat, seen)
  end
  say("%s", term.bold("result: " .. g:result().text))
  if p.flags.record then
    local f = assert(io.open(p.flags.record, "w"))
    f:write(g:record())
    f:close()
    say("record written to %s (talon replay %s)", p.flags.record, p.flags.record)
  end
  return 0
end

return play
