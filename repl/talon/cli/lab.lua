-- talon.cli.lab: plays the matches of `talon sim` and `talon compare` and
-- folds each, once finished, into a streaming summary (talon.host.stats).
--
-- Determinism: match k of a run seeded S is seeded from S and k alone
-- (lab.match_seed), never from the order in which matches are played, so
-- one process, N worker processes (--jobs) or N hosts (--shard) play the
-- same matches; its bots draw from a generator of the match seed. Two
-- sides of a comparison play match k on the same seed: where their rules
-- deal alike, they deal the same cards (common random numbers).
--
-- A side is a game with its options and bots. Its statistics ("measures")
-- are the framework's own, the same for every game (wins, final points,
-- points per hand, hands per match, bot failures), then those the game
-- declares (the definition's `stats`, talon.host.measure).
local talon = require "talon"
local game = require "talon.game"
local bots = require "talon.cli.bots"
local stats = require "talon.host.stats"
local summary = require "talon.cli.summary"
local options = require "talon.cli.options"

local lab = {}

-- Actions one match may take; a match still running then (bots that never
-- finish it) counts as undecided. --hands bounds matches by hands.
local ACTIONS = 200000

function lab.match_seed(seed, k)
  return talon.rng(("%s#%d"):format(tostring(seed), k)):int(1, 1 << 40)
end

-- {================================================== sides and measures

local function who(members)
  local list = {}
  for i, s in ipairs(members) do list[i] = "P" .. s end
  return table.concat(list, "+")
end

-- The measures of a side: { id, label, per, kind [, doc] } in the order
-- they print; ids name them across slices and sides.
local function measures_of(def, sides, nseats)
  local list = {}
  local function add(id, label, per, kind, doc)
    list[#list + 1] = { id = id, label = label, per = per, kind = kind, doc = doc }
  end
  for s, members in ipairs(sides) do
    local name = ("side %d (%s)"):format(s, who(members))
    add("wins." .. s, name .. " wins", "match", "count")
    add("points." .. s, name .. " final points", "match", "value")
    add("hand_points." .. s, name .. " points per hand", "hand", "value")
  end
  add("hands", "hands per match", "match", "value")
  add("undecided", "matches without a winner", "match", "count")
  add("bot_failures", "bot moves played at random", "match", "value")
  for k = 1, nseats do add("seat_wins." .. k, ("P%d wins"):format(k), "match", "count") end
  for _, s in ipairs(def.stats or {}) do
    add("stat:" .. s.name, s.name, s.per, s.count and "count" or "value", s.doc)
  end
  return list
end

-- A side: game 'def' with game.new parameters 'params' and bots 'spec'
-- (at most 'room' names: bots.list).
function lab.side(def, params, spec, room)
  local probe = game.new(def, { options = params.options, seed = 1, quiet = true })
  local n, sides = probe:seats(), probe:sides()
  local key = params.game or params.file
  local blist, names = bots.list(spec, n, key, def, room)
  local side = { def = def, params = params, blist = blist, bot_names = names,
                 nseats = n, sides = sides, name = def.name, key = key,
                 options = params.options }
  side.measures = measures_of(def, sides, n)
  side.all_random = true
  for _, b in ipairs(blist) do side.all_random = side.all_random and b == bots.random end
  return side
end

-- Fresh accumulators for the measures of 'side', by position.
function lab.new_accs(side)
  local accs = {}
  for i, m in ipairs(side.measures) do accs[i] = stats.new_acc(m.kind) end
  return accs
end

-- }==================================================

-- {================================================== one match

-- A bot's failure as a line of text: its first line, clipped (a search
-- that met a game's broken hook names the hook's file and line).
local function failure_text(f)
  local line = tostring(f):match("^[^\n]*")
  if #line > 200 then line = line:sub(1, 197) .. "..." end
  return line
end

-- Plays one match of 'side' with seed 'seed'; returns the game (over, or
-- stopped after ACTIONS), the number of bot moves that fell back to
-- random, and the first of them ({ action = its number in the match,
-- seat, bot = the bot's name, message }) or nil.
function lab.play(side, seed)
  local p = {}
  for k, v in pairs(side.params) do p[k] = v end
  p.seed, p.quiet, p.stats = seed, true, true
  local g = game.new(side.def, p)
  local rng = talon.rng(seed)
  local failures, first, left, blist = 0, nil, ACTIONS, side.blist
  if side.all_random then
    -- in slices: one g:playout is one protected call under the time budget
    while not g:over() and left > 0 do
      left = left - g:playout(rng, 5000)
    end
  else
    while not g:over() and left > 0 do
      left = left - 1
      local mover = g:mover()
      local _, _, failure = bots.move(blist[mover], g, mover, rng)
      if failure then
        failures = failures + 1
        first = first or { action = ACTIONS - left, seat = mover,
                           bot = side.bot_names[mover], message = failure_text(failure) }
      end
    end
  end
  return g, failures, first
end

local math_type = math.type

-- An integer the game produced (a score), or a clean error naming it
-- (the text of 'what' is made only then: this runs for every hand).
local function int(v, what, a, b)
  if math_type(v) == "integer" then return v end
  local i = math.tointeger(v)
  if not i then error(("%s is not an integer: %s"):format(what:format(a, b), tostring(v)), 0) end
  return i
end

-- The result's winning side and seats, checked: a match_over hook may
-- return anything.
local function winners(side, res)
  if not res then return nil, nil end
  local w, list = res.winner, res.winners
  if w ~= nil and not (math.type(w) == "integer" and side.sides[w]) then
    error(("%s: the result names winner %s, not a side"):format(side.key, tostring(w)), 0)
  end
  if list ~= nil then
    if type(list) ~= "table" then
      error(("%s: the result's winners must be a list of seats"):format(side.key), 0)
    end
    local seats = {}
    for _, s in ipairs(list) do
      if math.type(s) ~= "integer" or s < 1 or s > side.nseats then
        error(("%s: the result's winners name %s, not a seat"):format(side.key, tostring(s)), 0)
      end
      seats[s] = true
    end
    list = seats
  end
  return w, list
end

-- The game's own statistics, after the framework's (positions from i+1).
local function fold_declared(side, accs, g, i, put)
  local rows, last = g:measured()
  for j, s in ipairs(side.def.stats or {}) do
    local acc = accs[i + j]
    if s.per == "match" then
      local v = last and last[j]
      if v ~= nil and s.value then stats.observe(acc, v) end
      put(v or 0, v ~= nil and 1 or 0)
    else
      local sum, n = 0, 0
      for h = 1, rows and #rows or 0 do
        local v = rows[h][j]
        if v ~= nil then
          local before = sum
          sum, n = sum + v, n + 1
          if (v >= 0) ~= (sum >= before) then acc.lost = true end -- wrapped around
          if s.value then stats.observe(acc, v) end
        end
      end
      put(sum, n)
    end
  end
end

-- Folds finished match 'g' of 'side' into accumulators 'accs'; leaves
-- each measure's total and count in xs[i], ns[i] (for a comparison's
-- pairs).
function lab.fold(side, accs, g, failures, xs, ns)
  local w, seat_won = winners(side, g:result())
  local scores, hands = g:scores(), g:hand_points()
  local nh, i = #hands, 0
  local function put(x, n)
    i = i + 1
    xs[i], ns[i] = x, n
    stats.add(accs[i], x, n)
  end
  for s = 1, #side.sides do
    put(w == s and 1 or 0, 1)
    local v = int(scores[s], "side %d's score", s)
    put(v, 1)
    stats.observe(accs[i], v)
    local sum, acc = 0, accs[i + 1]
    for h = 1, nh do
      local p = int(hands[h][s], "side %d's points in hand %d", s, h)
      local before = sum
      sum = sum + p
      if (p >= 0) ~= (sum >= before) then acc.lost = true end -- wrapped around
      stats.observe(acc, p)
    end
    put(sum, nh)
  end
  put(nh, 1)
  stats.observe(accs[i], nh)
  put(w == nil and 1 or 0, 1)
  put(failures, 1)
  stats.observe(accs[i], failures)
  for k = 1, side.nseats do put(seat_won and seat_won[k] and 1 or 0, 1) end
  fold_declared(side, accs, g, i, put)
end

-- {================================================== a slice of matches

-- Plays match k (seed 'mseed') of side 'side'; a game error stops the run
-- with the match named, the game's own frames of its traceback, and how
-- to play that match alone (its shard of one).
local function match(side, k, mseed, which)
  local ok, g, f, first = xpcall(lab.play, options.traceback, side, mseed)
  if ok then return g, f, first end
  if type(g) == "table" then error(g, 0) end
  error({ game_error = true, usage = ("%s: match %d%s raised an error: %s\n(this match"
    .. " alone: the same command with --games %d --shard %d/%d)"):format(side.name, k,
    which or "", options.trim_traceback(g), k, k, k) }, 0)
end

-- Notes match k's first bot failure (or nil) in summary side 'sside'
-- (talon.cli.summary.keep_failure: the run's earliest), so the report can
-- say why moves were played at random.
local function note_failure(sside, k, first)
  if first then first.match = k end
  summary.keep_failure(sside, first)
end

-- Plays the matches of shard i of n of summary 's' (talon.cli.summary:
-- matches i, i+n, … up to s.run.games) with 'sides', one side or the two
-- of a comparison on the same seeds, and folds each into 's'. After each
-- match tick(matches played) runs, then stop() may end the slice early
-- (Ctrl-C): a match is folded whole or not at all.
function lab.run(s, sides, i, n, tick, stop)
  local xa, na, xb, nb = {}, {}, {}, {}
  local games, seed = s.run.games, s.run.seed
  for k = i, games, n do
    local mseed = lab.match_seed(seed, k)
    local ga, fa, firsta = match(sides[1], k, mseed, sides[2] and " of side A")
    note_failure(s.sides[1], k, firsta)
    if sides[2] then
      local gb, fb, firstb = match(sides[2], k, mseed, " of side B")
      note_failure(s.sides[2], k, firstb)
      lab.fold(sides[1], s.sides[1].accs, ga, fa, xa, na)
      lab.fold(sides[2], s.sides[2].accs, gb, fb, xb, nb)
      for _, slot in ipairs(s.pairs) do
        stats.add_pair(slot.pair, xa[slot.a], na[slot.a], xb[slot.b], nb[slot.b])
      end
    else
      lab.fold(sides[1], s.sides[1].accs, ga, fa, xa, na)
    end
    s.matches = s.matches + 1
    if tick then tick(s.matches) end
    if stop and k + n <= games and stop() then
      s.interrupted = true
      return
    end
  end
end

-- }==================================================

return lab
