-- talon.cli.review: a finished game gone through for one seat (`talon
-- review RECORD --seat S`), the way a chess engine annotates a game.
--
-- At each decision of the seat with a choice, the search (knowing only
-- what the seat knew then, and the rules in force) estimates every legal
-- action, the one played kept in to the end; a decision is marked when
-- the played action's estimate is below the best one's by more than the
-- margin and by more than twice their combined standard error, with both
-- numbers and the action that would have been better.
local options = require "talon.cli.options"
local advice = require "talon.cli.advice"
local term = require "talon.cli.term"
local search = require "talon.host.search"

local review = {}

local function stderr(est, i)
  local n, sd = est.n[i], est.sd[i]
  if not n or n < 2 or not sd then return 0 end
  return sd / math.sqrt(n)
end

-- The verdict on the decision of 'est' where action 'i' was played: nil
-- when it is as good as the best within the search's precision, else the
-- best index and the loss.
local function verdict(est, i, margin)
  local best = est.best
  if best == i or not est.mean[i] or not est.mean[best] then return nil end
  -- an action that won the match at once beats any number of points
  if est.wins == best then return best, 0 end
  local loss = est.mean[best] - est.mean[i]
  local noise = 2 * math.sqrt(stderr(est, i) ^ 2 + stderr(est, best) ^ 2)
  if loss <= margin or loss <= noise then return nil end
  return best, loss
end

function review.run(args)
  local p = options.parse(args, { seat = "value", budget = "value", margin = "value" })
  local file = p.positional[1]
  if not file then options.usage_error("review needs a record file") end
  if p.positional[2] then options.usage_error("unexpected argument '%s'", p.positional[2]) end
  local seat = options.int(p, "seat", nil)
  if not seat then options.usage_error("review needs --seat S (the seat to review)") end
  local margin = tonumber(p.flags.margin or "0.1")
  if not margin or margin < 0 then
    options.usage_error("--margin needs a number of points (0.1), got '%s'", p.flags.margin)
  end
  local r = advice.read(file)
  term.setup_style(p.flags)
  local opts = advice.budget(p.flags.budget, 1000)
  opts.seed = options.seed(p.flags.seed or "1")
  local g = advice.start(r, file)
  advice.model(opts, r, g) -- a usage error at once when the game has no model
  if seat > g:seats() then
    options.usage_error("--seat %d: the game has %d seats", seat, g:seats())
  end
  seat = options.player_seat(g, seat) -- player PK, as talon play seats him
  print(("Review of %s in %s (%s, %d players), %s futures a decision"):format(
    g:name(seat), file, g.def.name, g:seats(),
    opts.ms and (opts.ms .. " ms of") or tostring(opts.playouts)))
  print("  " .. advice.unit(g, seat))
  local decisions, marked, lost = 0, 0, 0
  for i, a in ipairs(r.actions) do
    if a[1] == seat and #search.distinct(g:legal(), 2) > 1 then -- copies of a card: one choice
      local played = g:parse(a[2])
      local probe = advice.estimate(g, { playouts = 1, seed = opts.seed })
      local keep = played and advice.index(probe, played)
      local est = advice.estimate(g, { playouts = opts.playouts, ms = opts.ms, seed = opts.seed,
                                       keep = keep, model = advice.model(opts, r, g) })
      decisions = decisions + 1
      local best, loss
      if keep then best, loss = verdict(est, keep, margin) end
      if best and est.wins == best then
        marked = marked + 1
        print(("  action %d (%s): played %s (%s); %s won the match at once"):format(i,
          advice.where(g), advice.shown(est.actions[keep]), advice.value(est, keep),
          advice.shown(est.actions[best])))
      elseif best then
        marked, lost = marked + 1, lost + loss
        print(("  action %d (%s): played %s (%s); better %s (%s): %.2f points"):format(i,
          advice.where(g), advice.shown(est.actions[keep]), advice.value(est, keep),
          advice.shown(est.actions[best]), advice.value(est, best), loss))
      end
    end
    advice.step(g, r, file, i)
  end
  print(("%d decisions with a choice; %d marked (%.2f points in all); the others were as good"
    .. " as the best within the search's precision"):format(decisions, marked, lost))
  return 0
end

return review
