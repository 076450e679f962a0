-- talon.cli.play: one person against bots at the terminal (`talon play`).
--
-- Works the same through a pipe (tests drive it with printf): no pauses
-- and no colour unless stdout is a terminal, a prompt per decision, end
-- of input quits cleanly. Bad input is answered and the prompt repeated;
-- nothing typed can crash the game.
local options = require "talon.cli.options"
local bots = require "talon.cli.bots"
local term = require "talon.cli.term"
local tbl = require "talon.cli.table"
local game = require "talon.game"
local sandbox = require "talon.host.sandbox"
local actions = require "talon.actions"

local play = {}

local HELP = [[
commands:
  a card (QS, 10s, q♠) or any action the game offers (trump H, pass, bid 560)
  hint          what the rule-of-thumb bot would do in your place, and why,
                and the search's estimate of your best actions
  why CARD      why that card (or action) is legal or illegal now
  undo          take back your last decision (and the bots' moves since)
  legal         list your legal actions
  table         draw the table again
  score         how the scores were reached
  explain       show (or stop showing) why each bot plays what it plays
  help          this text
  quit          leave the game (end of input does the same)]]

local function say(fmt, ...) io.write(fmt:format(...), "\n") end

-- An action as shown to the reader: its cards in the current style
-- ("discard 9♦ 8♦"; the parser reads both spellings).
local function shown(_, a)
  return actions.text(a, require("talon").style())
end

-- Prints the events 'seat' may see from index 'from'; returns the next.
-- Moves are printed by the loop itself, so 'action' events are skipped.
local function show_events(g, seat, from)
  local evs = g:events(from)
  for i = from, #evs do
    local ev = evs[i]
    if (ev.to == nil or ev.to == seat) and ev.kind ~= "action" then
      say("  · %s", ev.text)
    end
  end
  return #evs + 1
end

-- The length of the run of 'verb N' actions from list[i] whose numbers
-- grow by the same step, and that step.
-- The list is the game's: its actions are read raw (no metamethod runs).
local function field(a, k)
  return type(a) == "table" and rawget(a, k) or nil
end

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

-- The legal actions; long runs such as bid 670 … bid 5000 are shortened.
local function legal_text(g)
  local parts, list, i = {}, g:legal(), 1
  while i <= rawlen(list) do
    local n, step = int_run(list, i)
    if n >= 4 then
      parts[#parts + 1] = ("%s %d…%d (steps of %d)"):format(field(list[i], "verb"),
        field(list[i], "arg"), field(list[i + n - 1], "arg"), step)
    else
      n = 1
      parts[#parts + 1] = shown(g, rawget(list, i))
    end
    i = i + n
  end
  return table.concat(parts, "  ")
end

-- A violation as lines: the evidence, the rule's text, what would do.
-- Only its string fields are shown, read raw: a game may have made it.
local function violation_text(g, v)
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

-- `why X`: the phase's rule when legal, else the violation object.
local function why(c, text)
  local g = c.g
  if text == "" then return say("why what? e.g. 'why QS'") end
  local a, err = g:parse(text)
  if not a then return say("%s", err) end
  local v = g:why(a)
  if not v then
    local doc = sandbox.text_of(game.phase_doc, g.def, g:phase(), g.opts)
    return say("%s is legal now%s", shown(g, a), doc and (" — " .. doc) or "")
  end
  say("%s is not allowed: %s", shown(g, a), violation_text(g, v))
end

local function hint(c)
  local a, reason = bots.suggest(c.hint_bot, c.g, c.seat, c.rng:clone())
  if not a then
    say("no hint (%s)", tostring(reason))
  else
    -- a rule-of-thumb bot is written for its game: a variant's house rules
    -- are unknown to it
    local base = c.def.base and c.hint_bot ~= bots.random
      and (" (a rule of thumb for %s, not for this variant)"):format(c.def.base.name) or ""
    say("hint: %s%s%s", shown(c.g, a), reason and (" — " .. reason) or "", base)
  end
  -- the search, which knows the rules in force, a variant's too
  for _, line in ipairs(require("talon.cli.advice").hint(c.g)) do say("%s", line) end
end

-- Takes back everything from the human's last decision on.
local function undo(c)
  local g = c.g
  for i = g.nact, 1, -1 do
    if g.act_seat[i] == c.seat then
      local mine, after = shown(g, g.act[i]), g.nact - i
      g:undo(after + 1)
      say("undone: your %s and the %d move(s) after it.", mine, after)
      return "undone"
    end
  end
  say("nothing of yours to undo.")
end

-- The game's own commands (def.tools.commands: name -> {doc, run(view,
-- words) -> text}), run on the human's view only, sandboxed like game code.
local function game_commands(def)
  return def.tools and type(def.tools.commands) == "table" and def.tools.commands or {}
