-- Statistics a game declares (the definition's `stats`, docs/framework.md
-- §1): checked by game.define, added to by variants, measured only when a
-- simulation asks (params.stats), as game code under the budget.
local t = require "talon.host.testing"
local game = require "talon.game"
local loader = require "talon.host.loader"
local variant = require "talon.variant"
local talon = require "talon"

local function with_stats(list)
  local def = {}
  for k, v in pairs(assert(loader.load("_template"))) do def[k] = v end
  def.stats = list
  return def
end

local function refused(pattern, list)
  t.checkerror(pattern, game.validate, with_stats(list), "games/x.lua")
end

t.test("the declaration is checked, naming the statistic and the file", function()
  local ok = { name = "ok", per = "hand", doc = "fine", count = function() return true end }
  t.ok(game.validate(with_stats { ok }), "a count per hand")
  refused("games/x.lua: unknown key 'kind' in stats%[1%]", { { name = "a", per = "hand",
    doc = "d", count = ok.count, kind = "count" } })
  refused("statistic 'a': per must be \"hand\" or \"match\"", { { name = "a", per = "deal",
    doc = "d", count = ok.count } })
  refused("statistic 'a' needs exactly one of count", { { name = "a", per = "hand", doc = "d",
    count = ok.count, value = ok.count } })
  refused("statistic 'a' needs exactly one of count", { { name = "a", per = "hand", doc = "d" } })
  refused("two statistics are named 'ok'", { ok, ok })
  refused("statistic 'a' needs a one%-line doc", { { name = "a", per = "hand",
    count = ok.count } })
  refused("stats%[1%] needs a name", { { name = "", per = "hand", doc = "d", count = ok.count } })
  refused("stats must be a list", { x = ok })
  refused("key 'value' of stats%[1%] must be a function", { { name = "a", per = "hand",
    doc = "d", value = 3 } })
end)

t.test("a variant adds statistics and replaces one of the same name", function()
  local base = assert(loader.load("hokm"))
  local extra = { name = "long hand", per = "hand", doc = "13 tricks played",
                  count = function(st) return st.tricks_played == 13 end }
  local again = { name = "Kot", per = "match", doc = "replaced",
                  value = function() return 1 end }
  local v = variant.of(base, { name = "V", summary = "more statistics", stats = { extra, again } })
  t.eq(#v.stats, #base.stats + 1, "one added")
  t.eq(v.stats[#v.stats].name, "long hand", "after the base's")
  local kot
  for i, s in ipairs(v.stats) do if s.name == "Kot" then kot = i end end
  t.eq(v.stats[kot].doc, "replaced", "in the base's place")
  t.ok(game.validate(v), "still a valid definition")
  t.checkerror("stats must be a list", variant.of, base, { name = "W", summary = "s", stats = 1 })
end)

t.test("measured per hand and per match only when asked for", function()
  local def = variant.of(assert(loader.load("hokm")), { name = "Measured",
    summary = "a statistic per match, and one that does not apply to every hand",
    stats = {
      { name = "hands", per = "match", doc = "hands played", value = function(st)
        return st.hand_no end },
      { name = "even hand", per = "hand", doc = "only even hands",
        value = function(st) return st.hand_no % 2 == 0 and 1 or nil end },
    } })
  local g = game.new(def, { seed = 3, quiet = true, stats = true })
  local rng = talon.rng(3)
  while not g:over() do g:playout(rng, 5000) end
  local rows, last = g:measured()
  t.eq(#rows, #g:hand_points(), "a row per hand")
  local n = #def.stats
  t.eq(last[n - 1], #rows, "the match's row: its hands")
  t.eq(last[1], nil, "a statistic of the hand is not in the match's row")
  for h, row in ipairs(rows) do
    t.eq(type(row[1]), "number", "a count is 1 or 0")
    t.ok(row[1] == 0 or row[1] == 1)
    t.eq(row[n], h % 2 == 0 and 1 or nil, "nil where it does not apply")
  end
  local plain = game.new(def, { seed = 3, quiet = true })
  plain:playout(talon.rng(3), 5000)
  t.eq(plain:measured(), nil, "nothing measured unless asked")
end)

t.test("a statistic that fails fails the action, naming itself", function()
  local def = variant.of(assert(loader.load("_template")), { name = "Broken",
    summary = "a statistic that gives text",
    stats = { { name = "word", per = "hand", doc = "text", value = function() return "x" end } } })
  local g = game.new(def, { seed = 1, quiet = true, stats = true })
  t.checkerror("statistic 'word' must give an integer", g.playout, g, talon.rng(1), 5000)
end)
