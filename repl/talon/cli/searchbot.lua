-- talon.cli.searchbot: the search player at the table (`--bots search`).
--
-- A host bot (bots.suggest gives it the game, not a view): for each game
-- and seat it keeps a tracker of what the seat knows
-- (talon.host.knowledge), and at each decision asks talon.host.search
-- for its estimates under the thinking budget, drawing from the table's
-- generator (the same seed gives the same moves under a playout budget;
-- a budget in milliseconds depends on the machine).
local knowledge = require "talon.host.knowledge"
local search = require "talon.host.search"
local sandbox = require "talon.host.sandbox"
local bot_view = require("talon.host.view").for_bot

local searchbot = {}

-- The trackers of every game in play (weak keys: a finished game goes).
local trackers = setmetatable({}, { __mode = "k" })

-- The tracker of 'seat' in game 'g', made anew when the game went back
-- (an undo) or is another game.
local function tracker(g, seat, meter)
  local per = trackers[g]
  if not per then
    per = {}
    trackers[g] = per
  end
  local tr = per[seat]
  if tr and (tr.k > g.nact or (tr.k > 0 and tr.seen_last ~= g.act[tr.k])) then tr = nil end
  if not tr then
    tr = knowledge.new(g, seat, meter)
    per[seat] = tr
  end
  return tr
end

-- The search's estimates for the mover 'seat' of game 'g' (opts as
-- talon.host.search.estimate: playouts or ms, rng, meter, keep).
function searchbot.estimate(g, seat, opts)
  local tr = tracker(g, seat, opts.meter)
  local r = search.estimate(g, seat, tr, opts)
  tr.seen_last = g.act[tr.k]
  return r
end

-- A one-line account of an estimate: the chosen action's mean value and
-- its margin over the next best, and how many futures were tried.
function searchbot.reason(g, r)
  local best, second = r.best, nil
  if r.wins then
    return ("search: %s wins the match at once, %d futures over %d deals")
      :format(g:text(r.actions[best]), r.playouts, r.deals)
  end
  for i = 1, #r.actions do
    if i ~= best and r.mean[i] and (not second or r.mean[i] > r.mean[second]) then second = i end
  end
  local m = r.mean[best] or 0
  local text = ("search: %+.2f a hand"):format(m)
  if second then
    -- sequential halving may leave out early, on fewer futures, an action
    -- whose mean ends above the chosen one's
    local fewer = r.mean[second] > m and (" on %d futures only"):format(r.n[second]) or ""
    text = text .. (" (next best %s %+.2f%s)"):format(g:text(r.actions[second]), r.mean[second],
                                                       fewer)
  end
  return text .. (", %d futures over %d deals"):format(r.playouts, r.deals)
end

-- Rule-of-thumb bot 'b' as the model of every seat's choices outside card
-- play in the futures: a function(world, rng) -> action or nil for
-- talon.host.policy.rollout. The bot is given the world's
-- view of the seat to move, as at a table, under the budget; an answer
-- that fails or is nothing leaves the choice to the search's own policy,
-- and so does one that is not legal (the rollout tries it once). A model
-- that failed (an error, the budget spent) is not asked again: make one
-- per decision, so that a bot that loops costs a budget a decision, not
-- one a future.
function searchbot.model(b)
  local failed = false
  return function(w, rng)
    if failed then return nil end
    local ok, a = sandbox.call(b.choose, bot_view(w, w:mover()), rng)
    if not ok then
      failed = true
      return nil
    end
    return a
  end
end

-- A search bot with budget 'opts' ({playouts = N} or {ms = M}; tree: the
-- tree search; model: a rule-of-thumb bot for the futures, searchbot.model).
function searchbot.new(opts)
  local label = opts.ms and (opts.ms .. " ms") or (opts.playouts .. " playouts")
  if opts.model then label = label .. ", " .. opts.model.name .. " in its futures" end
  local b = { name = (opts.tree and "ismcts (" or "search (") .. label .. ")", host = true,
              opts = opts }
  function b.choose_game(g, seat, rng, meter)
    local model = opts.model and searchbot.model(opts.model)
    local r = searchbot.estimate(g, seat, { playouts = opts.playouts, ms = opts.ms, rng = rng,
                                            meter = meter, tree = opts.tree, model = model })
    local a = r.actions[r.best]
    if #r.actions == 1 then return a, "the only legal action" end
    return a, searchbot.reason(g, r)
  end
  return b
end

return searchbot
