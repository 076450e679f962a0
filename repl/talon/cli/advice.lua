-- talon.cli.advice: the search's estimates as a teacher shows them, for
-- `hint` at the table, `talon analyse` and `talon review`.
--
-- An estimate is, for each legal action, the mean over the futures the
-- search played out of what the hand brought the seat's side less what
-- it brought the others (turned round in games where the lowest score
-- wins), with its standard error and the number of futures: the units of
-- the game's own scores, so "+0.40" in Hokm is four tenths of a point of
-- the match and in Bura forty hundredths of a chip.
local options = require "talon.cli.options"
local record = require "talon.host.record"
local searchbot = require "talon.cli.searchbot"
local bots = require "talon.cli.bots"
local actions = require "talon.actions"
local talon = require "talon"
local sandbox = require "talon.host.sandbox"

local advice = {}

-- The search options of a budget text: "2000" (futures) or "500ms".
function advice.budget(text, default)
  if text == nil then return { playouts = default or 2000 } end
  local n, ms, plus = tostring(text):match("^(%d+)(m?s?)(.*)$")
  n = tonumber(n)
  if not n or n < 1 or (ms ~= "" and ms ~= "ms") or (plus ~= "" and plus ~= "+rule") then
    options.usage_error("--budget needs a number of futures (2000) or of milliseconds (500ms),"
      .. " then +rule for the game's rule-of-thumb bot in the futures, got '%s'", tostring(text))
  end
  local out = ms == "ms" and { ms = n } or { playouts = n }
  out.plus = plus ~= "" and plus or nil
  return out
end

-- The model of the futures that budget 'opts' asks for (+rule: the
-- rule-of-thumb bot of the game record 'r' names, docs/search.md), made
-- for searchbot.estimate (one per decision: searchbot.model), or nil; a
-- game without one is a usage error.
function advice.model(opts, r, g)
  if not opts.plus then return nil end
  local ok, b = pcall(bots.model, opts.plus, r.file or r.game, g.def)
  if not ok then options.usage_error("%s", type(b) == "table" and b.usage or tostring(b)) end
  return searchbot.model(b)
end

-- An action as the reader sees it, cards in the current style.
function advice.shown(a)
  return actions.text(a, talon.style())
end

-- The search's estimates for the mover of 'g' (opts: playouts or ms,
-- seed, keep, even).
function advice.estimate(g, opts)
  local seat = g:mover()
  return searchbot.estimate(g, seat, { playouts = opts.playouts, ms = opts.ms,
                                       rng = talon.rng(opts.seed or 1), keep = opts.keep,
                                       even = opts.even, model = opts.model })
end

local function stderr(r, i)
  local n, sd = r.n[i], r.sd[i]
  if not n or n < 2 or not sd then return nil end
  return sd / math.sqrt(n)
end

-- The estimate of action i as "+0.42 ± 0.04".
function advice.value(r, i)
  local m = r.mean[i]
  if not m then return "not tried" end
  local e = stderr(r, i)
  return e and ("%+.2f ± %.2f"):format(m, e) or ("%+.2f"):format(m)
end

-- The order of the actions: best estimate first (untried ones last).
function advice.order(r)
  local idx = {}
  for i = 1, #r.actions do idx[i] = i end
  table.sort(idx, function(a, b)
    local ma, mb = r.mean[a] or -math.huge, r.mean[b] or -math.huge
    if ma ~= mb then return ma > mb end
    return a < b
  end)
  return idx
end

