-- What a seat knows (talon.host.knowledge, talon.host.visibility): the
-- real deal always agrees with it (no inference stronger than the rules
-- allow, no card remembered in the wrong place), and a view never shows
-- a card the tracker does not count as known, so views and the sampler
-- read one declaration.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local knowledge = require "talon.host.knowledge"
local visibility = require "talon.host.visibility"
local talon = require "talon"

local SPECS = {
  { "hokm", { players = 4 } }, { "hokm", { players = 2 } }, { "hokm", { players = 3 } },
  { "hosgin", { bid_limit = 700 } }, { "kosel", {} }, { "bura", { face_down = true } },
  { "bura", {} }, { "koselpot", {} }, { "hearts", {} }, { "hokm-must-trump", {} },
  { "hokm-trump-after-four", { players = 2 } }, { "hokm-no-trump-lead", {} },
  { "euchre", {} }, { "euchre", { discard_upcard = true, alone_before_discard = true,
                                  allow_lone_defender = true, stick_the_dealer = false } },
  { "besigue", { players = 2 } }, { "besigue", { players = 3 } }, { "besigue", { players = 4 } },
}

-- Random points of a game of 'def': calls f(g) after every 'every'-th
-- action of a random match (at most 'n' points).
local function points(def, opts, seed, every, n, f)
  local g = game.new(def, { seed = seed, options = opts })
  local rng = talon.rng(seed)
  local k, done = 0, 0
  while not g:over() and done < n do
    g:play(g:random(rng))
    k = k + 1
    if k % every == 0 and not g:over() then
      f(g)
      done = done + 1
    end
  end
end

-- Nil when the real cards of 'g' agree with what the tracker says seat
-- knows, else the first disagreement.
local function disagreement(g, info)
  local st = g.state
  local truth = {}
  for _, p in ipairs(visibility.places(g.def, st)) do truth[p.name] = p.cards end
  for _, h in ipairs(info.hidden) do
    if not truth[h.name]:has(h.known) then
      return ("%s holds %s, not all of the known %s"):format(h.name, tostring(truth[h.name]),
        tostring(h.known))
    end
  end
  for s, ex in pairs(info.excl) do
    if s ~= info.seat and #(st.hands[s] * ex) > 0 then
      return ("seat %d holds %s, which it was inferred not to hold"):format(s,
        tostring(st.hands[s] * ex))
    end
  end
  for _, m in ipairs(info.maybe) do
    local where = st.deck:hand()
    for _, name in ipairs(m.places) do
      if truth[name] then where:add(truth[name]) end
    end
    if not where:has(m.cards) then
      return ("%s is not in %s"):format(tostring(m.cards), table.concat(m.places, ", "))
    end
  end
  return nil
end

t.test("the real deal always agrees with what a seat knows", function()
  for _, spec in ipairs(SPECS) do
    local def = assert(loader.load(spec[1]))
    local checked = 0
    for seed = 1, 3 do
      local trackers = {}
      points(def, spec[2], seed, 5, 40, function(g)
        for s = 1, g.state.n do
          trackers[s] = trackers[s] or knowledge.new(g, s)
          local info = trackers[s]:update():now()
          t.eq(disagreement(g, info), nil, ("%s seed %d seat %d action %d"):format(spec[1], seed,
            s, g.nact))
          checked = checked + 1
        end
      end)
    end
    t.ok(checked > 20, spec[1] .. ": points checked")
  end
end)

-- Every card a view holds (Cards and Hands anywhere in it but the event
-- texts), as one Hand.
local function view_cards(deck, v)
  local out, seen = deck:hand(), {}
  local function walk(x)
    local ty = type(x)
    if ty == "userdata" then
      local mt = getmetatable(x)
      local name = type(mt) == "table" and mt.__name
      if name == "talon.Card" or name == "talon.Hand" then
        local h = deck:hand(x)
        out:add(h - out)
      end
    elseif ty == "table" and not seen[x] then
      seen[x] = true
      for k, y in pairs(x) do
        if k ~= "events" then walk(y) end
      end
    end
  end
  walk(v)
  return out
end

t.test("a view shows no card its seat does not know", function()
  for _, spec in ipairs(SPECS) do
    local def = assert(loader.load(spec[1]))
    for seed = 1, 2 do
      local trackers = {}
      points(def, spec[2], seed, 7, 25, function(g)
        for s = 1, g.state.n do
          trackers[s] = trackers[s] or knowledge.new(g, s)
          local info = trackers[s]:update():now()
          local known = info.seen:copy()
          for _, h in ipairs(info.hidden) do known:add(h.known) end
          for _, m in ipairs(info.maybe) do known:add(m.cards) end
          local shown = view_cards(g.deck, g:view(s))
          local extra = shown - known
          t.eq(#extra, 0, ("%s seed %d seat %d action %d: the view shows %s"):format(spec[1],
            seed, s, g.nact, tostring(extra)))
        end
      end)
    end
  end
end)

t.test("a game's visibility declaration is checked", function()
  local function def_with(vis)
    return { name = "x", summary = "x", players = { 2 }, direction = "cw",
             deck = { ranks = "A K", suits = "S H" }, deal = function() return "p" end,
             phases = {}, score = function() end, visibility = vis }
  end
  t.checkerror("unknown key 'hand' in visibility", game.validate, def_with { hand = "all" })
  t.checkerror("visibility.won must be", game.validate, def_with { won = "everyone" })
  t.checkerror("visibility.shown must be a function", game.validate, def_with { shown = 1 })
  t.ok(game.validate(def_with { won = "all", discards = function() return true end }), "valid")
end)
