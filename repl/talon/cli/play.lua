-- talon.cli.play: one person against bots at the terminal (`talon play`).
--
-- Works the same through a pipe (tests drive it with printf): no pauses
-- and no colour unless stdout is a terminal, a prompt per decision, end
-- of input quits cleanly. Bad input is answered and the prompt repeated;
-- nothing typed can crash the game. A session may also start from a
-- record (--resume) or from another front end's game (play.go: the
-- `branch` of `talon replay`).
local options = require "talon.cli.options"
local bots = require "talon.cli.bots"
local term = require "talon.cli.term"
local tbl = require "talon.cli.table"
local ask = require "talon.cli.ask"
local game = require "talon.game"
local sandbox = require "talon.host.sandbox"
local prompt = require "talon.cli.prompt"

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
  last          the last trick and why it was won
  score         the scores and how they were reached, hand by hand
  rules         the game's rules with this game's options
  explain RULE  one rule (or option) of the game, as it reads here
  explain       show (or stop showing) why each bot plays what it plays
  help          this text
  quit          leave the game (end of input does the same)]]

local function say(fmt, ...) io.write(fmt:format(...), "\n") end

local function shown(_, a) return ask.shown(a) end

-- Writes the record as the game goes, after every action, atomically:
-- however the session ends (quit, Ctrl-C, Ctrl-D, an error, a killed
-- process) the record of what was played is on disk. A file that cannot
-- be written is a failure (exit 1).
local function keep_record(c)
  local file = c.record
  if not file then return end
  local ok, err = require("talon.host.files").write(file, c.g:record())
  if not ok then options.fail("%s", err) end
end

-- Runs the action f(...) (a play, a move taken back) and writes the
-- record after it, with Ctrl-C held until both are done: an interrupt
-- stops the program at once (it cannot be caught in Lua), so one that
-- came between an action and its writing would leave a record without a
-- move the table had shown. Returns what f returns; an error of f's is
-- raised again as it was.
local function acted(c, f, ...)
  local r = table.pack(require("talon").sandbox.deferred(function(...)
    local res = table.pack(f(...))
    keep_record(c)
    return table.unpack(res, 1, res.n)
  end, ...))
  if not r[1] then error(r[3], 0) end
  return table.unpack(r, 2, r.n)
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
      acted(c, g.undo, g, after + 1)
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
  if phase then -- what the game asks for now, and the words it takes now
    local doc = sandbox.text_of(game.phase_doc, g.def, phase, g.opts)
    local verbs = ask.verbs_now(g)
    say("now, phase %s: %s%s", phase, doc or "", #verbs > 0 and ("; type " ..
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
  legal = function(c) say("legal: %s", ask.legal_text(c.g)) end,
  table = function(c)
    say("%s", tbl.render(c.g:view(c.seat), c.def.name, nil, tbl.labels(c.def)))
  end,
  score = function(c) say("%s", ask.score(c)) end,
  last = function(c) say("%s", ask.last(c)) end,
  rules = function(c) say("%s", ask.rules(c)) end,
  undo = undo,
  why = function(c, text) say("%s", ask.why(c, text)) end,
  hint = hint,
  explain = function(c, words)
    if words ~= "" then return say("%s", ask.explain(c, words)) end
    c.explain = not c.explain
    say("the bots' reasons are %s.", c.explain and "shown: a bot thinks aloud, and may name"
      .. " the cards it holds (a teaching view, like open hands)" or "hidden")
  end,
}

-- The game's question before action 'line' when it can only lose
-- (def.tools.confirm(view, action) -> question | nil, sandboxed); the
-- answer is read from the human: true to go on.
local function confirmed(c, a)
  local confirm = c.def.tools and c.def.tools.confirm
  if type(confirm) ~= "function" then return true end
  if type(a) == "string" then a = c.g:parse(a) end
  if not a or c.g:why(a) then return true end -- a refusal explains itself
  local ok, question = sandbox.call(confirm, c.g:view(c.seat), a)
  if not ok then -- the game's question failed: asked in the program's words
    say("the game's question before this action failed: %s",
      sandbox.text(question):match("^[^\n]*")) -- its first line, not the traceback
    question = "Play it anyway?"
  elseif type(question) ~= "string" then
    return true
  end
  local answer = play.read_line(c, question .. " (yes/no) > ")
  -- yes or y (any case) plays it; anything else, "yikes" too, does not
  local word = answer and answer:match("^%s*(%a+)%s*$")
  if word and (word:lower() == "yes" or word:lower() == "y") then return true end
  say("not played.")
  return false
end

-- One line from the human: "played", "quit", "undone", or nil (ask again).
local function command(c, line)
  local word, rest = line:match("^%s*(%S+)%s*(.-)%s*$")
  if not word then return nil end
  local f = COMMANDS[word:lower()]
  if f then return f(c, rest) end
  local cmd = game_commands(c.def)[word:lower()]
  if type(cmd) == "table" and type(cmd.run) == "function" then return game_command(c, cmd, rest) end
  local a = c.g:why(line) and ask.resolve(c.g, line) or line -- a bare card: its one play
  if not confirmed(c, a) then return nil end
  local ok, v = acted(c, c.g.try, c.g, a)
  if ok then return "played" end
  say("not allowed: %s", ask.violation_text(c.g, v))
  say("(type 'legal' for your choices, 'help' for commands)")
  return nil
