-- talon.cli.lesson: a game record as a lesson (`talon replay FILE` at a
-- terminal, or with --step): the table as `talon play` showed it, open
-- hands on request, and free moves through the game: the next or previous
-- action, trick or hand, a jump to any action, `why` and `explain` at any
-- point, and `branch`: a live game against the bots from the current point
-- (a what-if), with its own record.
--
-- The game at action k is the record's game with its first k actions
-- played again: records are small, and a rebuilt game is exactly the one
-- that was played (the same code path as undo).
local options = require "talon.cli.options"
local record = require "talon.host.record"
local term = require "talon.cli.term"
local tbl = require "talon.cli.table"
local ask = require "talon.cli.ask"
local sandbox = require "talon.host.sandbox"

local lesson = {}

local MAX_BYTES = 64 * 1024 * 1024 -- far above any record talon writes

local function say(fmt, ...) io.write(fmt:format(...), "\n") end

-- The text of record file 'file'; every failure names the file.
local function read_text(file)
  local f, err = io.open(file, "rb")
  if not f then options.fail("%s", err) end
  local text, rerr = f:read(MAX_BYTES + 1)
  f:close()
  if not text and rerr then options.fail("%s:1: cannot read the record (%s)", file, rerr) end
  text = text or ""
  if #text > MAX_BYTES then
    options.fail("%s:1: larger than %d MiB, not a record", file, MAX_BYTES // (1024 * 1024))
  end
  return text
end

-- Reads record 'file' and loads the game it names: r, def. A record
-- naming a game file by a relative path is read from the record's own
-- directory when it is not found from here.
function lesson.load(file)
  local ok, r = pcall(record.read, read_text(file), file)
  if not ok then options.fail("%s", tostring(r)) end
  local dok, def = pcall(record.load_game, r, file)
  if not dok then options.fail("%s", options.game_error_text(def)) end
  return r, def
end

-- Applies action i of the record; fails with a message naming its line
-- ("file:12: action 8 (ZZ) is illegal: …").
function lesson.apply(g, file, i, a)
  local at = ("%s:%d: action %d"):format(file, a.line or 1, i)
  if g:mover() ~= a[1] then
    options.fail("%s: seat %d acts but %s", at, a[1],
      g:mover() and ("seat %d is to move"):format(g:mover()) or "the game is over")
  end
  local ok, played, v = pcall(g.try, g, a[2])
  if not ok then
    options.fail("%s (%s) raised an error:\n%s", at, record.clip(a[2]),
      options.game_error_text(played))
  end
  if not played then
    options.fail("%s (%s) is illegal: %s", at, record.clip(a[2]),
      sandbox.error_text(v))
  end
end

-- The record's game, started ('extra': params such as checking); its
-- failures name the record's line.
function lesson.start(r, def, file, extra)
  local ok, g = pcall(record.start, def, r, file, extra)
  if not ok then options.fail("%s", options.game_error_text(g)) end
  return g
end

-- The record's game after its first 'k' actions.
function lesson.game_at(r, def, file, k, extra)
  local g = lesson.start(r, def, file, extra)
  for i = 1, k do lesson.apply(g, file, i, r.actions[i]) end
  return g
end

-- ===== where tricks and hands end

-- The tricks won so far in running game 'g', summed under the game's
-- budget (st.tricks_won is the game's to fill) and checked to be a number.
local tricks_now = sandbox.method(function(g)
  local n = 0
  for _, w in ipairs(g.state.tricks_won or {}) do n = n + w end
  if type(n) ~= "number" then error("st.tricks_won holds something other than counts", 0) end
  return n
end)

-- Walks the whole record once: marks.trick[k] / marks.hand[k] are true
-- when action k ended a trick or a phase / a hand (or the game).
local function find_marks(r, def, file)
  local g = lesson.start(r, def, file, { quiet = true })
  local marks = { trick = {}, hand = {} }
  local hand, done, phase = g.hands_done, tricks_now(g), g:phase()
  for i, a in ipairs(r.actions) do
    lesson.apply(g, file, i, a)
    local h, n, ph = g.hands_done, tricks_now(g), g:phase()
    marks.hand[i] = h ~= hand or g:over()
    -- a phase that ends (the trump named) ends a step as a trick does
    marks.trick[i] = marks.hand[i] or n ~= done or ph ~= phase
    hand, done, phase = h, n, ph
  end
  return marks
end

-- The next action after 'k' that ends a trick/hand (kind), or the last.
local function forward(L, kind)
  for i = L.k + 1, #L.r.actions do
    if L.marks[kind][i] then return i end
  end
  return #L.r.actions
end

-- Back to where the trick/hand in progress at 'k' began (or the one
-- that ended at 'k'): the last mark before 'k', or the start.
local function backward(L, kind)
  for i = L.k - 1, 1, -1 do
    if L.marks[kind][i] then return i end
  end
  return 0
end

-- ===== showing

-- The other seats' hands, for an open replay.
local function open_lines(L)
  local out = {}
  for s = 1, L.g:seats() do
    if s ~= L.seat then
      out[#out + 1] = ("  %s holds: %s"):format(L.g:name(s), tbl.hand_line(L.g:hand(s)))
    end
  end
  return table.concat(out, "\n")
end

local function show_table(L)
  say("%s", tbl.render(L.g:view(L.seat), L.def.name, nil, tbl.labels(L.def)))
  if L.open then say("%s", open_lines(L)) end
  local nxt = L.r.actions[L.k + 1]
  if nxt then
    say("next in the record: %s plays %s", L.g:name(nxt[1]),
      ask.shown(L.g:parse(nxt[2]) or nxt[2]))
  else
    local res = L.g:result()
    say("%s", res and ("result: " .. res.text) or "the record ends here.")
  end
end

-- The events the reader's seat may see, from index 'from'.
local function show_events(L, from)
  local evs = L.g:events()
  for i = from, #evs do
    local ev = evs[i]
    if (ev.to == nil or ev.to == L.seat or L.open) and ev.kind ~= "action" then
      say("    · %s", ev.text)
    end
  end
end

-- Moves to action 'k': one step forward is played and told with its
-- events; any other move rebuilds the game there.
local function go(L, k)
  k = math.max(0, math.min(k, #L.r.actions))
  if k == L.k + 1 then
    local from = #L.g:events() + 1
    local a = L.r.actions[k]
    local parsed = L.g:parse(a[2])
    local hidden = not L.open and a[1] ~= L.seat and parsed
      and L.g:private(L.g:phase(), a[1], parsed)
    lesson.apply(L.g, L.file, k, a)
    say("%4d  %s: %s", k, L.g:name(a[1]),
      hidden and "(face down)" or ask.shown(L.g.act[L.g.nact]))
    show_events(L, from)
  elseif k ~= L.k then
    L.g = lesson.game_at(L.r, L.def, L.file, k)
    say("at action %d of %d", k, #L.r.actions)
  end
  L.k = k
  show_table(L)
end

-- ===== the commands of a lesson

local HELP = [[
replay commands:
  Enter, n      the next action          p     the previous action
  t             to the end of the trick  pt    back a trick
  h             to the end of the hand   ph    back a hand
  N, jump N     to action N (0: the start; end: the last)
  why X         why X is legal or not for the seat to move (why: the next action)
  hint          what the rule-of-thumb bot would play here, and why
  legal         the legal actions of the seat to move
  table, last, score, rules, explain RULE   as at the table
  seat K        see the table from player PK
  open          show (or hide) every hand
  branch [FILE] play on from here against the bots (a what-if, its own record)
  help          this text
  q, quit       leave the replay]]

local function ctx(L) return { g = L.g, def = L.def, seat = L.seat } end

local function why(L, text)
  if text == "" then
    local nxt = L.r.actions[L.k + 1]
    if not nxt then return say("the record ends here.") end
    text = nxt[2]
  end
  local c = ctx(L)
  c.seat = L.g:mover() or L.seat
  -- asked of the mover's play: "you" in the answer is the mover, who may
  -- not be the seat the table is drawn from
  local whose = c.seat ~= L.seat and ("(%s, to move) "):format(L.g:name(c.seat)) or ""
  say("%s%s", whose, ask.why(c, text))
end

local function hint(L)
  local mover = L.g:mover()
  if not mover then return say("the game is over.") end
  local bots = require "talon.cli.bots"
  local b = bots.rule(L.r.game or L.r.file, L.def) or bots.random
  local a, reason = bots.suggest(b, L.g, mover, require("talon").rng(L.k + 1))
  if not a then return say("no hint (%s)", tostring(reason)) end
  say("the bot would play %s for %s%s", ask.shown(a), L.g:name(mover),
    reason and (" — " .. reason) or "")
end

-- A file name for a branch's record beside the replayed one that does
-- not exist yet: game.rec -> game-branch-12.rec (-2, -3 … when taken).
local function branch_name(L)
  local stem, ext = L.file:match("^(.*)(%.[%w]+)$")
  stem, ext = stem or L.file, ext or ""
  local fs = require "talon.host.fs"
  local name = ("%s-branch-%d%s"):format(stem, L.k, ext)
  local n = 1
  while fs.kind(name) do
    n = n + 1
    name = ("%s-branch-%d-%d%s"):format(stem, L.k, n, ext)
  end
  return name
end

-- `branch [FILE]`: a live game from the current point, the reader at the
-- seat they look from, the bots at the others; the branch's record holds
-- the game from its start, so it replays and resumes on its own.
local function branch(L, words)
  if L.g:over() then return say("the game is over; go back first (p, ph, jump N).") end
  local file = words ~= "" and words or branch_name(L)
  local live = lesson.game_at(L.r, L.def, L.file, L.k)
  local play = require "talon.cli.play"
  -- the seat the reader looks from, as the player sitting there (--seat
  -- names a player: Hokm moves players to other seats)
  local player = tonumber(tostring(live:name(L.seat)):match("^P(%d+)$")) or L.seat
  local ok, c = pcall(play.context, live, L.def, { seat = player, record = file,
    key = L.r.game or L.r.file, seed = L.r.seed, explain = true })
  if not ok then return say("%s", type(c) == "table" and c.usage or tostring(c)) end
  c.seen = #live:events() + 1 -- only what happens from here on
  say("branch from action %d: you play %s; the record goes to %s", L.k,
    live:name(L.seat), file)
  play.go(c)
  say("back in the replay at action %d.", L.k)
  show_table(L)
end

local function seat(L, words)
  local s = math.tointeger(tonumber(words))
  if not s or s < 1 or s > L.g:seats() then
    return say("seat 1 to %d, e.g. 'seat 2'", L.g:seats())
  end
  L.seat = options.player_seat(L.g, s) -- player PK, as --seat K
  show_table(L)
end

local MOVES = {
  [""] = function(L) return L.k + 1 end, n = function(L) return L.k + 1 end,
  next = function(L) return L.k + 1 end,
  p = function(L) return L.k - 1 end, prev = function(L) return L.k - 1 end,
  back = function(L) return L.k - 1 end,
  t = function(L) return forward(L, "trick") end, pt = function(L) return backward(L, "trick") end,
  h = function(L) return forward(L, "hand") end, ph = function(L) return backward(L, "hand") end,
  start = function() return 0 end, ["end"] = function(L) return #L.r.actions end,
}

local COMMANDS = {
  help = function() say("%s", HELP) end,
  why = why, hint = hint, branch = branch, seat = seat,
  legal = function(L)
    if L.g:over() then return say("the game is over.") end
    say("legal for %s: %s", L.g:name(L.g:mover()), ask.legal_text(L.g))
  end,
  table = show_table,
  last = function(L) say("%s", ask.last(ctx(L))) end,
  score = function(L) say("%s", ask.score(ctx(L))) end,
  rules = function(L) say("%s", ask.rules(ctx(L))) end,
  explain = function(L, words) say("%s", ask.explain(ctx(L), words)) end,
  open = function(L)
    L.open = not L.open
    show_table(L)
  end,
  jump = function(L, words)
    local k = words == "end" and #L.r.actions or math.tointeger(tonumber(words))
    if not k or k < 0 or k > #L.r.actions then
      return say("jump to which action? 0 to %d (or end)", #L.r.actions)
    end
    if k == L.k then return say("already at action %d of %d", k, #L.r.actions) end
    go(L, k)
  end,
}
COMMANDS.go = COMMANDS.jump

-- One line of the reader: false to leave.
local function command(L, line)
  local word, rest = line:match("^%s*(%S*)%s*(.-)%s*$")
  word = word:lower()
  if word == "q" or word == "quit" or word == "exit" then return false end
  if MOVES[word] and rest == "" then
    local k = MOVES[word](L)
    if k > #L.r.actions then say("the record ends here (action %d).", #L.r.actions)
    elseif k < 0 then say("this is the start.")
    else go(L, k) end
  elseif math.tointeger(tonumber(word)) and rest == "" then
    go(L, math.tointeger(tonumber(word)))
  elseif COMMANDS[word] then
    COMMANDS[word](L, rest)
  else
    say("unknown command '%s' (type 'help')", word)
  end
  return true
end

-- The lesson loop over record 'r' of game 'def' read from 'file'; flags:
-- open (every hand shown), seat (the seat looked from).
function lesson.run(r, def, file, flags)
  local L = { r = r, def = def, file = file, k = 0, open = flags.open,
              seat = options.int({ flags = flags }, "seat", 1) }
  L.g = lesson.game_at(r, def, file, 0)
  if L.seat > L.g:seats() then options.usage_error("--seat must be 1..%d", L.g:seats()) end
  L.seat = options.player_seat(L.g, L.seat) -- player PK, as talon play seats him
  L.marks = find_marks(r, def, file)
  local c = { echo_off = term.isatty(0) }
  say("%s — %d actions; type 'help' for commands, Enter for the next action.", def.name,
    #r.actions)
  show_events(L, 1)
  show_table(L)
  if c.echo_off then
    local words = {}
    for w in pairs(COMMANDS) do words[#words + 1] = w end
    table.sort(words)
    require("talon.cli.prompt").words(words)
  end
  local play = require "talon.cli.play"
  while true do
    local line = play.read_line(c, ("[%d/%d] replay > "):format(L.k, #r.actions))
    if not line then io.write("\n"); return 0 end
    local ok, more = pcall(command, L, line)
    if not ok then
      if type(more) == "table" and more.usage then say("%s", more.usage)
      else error(more, 0) end
    elseif not more then
      return 0
    end
  end
end

return lesson