end

local function help(c)
  say("%s", HELP)
  local g, phase = c.g, c.g:phase()
  if phase then -- what the game asks for now, and the words it takes
    local doc = sandbox.text_of(game.phase_doc, g.def, phase, g.opts)
    local verbs = g.def.phases[phase].verbs
    say("now, phase %s: %s%s", phase, doc or "", verbs and ("; type " ..
      table.concat(verbs, ", ")) or "")
  end
  local cmds = game_commands(c.def)
  local names = options.sorted_keys(cmds)
  if #names == 0 then return end
  say("%s also offers:", c.def.name)
  for _, name in ipairs(names) do say("  %-13s %s", name, tostring(cmds[name].doc or "")) end
end

local function game_command(c, cmd, words)
  local ok, text = sandbox.call(cmd.run, c.g:view(c.seat), words)
  if not ok then
    local msg = sandbox.text(text)
    local eol = string.find(msg, "\n", 1, true) or #msg + 1
    return say("the command failed: %s", string.sub(msg, 1, eol - 1))
  end
  say("%s", sandbox.text(text)) -- the game's value: its __tostring under the budget
end

local COMMANDS = {
  help = help,
  ["?"] = help,
  quit = function() return "quit" end,
  exit = function() return "quit" end,
  legal = function(c) say("legal: %s", legal_text(c.g)) end,
  table = function(c) say("%s", tbl.render(c.g:view(c.seat), c.def.name)) end,
  score = function(c)
    local s = c.g:explain("score")
    say("%s", s ~= "" and s or "no score yet.")
  end,
  undo = undo,
  why = why,
  hint = hint,
  explain = function(c)
    c.explain = not c.explain
    say("the bots' reasons are %s.", c.explain and "shown" or "hidden")
  end,
}

-- One line from the human: "played", "quit", "undone", or nil (ask again).
local function command(c, line)
  local word, rest = line:match("^%s*(%S+)%s*(.-)%s*$")
  if not word then return nil end
  local f = COMMANDS[word:lower()]
  if f then return f(c, rest) end
  local cmd = game_commands(c.def)[word:lower()]
  if type(cmd) == "table" and type(cmd.run) == "function" then return game_command(c, cmd, rest) end
  local ok, v = c.g:try(line)
  if ok then return "played" end
  say("not allowed: %s", violation_text(c.g, v))
  say("(type 'legal' for your choices, 'help' for commands)")
  return nil
end

local function human_turn(c)
  say("%s", tbl.render(c.g:view(c.seat), c.def.name))
  while true do
    io.write(("your move (%s) > "):format(c.g:phase()))
    io.flush()
    local line = io.read("l")
    if not line then io.write("\n"); return "quit" end
    if not c.echo_off then io.write(line, "\n") end -- a piped transcript reads well
    local ok, r = pcall(command, c, line)
    if not ok then
      if c.g.aborted then error(r, 0) end -- the game cannot go on
      say("error (the game is unchanged): %s", tostring(r))
    elseif r then
      return r
    end
  end
end

local function bot_turn(c, mover)
  local g = c.g
  local ph = g.def.phases[g:phase()]
  local b = mover == c.seat and c.hint_bot or c.others[mover]
  local a, reason, failure = bots.move(b, g, mover, c.rng)
  local private = mover ~= c.seat and game.private(ph, g.state, mover, a)
  term.pause(0.4)
  if private then say("%s acts face down", g.state.names[mover])
  else
    local because = c.explain and reason and term.dim(" — " .. reason) or ""
    say("%s: %s%s", tbl.seat_label(g:view(c.seat), mover), shown(g, a), because)
  end
  if failure then say("  (the bot failed: %s; it played at random)", failure) end
