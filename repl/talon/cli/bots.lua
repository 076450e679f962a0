-- talon.cli.bots: the players a front end seats at the table.
--
-- The bot interface (docs/cli.md): a bot is a table
--   { name = "…", choose = function(view, rng) -> action [, reason] }
-- 'view' is g:view(seat) of the seat to move (docs/framework.md §6), with
-- the legal actions in view.legal; 'rng' a seeded talon.Rng. It returns one
-- of view.legal (or its text) and optionally a short sentence saying why.
-- It never sees the game state, so it cannot see hidden cards.
-- Rule-of-thumb bots are game knowledge: games/bots/<game>.lua, loaded
-- sandboxed like game files. The uniform random player always exists.
local loader = require "talon.host.loader"
local guard = require "talon.host.sandbox"
local bot_view = require("talon.host.view").for_bot

local bots = {}

bots.random = {
  name = "random",
  choose = function(view, rng) return view.legal[rng:int(1, #view.legal)] end,
}

-- Names under which a rule-of-thumb bot may exist for a game loaded as
-- 'key' (a name or a path) with definition 'def': the file's own name, its
-- base name before a '-', then the names of the games it is a variant of.
local function candidates(key, def)
  local list = {}
  local base = key and (key:match("([^/]+)$") or key):gsub("%.lua$", ""):gsub("^games%.", "")
  if base and base:match("^[%w_-]+$") then
    list[#list + 1] = base
    list[#list + 1] = base:match("^([%w_]+)%-")
  end
  local d = def
  while d do
    local word = d.name and d.name:lower():match("^[%w_]+")
    list[#list + 1] = word
    d = d.base
  end
  return list
end

-- The rule-of-thumb bot for a game, or nil if it has none. A bot file
-- that fails to load is an error naming the file. The bot is the host's
-- own table of the file's name and choose function, read raw: the file's
-- table may carry metamethods, which the front ends would otherwise meet
-- outside any budget when they read its fields or print its name.
function bots.rule(key, def)
  for _, name in ipairs(candidates(key, def)) do
    if loader.find("games.bots." .. name) then
      local b, err = loader.module("games.bots." .. name)
      local function refuse(what)
        error({ usage = err or ("games/bots/%s.lua: %s"):format(name, what), game_error = true }, 0)
      end
      local choose = type(b) == "table" and rawget(b, "choose")
      if type(choose) ~= "function" then
        refuse("a bot must return a table with a 'choose' function")
      end
      local own = rawget(b, "name")
      if own ~= nil and type(own) ~= "string" then refuse("a bot's name must be a text") end
      return { name = own or ("rule-of-thumb " .. name), choose = choose }
    end
  end
  return nil
end

-- The bot for spec 'kind' ("random", "rule", "search", "search:N",
-- "search:Nms", "ismcts" with the same budgets); "rule" falls back to the
-- random player when the game has no rule-of-thumb bot.
function bots.get(kind, key, def)
  if kind == "random" then return bots.random end
  if kind == "rule" then return bots.rule(key, def) or bots.random end
  local budget, plus = kind:match("^search:?([^+]*)(.*)$")
  if budget then return bots.search(budget, false, bots.model(plus, key, def)) end
  budget, plus = kind:match("^ismcts:?([^+]*)(.*)$")
  if budget then return bots.search(budget, true, bots.model(plus, key, def)) end
  error({ usage = ("unknown bot '%s' (bots are: random, rule, search[:PLAYOUTS|:MSms][+rule],"
    .. " ismcts[:PLAYOUTS|:MSms][+rule])"):format(tostring(kind)) }, 0)
end

-- The model of a search's futures named by 'plus' (what follows a search
-- budget): "" none (the search's own policy), "+rule" the game's
-- rule-of-thumb bot for every choice outside card play.
function bots.model(plus, key, def)
  if plus == "" then return nil end
  if plus ~= "+rule" then
    error({ usage = ("unknown search model '%s' (the one model is +rule: the game's"
      .. " rule-of-thumb bot in the futures)"):format(plus) }, 0)
  end
  return bots.rule(key, def) or error({ usage = ("search+rule: the game has no rule-of-thumb"
    .. " bot (games/bots/)") }, 0)
end

-- The search player (talon.host.search) with a thinking budget: "" (the
-- default, 1000 playouts), "N" playouts or "Nms" milliseconds per
-- decision; 'tree': information-set tree search (talon.host.tree) rather
-- than flat determinised Monte Carlo. It is host code: it is given the
-- game itself (b.host), and it uses only what its seat may know
-- (talon.host.knowledge); its calls into the game's hooks are charged to
-- its seat's meter.
function bots.search(budget, tree, model)
  local n, ms = budget:match("^(%d+)(m?s?)$")
  if budget ~= "" and not (n and (ms == "" or ms == "ms")) then
    error({ usage = ("search budget '%s': a number of playouts (search:500) or of"
      .. " milliseconds (search:200ms)"):format(budget) }, 0)
  end
  local opts = { playouts = 1000 }
  if n and ms == "ms" then
    opts = { ms = tonumber(n) }
  elseif n then
    opts = { playouts = tonumber(n) }
  end
  if (opts.ms or opts.playouts) < 1 then
    error({ usage = "a search budget is at least 1" }, 0)
  end
  opts.tree, opts.model = tree, model
  return require("talon.cli.searchbot").new(opts)
end

-- One bot per seat from a comma-separated spec ("rule,random"), repeated
-- to fill the table: with 4 seats "rule,random" seats rule bots at 1 and 3.
-- More names than 'room' seats (default n; a comparison's larger table)
-- get a note on stderr: the last play no seat (one list may serve several
-- table sizes, so it is not refused).
function bots.unused_note(count, room)
  io.stderr:write(("note: --bots names %d bots for %d seats; the last %d play no seat\n")
    :format(count, room, count - room))
end

-- The names of a --bots list ("rule,random" -> {"rule", "random"}).
function bots.names(spec)
  local parts = {}
  for w in (spec or "rule"):gmatch("[^,%s]+") do parts[#parts + 1] = w end
  return parts
end

function bots.list(spec, n, key, def, room)
  local list, names = {}, {}
  local parts = bots.names(spec)
  if #parts == 0 then error({ usage = "--bots needs a list such as rule,random" }, 0) end
  if #parts > (room or n) then bots.unused_note(#parts, room or n) end
  for s = 1, n do
    list[s] = bots.get(parts[(s - 1) % #parts + 1], key, def)
    names[s] = list[s].name
  end
  return list, names
end

-- Each seat's bot has a total time budget per game (a meter), so a bot
-- that loops costs its per-call budget until the meter is spent, then
-- nothing: its moves are made at random from then on.
local meters = setmetatable({}, { __mode = "k" })
local function meter_of(g, seat, b)
  local per_game = meters[g] or {}
  meters[g] = per_game
  local m = per_game[seat]
  if not m then
    m = guard.meter(("bot '%s' (seat %d)"):format(tostring(b.name), seat))
    per_game[seat] = m
  end
  return m
end

-- What bot 'b' would do for 'seat' in game 'g': action, reason. Nil and
-- the error when the bot fails or answers something that is not legal.
function bots.suggest(b, g, seat, rng)
  local ok, a, reason
  if b.host then
    -- host code (the search): it charges the game's hooks it calls itself
    ok, a, reason = pcall(b.choose_game, g, seat, rng, meter_of(g, seat, b))
  else
    -- a bot is game code: the sandbox's protected call, with its budgets
    ok, a, reason = guard.charge(meter_of(g, seat, b), b.choose, bot_view(g, seat), rng)
  end
  if not ok then return nil, (tostring(a):match("^[^\n]*")) end
  if type(reason) ~= "string" then reason = nil end
  if type(a) == "string" then
    local pa, err = g:parse(a)
    if not pa then return nil, err end
    a = pa
  end
  if a == nil then return nil, "the bot returned nothing" end
  if g:why(a) == nil then return a, reason end
  return nil, ("the bot chose '%s', which is not legal"):format(g:text(a))
end

-- The move of bot 'b' for 'seat', not yet played. A bot that fails or
-- answers an illegal action is replaced by a random legal one for this
-- move. Returns the action, the bot's reason, and the bot's failure (or
-- nil).
function bots.choose(b, g, seat, rng)
  if b == bots.random then return g:random(rng) end
  local a, reason = bots.suggest(b, g, seat, rng)
  if a then return a, reason end
  return g:random(rng), nil, reason
end

-- Plays the move of bot 'b' for 'seat' (bots.choose); returns as it.
function bots.move(b, g, seat, rng)
  local a, reason, failure = bots.choose(b, g, seat, rng)
  g:play(a)
  return a, reason, failure
end

return bots
