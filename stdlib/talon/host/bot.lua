-- talon.host.bot: the uniform random legal player (for simulations, checks and
-- as an opponent of last resort). Rule-of-thumb bots live in the front end.
local bot = {}

-- A uniformly random legal action for the mover of 'g', drawn from 'rng'
-- (a talon.Rng). In a card phase the legal Hand is sampled directly, so no
-- list is built.
function bot.random(g, rng)
  return g:random(rng)
end

-- Plays 'g' to the end with random bots; returns the number of actions.
function bot.playout(g, rng, limit)
  local n = 0
  limit = limit or 100000
  while not g:over() do
    g:play(bot.random(g, rng))
    n = n + 1
    if n > limit then error(("no end after %d actions"):format(limit), 2) end
  end
  return n
end

return bot