end

-- Writes the record; a file that cannot be written is a failure (exit 1),
-- never a success message.
local function save_record(g, file)
  local ok, err = require("talon.host.files").write(file, g:record())
  if not ok then options.fail("%s", err) end
  say("record written to %s (replay it with: talon replay %s)", file, file)
end

-- Writes the record as the game goes, after every action, atomically:
-- however the session ends (quit, Ctrl-C, Ctrl-D, an error, a killed
-- process) the record of what was played is on disk.
local function keep_record(c)
  local file = c.p.flags.record
  if not file then return end
  local ok, err = require("talon.host.files").write(file, c.g:record())
  if not ok then options.fail("%s", err) end
end

local FLAGS = { seat = "value", bots = "value", record = "value", auto = "switch",
                explain = "switch", position = "value" }

-- --position FILE: the game starts from the position in FILE; its options
-- are the position's, with -o given on the command line over them.
local function start_position(params, path)
  local p, err = require("talon.host.position").load(path)
  if not p then options.fail("--position %s", tostring(err)) end
  local opts = {}
  for k, v in pairs(type(p.options) == "table" and p.options or {}) do opts[k] = v end
  for k, v in pairs(params.options or {}) do opts[k] = v end
  params.options, params.position = opts, p
end

-- Seats the human and the bots; returns the context of the session.
local function setup(args)
  local def, params, p = options.game(args, FLAGS)
  term.setup_style()
  local g
  if p.flags.position then
    start_position(params, p.flags.position)
    local ok, made = pcall(game.new, def, params)
    -- a position the game cannot start from is the file's fault: say so
    if not ok then options.fail("--position %s: %s", p.flags.position, tostring(made)) end
    g = made
  else
    g = game.new(def, params)
  end
  local unfit = p.flags.record and require("talon.host.files").unfit(p.flags.record)
  -- told before the game, not after an hour of play
  if unfit then options.usage_error("--record %s: %s", p.flags.record, unfit) end
  local seat = options.int(p, "seat", 1)
  if seat > g.state.n then options.usage_error("--seat must be 1..%d, got %d", g.state.n, seat) end
  local key = params.game or params.file
  local hint_bot = bots.rule(key, def) or bots.random
  local others = bots.list(p.flags.bots or "rule", g.state.n, key, def)
  return { g = g, def = def, seat = seat, p = p, hint_bot = hint_bot, others = others,
           rng = require("talon").rng(params.seed), explain = p.flags.explain,
           echo_off = term.isatty(0) }
end

local function session(c)
  local g, seat = c.g, c.seat
  local seen = show_events(g, seat, 1)
  local quit = false
  while not g:over() and not quit do
    local mover = g:mover()
    if mover == seat and not c.p.flags.auto then
      local before = g.nact
      local r = human_turn(c)
      quit = r == "quit"
      if r == "played" then say("you: %s", shown(g, g.act[before + 1])) end
      if r == "undone" then seen = #g:events() + 1 end
    else
      bot_turn(c, mover)
    end
    keep_record(c)
    seen = show_events(g, seat, seen)
  end
end

function play.run(args)
  local c = setup(args)
  local g, seat = c.g, c.seat
  say("%s — %s", c.def.name, c.def.summary)
  say("you are seat %d (%s); type 'help' for commands.", seat, g.state.names[seat])
  keep_record(c)
  local ok, err = pcall(session, c)
  if not ok then
    pcall(keep_record, c) -- an error or Ctrl-C: what was played is kept
    error(err, 0)
  end
  if g:over() then
    local res = g:result()
    local text = type(res) == "table" and rawget(res, "text") or res
    say("%s", term.bold("result: " .. sandbox.text(text)))
  else say("bye.") end
  if c.p.flags.record then save_record(g, c.p.flags.record) end
  return 0
end

return play
