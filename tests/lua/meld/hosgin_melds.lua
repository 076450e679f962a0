-- The Hosgin meld table (RULES.md §1.6, HOS-R18 … HOS-R22) as data for
-- talon.melds. The Hosgin game takes this table into games/ later.
--
-- Subsumption (HOS-R18) is expressed with `includes`: the complete series'
-- 240 already holds its four bellas and the single Q and K series, the
-- double complete series' 2400 the double ones (2400 = 8 bellas 200 + Q 600
-- + K 800 + 800), a trump series' 150 its trump bella. "A double series
-- replaces the single one" is the point list by level. HOS-R21's option
-- `multi_series` decides how long the rank series' point lists are.
local hosgin_melds = {}

hosgin_melds.deck = { ranks = "A T K Q J", points = "11 10 4 3 2", copies = 4 }

local function series(name, rank, single, multi_series)
  local points = { single, 10 * single }
  if multi_series == "scaled" then
    points = { single, 10 * single, 15 * single, 20 * single }
  end
  return { name = name, ranks = rank, suit = "all", points = points }
end

-- The meld list for talon.melds; multi_series is "double" (default) or
-- "scaled" (HOS-R21).
function hosgin_melds.table(multi_series)
  multi_series = multi_series or "double"
  if multi_series ~= "double" and multi_series ~= "scaled" then
    error("multi_series must be \"double\" or \"scaled\", got " .. tostring(multi_series), 2)
  end
  return {
    { name = "bella", ranks = "Q K", suit = "each", points = 20, trump_points = 40 },
    { name = "trump series", ranks = "J Q K T A", suit = "trump", points = 150,
      includes = { "bella" } },
    { name = "complete series", ranks = "Q K", suit = "all", points = { 240, 2400 },
      includes = { "bella", "queen series", "king series" } },
    series("jack series", "J", 40, multi_series),
    series("queen series", "Q", 60, multi_series),
    series("king series", "K", 80, multi_series),
    series("ace series", "A", 100, multi_series),
    -- J♦/Q♠: a triple scores and locks as the double; four pairs are HOSGIN
    -- (§1.7), worth no meld points here (HOS-R24) but locking all eight cards.
    { name = "pinik", cards = "JD QS", points = { 40, 300, 300, 0 }, uses = { 1, 2, 2, 4 } },
  }
end

return hosgin_melds
