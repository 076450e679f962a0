-- openspiel_hearts.lua: replays OpenSpiel Hearts traces through Talon's
-- Hearts and reports every place where the two disagree.
--   talon run tests/parity/openspiel_hearts.lua [OPTIONS] TRACE...
-- OPTIONS: --game NAME (the game file, default "hearts"), --reference
-- (replay through hearts_ref.lua instead, the plain Lua restatement of
-- OpenSpiel's rules that tests this replayer), --max K (mismatches printed,
-- default 10).
--
-- Each hand is set up from its seed, its options (all eight of OpenSpiel's
-- parameters, given explicitly) and an explicit deal with the trace's pass
-- direction; then at every `act` line the mover and the set of legal cards
-- are compared with the trace before the trace's card is played, and at
-- the end the hand's points. A legal set that differs is one mismatch and
-- the replay goes on (the trace's card is still legal); a different mover,
-- a card the game refuses or an error ends that hand. The last line is
-- `N hands, M steps, K mismatches`; the exit code is 1 when K > 0 or a
-- trace cannot be read (tests/parity/README.md).
local dir = (arg[0] or ""):match("^(.*)/") or "."
local trace = dofile(dir .. "/hearts_trace.lua")

-- ===== the two subjects: Talon's game and the reference

-- OpenSpiel's defaults, overridden by the trace's game line.
local function options_of(h)
  local o = {}
  for k, v in pairs(trace.DEFAULTS) do o[k] = v end
  for k, v in pairs(h.options) do o[k] = v end
  return o
end

local Talon = {}
local talon_mt = { __index = Talon }

-- A card action's name as the traces write it ("TC" for the ten); an action
-- table is named by its last word ("pass QS" -> "QS").
local function name_of(g, a)
  local text = g:text(a)
  local last = text:match("(%S+)$") or text
  last = last:gsub("^10(%a)$", "T%1")
  return trace.is_card(last) and last or text
end

function Talon:mover() return self.g:mover() end
function Talon:over() return self.g:over() end

function Talon:legal()
  local names, by = {}, {}
  for i, a in ipairs(self.g:legal()) do
    names[i] = name_of(self.g, a)
    by[names[i]] = a
  end
  self.by_name = by
  return names
end

function Talon:play(card)
  self.g:play(self.by_name and self.by_name[card] or card)
end

function Talon:points()
  local p = self.g.state.hand_points
  if type(p) ~= "table" then
    error("g.state.hand_points is " .. tostring(p) .. ", not a list of points by seat", 0)
  end
  return p
end

-- Loads game 'name'; returns the subject maker and the problems found in
-- its option declarations (each one mismatch).
local function talon_subject(name)
  local game = require "talon.game"
  local loader = require "talon.host.loader"
  local def, err = loader.load(name)
  if not def then error(err, 0) end
  local problems, names = {}, {}
  for k in pairs(trace.DEFAULTS) do names[#names + 1] = k end
  table.sort(names)
  for _, k in ipairs(names) do
    local o = def.options and def.options[k]
    if not o then
      error(("%s has no option '%s' (OpenSpiel's parameters are %s)")
        :format(name, k, table.concat(names, ", ")), 0)
    end
    if o.default ~= trace.DEFAULTS[k] then
      problems[#problems + 1] = ("option %s defaults to %s; OpenSpiel's default is %s")
        :format(k, tostring(o.default), tostring(trace.DEFAULTS[k]))
    end
  end
  local function new(h)
    local hands = {}
    for s = 1, 4 do hands[s] = table.concat(h.deal[s], " ") end
    local g = game.new(def, {
      seed = h.seed, hands = 1, quiet = true, options = options_of(h),
      deal = { hands = hands, pass = trace.PASS[h.passdir] },
    })
    return setmetatable({ g = g }, talon_mt)
  end
  return new, problems
end

local function reference_subject()
  local ref = dofile(dir .. "/hearts_ref.lua")
  return function(h) return ref.new(options_of(h), h.deal, h.passdir) end, {}
end

-- ===== the replay (tests/parity/replay.lua)

dofile(dir .. "/replay.lua").main({
  name = "hearts", title = "Hearts", trace = trace, act = "card",
  result = { method = "points", field = "points" },
  talon_subject = talon_subject, reference_subject = reference_subject,
}, arg)
