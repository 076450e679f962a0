-- talon.check: random games with every invariant asserted after every
-- action (`talon check`), the tool for people who write house rules.
--
-- Game i is played with seed S+i-1 (S = --seed, default 1) by the random
-- bot drawing from a generator of the same seed, so `--seed K --games 1`
-- replays game K alone. A game is a match of at most --hands hands
-- (default 20): random players may never finish a match (Hosgin's random
-- bids lose without end), but every hand must end. The first broken invariant, or the first error a
-- game hook raises, is reported with the seed; the record up to that
-- point (and the failing action) is written to check-failure-<seed>.rec.
local options = require "talon.options"
local invariants = require "talon.invariants"
local game = require "talon.game"
local record = require "talon.record"

local check = {}

local LIMIT = 20000 -- actions in one hand; a hand that runs longer does not end
local HANDS = 20 -- default bound on the hands of one match (--hands)

-- Plays a random action; nil, or the failure if a hook raised.
local function step(g, rng, seed)
  local a = g:random(rng)
  local played, err = pcall(g.play, g, a)
  if played then return nil end
  local rec = record.write(g) .. ("act %d %s  # raised the error\n"):format(g:mover() or 0,
    g:text(a))
  return { seed = seed, kind = "error", message = tostring(err), record = rec }
end

-- Plays game 'seed' checking after every action. Returns nil, the
-- number of actions and whether the match ended; or a failure {seed,
-- message, record, kind}.
local function one_game(def, params, seed)
  local p = {}
  for k, v in pairs(params) do p[k] = v end
  p.options = invariants.options(def, p.options) -- the game's check options
  p.seed, p.checking, p.quiet = seed, true, true
  local ok, g = pcall(game.new, def, p)
  if not ok then return { seed = seed, kind = "error", message = tostring(g) } end
  local rng, steps, in_hand, hand = require("talon").rng(seed), 0, 0, g.state.hand_no
  local msg = invariants.check(g)
  while not msg and not g:over() do
    local failure = step(g, rng, seed)
    if failure then return failure end
    steps, in_hand = steps + 1, in_hand + 1
    if g.state.hand_no ~= hand then hand, in_hand = g.state.hand_no, 0 end
    msg = invariants.check(g)
    if not msg and in_hand > LIMIT then
      msg = ("hand %d does not end: %d actions"):format(hand, LIMIT)
    end
  end
  if msg then
    return { seed = seed, kind = "invariant", message = msg, record = record.write(g) }
  end
  local res = g:result()
  return nil, steps, g.hands_done < (p.hands or math.huge) or (res and res.winner ~= nil)
end

local function report(def, f)
  local err = io.stderr
  if f.kind == "error" then
    err:write(("talon check: %s: game with seed %s raised an error:\n%s\n")
      :format(def.name, tostring(f.seed), options.trim_traceback(f.message)))
  else
    err:write(("talon check: %s: invariant broken in game with seed %s:\n  %s\n")
      :format(def.name, tostring(f.seed), f.message))
  end
  if not f.record then return end
  local file = ("check-failure-%s.rec"):format(tostring(f.seed))
  local out, why = io.open(file, "w")
  if not out then
    err:write(("cannot write %s: %s\n"):format(file, tostring(why)))
    return
  end
  out:write(f.record)
  out:close()
  err:write(("record written to %s; reproduce with: talon replay --check %s\n"):format(file, file))
end

function check.run(args)
  local def, params, p = options.game(args, { games = "value", hands = "value" })
  local n = options.int(p, "games", 100)
  params.hands = options.int(p, "hands", HANDS)
  local first = math.tointeger(params.seed)
  if not first then options.usage_error("check needs an integer --seed, got '%s'", params.seed) end
  local t0, actions, ended = os.clock(), 0, 0
  for seed = first, first + n - 1 do
    local failure, steps, match_end = one_game(def, params, seed)
    if failure then
      report(def, failure)
      return 1
    end
    actions, ended = actions + steps, ended + (match_end and 1 or 0)
  end
  print(("%s: %d random games (seeds %d-%d, %d actions; %d matches finished, %d stopped at"
    .. " --hands %d), every invariant held (%.2f s)"):format(def.name, n, first,
    first + n - 1, actions, ended, n - ended, params.hands, os.clock() - t0))
  return 0
end

return check
