-- talon.bots: the players a front end seats at the table.
--
-- A bot is a table with `choose(view, rng) -> action or action text`; it
-- sees only its seat's view (the legal actions are in view.legal). Game
-- specific rule-of-thumb bots live in games/bots/<game>.lua and are loaded
-- sandboxed like games; the uniform random player always exists.
local loader = require "talon.loader"

local bots = {}

local random_bot = {
  name = "random",
  choose = function(view, rng) return view.legal[rng:int(1, #view.legal)] end,
}

-- The bot 'kind' ("random", "rule") for game 'key' (the name it was
-- loaded by). "rule" falls back to random when the game has none.
function bots.get(kind, key)
  if kind == "random" then return random_bot end
  if kind ~= "rule" then
    error({ usage = ("unknown bot '%s' (random or rule)"):format(tostring(kind)) }, 0)
  end
  local base = key and key:match("([%w_]+)[^/]*$")
  base = base and base:gsub("%-.*$", "")
  if base and loader.find("games.bots." .. base) then
    local b, err = loader.module("games.bots." .. base)
    if not b then error(err, 0) end
    b.name = b.name or ("rule-of-thumb " .. base)
    return b
  end
  return random_bot
end

-- Asks bot 'b' for the move of 'seat' in game 'g'; falls back to a random
-- legal action (and says so) if the bot errs or returns an illegal move.
function bots.move(b, g, seat, rng)
  local view = g:view(seat)
  local ok, a = pcall(b.choose, view, rng)
  if ok and a ~= nil then
    if type(a) == "string" then a = g:parse(a) end
    if a and g:try(a) then return a end
  end
  a = g:random(rng)
  g:play(a)
  return a
end

return bots