end

-- One line from the human, or nil at the end of input. On a terminal the
-- line is edited (arrows, history, TAB) and Ctrl-C clears it and asks
-- again, as the REPL does; through a pipe the prompt and the line are
-- printed, so a piped transcript reads well.
function play.read_line(c, text)
  if c.echo_off then
    while true do
      local line, why = prompt.read(text)
      if line or why ~= "interrupted" then return line end
    end
  end
  io.write(text)
  io.flush()
  local line = io.read("l")
  if line then io.write(line, "\n") end
  return line
end

-- The words TAB completes at the prompt: the commands, the game's own
-- and the verbs of the phase.
local function completion_words(c)
  local words = {}
  for name in pairs(COMMANDS) do words[#words + 1] = name end
  for name in pairs(game_commands(c.def)) do words[#words + 1] = tostring(name) end
  for _, v in ipairs(ask.verbs_now(c.g)) do
    if v ~= "a card" then words[#words + 1] = v end
  end
  table.sort(words)
  return words
end

local function human_turn(c)
  say("%s", tbl.render(c.g:view(c.seat), c.def.name, nil, tbl.labels(c.def)))
  if c.echo_off then prompt.words(completion_words(c)) end
  while true do
    local line = play.read_line(c, ("your move (%s) > "):format(c.g:phase()))
    if not line then io.write("\n"); return "quit" end
    local ok, r = pcall(command, c, line)
    if not ok then
      if c.g.aborted then error(r, 0) end -- the game cannot go on
      -- what the game said, with its own frames (as when the game ends)
      say("error (the game is unchanged): %s", options.game_error_text(r))
    elseif r then
      return r
    end
  end
end

local function bot_turn(c, mover)
  local g = c.g
  local phase = g:phase()
  local b = mover == c.seat and c.hint_bot or c.others[mover]
  local a, reason, failure = bots.choose(b, g, mover, c.rng)
  acted(c, g.play, g, a)
  local private = mover ~= c.seat and g:private(phase, mover, a)
  term.pause(0.4)
  if private then say("%s acts face down", g:name(mover))
  else
    -- a variant's bots are its base game's rules of thumb (as hint says)
    local whose = c.def.base and b ~= bots.random
      and (" (a rule of thumb for %s)"):format(c.def.base.name) or ""
    local because = c.explain and reason and term.dim(" — " .. reason .. whose) or ""
    say("%s: %s%s", tbl.seat_label(g:view(c.seat), mover), shown(g, a), because)
  end
  if failure then say("  (the bot failed: %s; it played at random)", failure) end
end

local FLAGS = { seat = "value", bots = "value", record = "value", auto = "switch",
                explain = "switch", position = "value", resume = "value" }

-- --position FILE: the game starts from the position in FILE; its options
-- are the position's, with -o given on the command line over them.
local function start_position(params, path)
  local p, err = require("talon.host.position").load(path)
  -- a file whose code raises: its own frames, not the loader's
  if not p then options.fail("--position %s", options.trim_traceback(tostring(err))) end
  local opts = {}
  for k, v in pairs(type(p.options) == "table" and p.options or {}) do opts[k] = v end
  for k, v in pairs(params.options or {}) do opts[k] = v end
  params.options, params.position = opts, p
end

-- --resume FILE: the game of a record, its actions played again; the
-- session goes on from there and keeps writing FILE (or --record).
local function resumed(p)
  for _, k in ipairs { "players", "seed", "position" } do
    if p.flags[k] then
      options.usage_error("--resume takes the game from the record, not --%s", k)
    end
  end
  if next(p.raw_opts) then
    options.usage_error("--resume takes the options from the record, not -o")
  end
  if p.positional[1] then options.usage_error("unexpected argument '%s'", p.positional[1]) end
  local file = p.flags.resume
  local lesson = require "talon.cli.lesson"
  local r, def = lesson.load(file)
  local g = lesson.game_at(r, def, file, #r.actions)
  if g:over() then
    options.fail("%s: the game is over (%s); nothing to resume", file, g:result().text)
  end
  return def, g, { game = r.game, file = r.file, seed = r.seed }
end

-- The player the human is: "P<seat>" as first seated, wherever the game
-- has moved them since (Hokm seats partners opposite before the first
-- hand); a game's own names are taken as they are.
local function player_name(g, seat)
  local first = "P" .. seat
  for s = 1, g:seats() do
    if g:name(s) == first then return first end
  end
  return g:name(seat)
end

-- The context of a session: the game, the human's seat, the bots.
-- 'o': seat, bots (text), record (a file), explain, auto, key (the name
-- or path the game was loaded by), seed (of the bots).
function play.context(g, def, o)
  local seat = o.seat or 1
  if seat > g:seats() then options.usage_error("--seat must be 1..%d, got %d", g:seats(), seat) end
  local unfit = o.record and require("talon.host.files").unfit(o.record)
  -- told before the game, not after an hour of play
  if unfit then options.usage_error("--record %s: %s", o.record, unfit) end
  return { g = g, def = def, seat = seat, hint_bot = bots.rule(o.key, def) or bots.random,
           others = bots.list(o.bots or "rule", g:seats(), o.key, def),
           rng = require("talon").rng(o.seed or 1), explain = o.explain, auto = o.auto,
           record = o.record, echo_off = term.isatty(0), name = player_name(g, seat) }
end

-- Seats the human and the bots; returns the context of the session.
local function setup(args)
  local p = options.parse(args, FLAGS)
  term.setup_style(p.flags) -- before the first deal's events are told
  local def, g, params, seen
  if p.flags.resume then
    def, g, params = resumed(p)
    params.record = p.flags.record or p.flags.resume
    seen = #g:events() + 1 -- what was played before is in the record
    say("resuming %s after action %d.", p.flags.resume, g.nact)
  else
    def, params, p = options.game(args, FLAGS)
    if p.flags.position then
      start_position(params, p.flags.position)
      local ok, made = pcall(game.new, def, params)
      -- a position the game cannot start from is the file's fault: say so,
      -- in the one line naming the field; a hook of the game that raises
      -- while the position is restored (a mover, a trick) is the game's,
      -- shown as its other errors are: what it said, and its own frames
      if not ok then
        local msg = sandbox.error_text(made)
        if msg:find("^position: ") then msg = msg:match("^[^\n]*")
        else msg = options.trim_traceback(msg) end
        options.fail("--position %s: %s", p.flags.position, msg)
      end
      g = made
    else
      g = game.new(def, params)
    end
    params.record = p.flags.record
  end
  local c = play.context(g, def, { seat = options.int(p, "seat", 1), bots = p.flags.bots,
    record = params.record, explain = p.flags.explain, auto = p.flags.auto,
    key = params.game or params.file, seed = params.seed })
  c.seen = seen
  return c
end

-- The human is a player, not a chair: when the game moves players to
-- other seats (Hokm's partners sit opposite, HOK-R7) the human goes with
-- their name, and is told.
local function follow(c, quiet)
  local g = c.g
  if g:name(c.seat) == c.name then return end
  for s = 1, g:seats() do
    if g:name(s) == c.name then
      c.seat = s
      if not quiet then say("you (%s) now sit at seat %d.", c.name, s) end
      return
    end
  end
end

local function session(c)
  local g = c.g
  local seen = show_events(g, c.seat, c.seen or 1)
  local quit = false
  while not g:over() and not quit do
    local mover = g:mover()
    if mover == c.seat and not c.auto then
      local before = g.nact
      local r = human_turn(c)
      quit = r == "quit"
      if r == "played" then say("you: %s", shown(g, g.act[before + 1])) end
      if r == "undone" then seen = #g:events() + 1 end
    else
      bot_turn(c, mover)
    end
    seen = show_events(g, c.seat, seen)
    follow(c)
  end
end

-- How to run the program again: "talon" when that is on PATH, else the
-- program's own path, made absolute (./play.sh runs it from the build
-- tree, and no talon may be installed).
local function program()
  local self = arg and arg[-1] or "talon"
  if os.execute("command -v talon >/dev/null 2>&1") == true then return "talon" end
  if self:sub(1, 1) ~= "/" and self:find("/", 1, true) then
    self = (os.getenv("PWD") or ".") .. "/" .. self:gsub("^%./", "")
  end
  return self
end

-- Plays the session of context 'c' to its end; returns the exit code.
function play.go(c)
  local g = c.g
  follow(c, true)
  say("%s — %s", c.def.name, c.def.summary)
  say("you are %s, at seat %d; type 'help' for commands.", c.name, c.seat)
  keep_record(c)
  local ok, err = pcall(session, c)
  if not ok then
    -- an error that ended the game: what was played is kept (every
    -- action was written as it was played: acted); a Ctrl-C that comes
    -- now waits for this writing
    require("talon").sandbox.deferred(keep_record, c)
    -- a game's error: its message with the game's own frames, as check and
    -- sim show it (the front end's frames tell a player nothing)
    if type(err) == "string" and string.find(err, "\nstack traceback:", 1, true) then
      error({ usage = options.trim_traceback(err), game_error = true }, 0)
    end
    error(err, 0)
  end
  if g:over() then
    local res = g:result()
    local text = type(res) == "table" and rawget(res, "text") or res
    say("%s", term.bold("result: " .. sandbox.text(text)))
  else say("bye.") end
  if c.record then
    keep_record(c)
    local again = program()
    -- --seat names the player (PK), wherever the game has seated him since
    local k = tonumber(tostring(c.name):match("^P(%d+)$")) or c.seat
    say("record written to %s (replay it with: %s replay %s%s)", c.record, again, c.record,
      g:over() and "" or (", or go on with: %s play --resume %s%s"):format(again, c.record,
        k ~= 1 and (" --seat %d"):format(k) or ""))
  end
  return 0
end

function play.run(args)
  return play.go(setup(args))
end

return play