-- The table of an estimate: one line per action tried (at most 'limit'),
-- marking the best and the one 'played' (an index); the actions the
-- search did not try (a long scale of bids, thinned) are counted.
function advice.lines(r, played, limit)
  local out, untried = {}, 0
  local order = advice.order(r)
  for k, i in ipairs(order) do
    if (r.n[i] or 0) == 0 and i ~= played then
      untried = untried + 1
      goto continue
    end
    if limit and k > limit and i ~= played then goto continue end
    local marks = {}
    if i == r.best then marks[#marks + 1] = "best" end
    if i == r.wins then marks[#marks + 1] = "wins the match at once" end
    if i == played then marks[#marks + 1] = "played" end
    out[#out + 1] = ("  %-14s %-14s %6d futures%s"):format(advice.shown(r.actions[i]),
      advice.value(r, i), r.n[i] or 0, #marks > 0 and ("   " .. table.concat(marks, ", ")) or "")
    ::continue::
  end
  if untried > 0 then
    out[#out + 1] = ("  (%d more actions not tried: the search tries the lowest values of a"
      .. " scale of bids and a geometric spread of the rest)"):format(untried)
  end
  return out
end

-- What the values mean for 'seat' of game 'g'.
function advice.unit(g, seat)
  local sides, side_of = g:sides()
  local who = #sides[side_of[seat]] > 1 and ("%s's side"):format(g:name(seat)) or g:name(seat)
  local low = require("talon.host.search").direction(g.def, g.opts) < 0
  return ("value: what this hand brings %s less what it brings the others, in the game's"
    .. " points%s"):format(who, low and " (the lowest score wins: a penalty counts against)"
    or "")
end

-- The index of action 'a' among the estimate's actions, or nil.
function advice.index(r, a)
  for i, b in ipairs(r.actions) do
    if rawequal(a, b) or actions.equal(a, b) then return i end
  end
  return nil
end

-- The lines `hint` shows at the table: the search's best actions for the
-- mover of 'g' (it knows only the mover's view and the rules in force).
function advice.hint(g, opts)
  opts = opts or { playouts = 2000 }
  local est = advice.estimate(g, { playouts = opts.playouts, ms = opts.ms, seed = g.nact + 1,
                                   even = true })
  if #est.actions == 1 then return { "search: your only legal action is "
    .. advice.shown(est.actions[1]) } end
  local out = { ("search: %s %s (%d futures over %d deals of the cards you cannot see)")
    :format(advice.shown(est.actions[est.best]),
      est.wins and "wins the match at once" or "is best", est.playouts, est.deals) }
  for _, line in ipairs(advice.lines(est, nil, 5)) do out[#out + 1] = line end
  out[#out + 1] = "  " .. advice.unit(g, g:mover())
  return out
end

-- ===== records

local MAX_BYTES = 64 * 1024 * 1024

-- The record in file 'file', read (failures name the file).
function advice.read(file)
  local f, err = io.open(file, "rb")
  if not f then options.fail("%s", err) end
  local text = f:read(MAX_BYTES + 1) or ""
  f:close()
  if #text > MAX_BYTES then options.fail("%s:1: too large to be a record", file) end
  local ok, r = pcall(record.read, text, file)
  if not ok then options.fail("%s", tostring(r)) end
  return r
end

-- A new game of record 'r' at its start (quiet: the advice reads no
-- events).
function advice.start(r, file)
  local ok, g = pcall(function()
    return record.start(record.load_game(r, file), r, file, {})
  end)
  if not ok then options.fail("%s", options.game_error_text(g)) end
  return g
end

-- Plays action i of record 'r' in 'g'; fails naming the line when it
-- does not replay.
function advice.step(g, r, file, i)
  local a = r.actions[i]
  local at = ("%s:%d: action %d"):format(file, a.line or 1, i)
  if g:mover() ~= a[1] then
    options.fail("%s: seat %d acts but %s", at, a[1],
      g:mover() and ("seat %d is to move"):format(g:mover()) or "the game is over")
  end
  local ok, played, v = pcall(g.try, g, a[2])
  if not ok or not played then
    options.fail("%s (%s) does not replay: %s", at, record.clip(a[2]),
      ok and sandbox.error_text(v) or options.game_error_text(played))
  end
end

-- Where game 'g' stands: "hand 2, trick 4" (or the phase); the state is
-- read under the game's budget (it is the game's to fill).
advice.where = sandbox.method(function(g)
  local st = g.state
  local t = st.ctrick and g.ph and g.ph.trick and (", trick %d"):format(st.tricks_played + 1) or ""
  return ("hand %d, %s%s"):format(st.hand_no, g:phase() or "over", t)
end)

return advice
