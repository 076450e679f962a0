-- openspiel_euchre.lua: replays OpenSpiel Euchre traces through Talon's
-- Euchre and reports every place where the two disagree.
--   talon run tests/parity/openspiel_euchre.lua [OPTIONS] TRACE...
-- OPTIONS: --game NAME (the game file, default "euchre"), --reference
-- (replay through euchre_ref.lua instead, the plain Lua restatement of
-- OpenSpiel's rules that tests this replayer), --max K (mismatches printed,
-- default 10).
--
-- Each hand is set up from its seed, its options (OpenSpiel's two
-- parameters, given explicitly) and an explicit deal: the dealer, the five
-- cards of each seat, and the stock from the up-card down (up-card, then
-- the kitty). Then at every `act` line the mover and the set of legal
-- actions are compared with the trace before the trace's action is played,
-- and at the end the hand's result: OpenSpiel's returns (the makers' score
-- for each maker, its negation for each defender), which for Talon's game
-- is, per seat, what its side scored in the hand minus what the other side
-- scored. A legal set that differs is one mismatch and the replay goes on
-- (the trace's action is still legal); a different mover, an action the
-- game refuses or an error ends that hand. The last line is
-- `N hands, M steps, K mismatches`; the exit code is 1 when K > 0 or a
-- trace cannot be read (tests/parity/README.md).
local dir = (arg[0] or ""):match("^(.*)/") or "."
local trace = dofile(dir .. "/euchre_trace.lua")

-- ===== the two subjects: Talon's game and the reference

local function options_of(h)
  local o = {}
  for k, v in pairs(trace.DEFAULTS) do o[k] = v end
  for k, v in pairs(h.options) do o[k] = v end
  return o
end

local Talon = {}
local talon_mt = { __index = Talon }

-- An action's name as the traces write it: a card ("TC" for the ten),
-- Pass, a suit's name for "trump S", Alone, Partner.
local NAMES = { pass = "Pass", alone = "Alone", partner = "Partner" }
for s, name in pairs(trace.SUIT_NAMES) do NAMES["trump " .. s] = name end

local function name_of(g, a)
  local text = g:text(a)
  if NAMES[text] then return NAMES[text] end
  local card = text:gsub("^10(%a)$", "T%1")
  return trace.is_card(card) and card or text
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

function Talon:play(name)
  self.g:play(self.by_name and self.by_name[name] or name)
end

-- Per seat, its side's points in the hand minus the other side's.
function Talon:returns()
  local st, pts = self.g.state, self.g:hand_points()[1]
  if type(pts) ~= "table" or #pts ~= 2 then
    error("the hand's points are not one number per side (two sides)", 0)
  end
  local out = {}
  for s = 1, 4 do
    local side = st.side_of[s]
    out[s] = pts[side] - pts[3 - side]
  end
  return out
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
      deal = { dealer = h.dealer, hands = hands,
               stock = h.upcard .. " " .. table.concat(h.kitty, " ") },
    })
    return setmetatable({ g = g }, talon_mt)
  end
  return new, problems
end

local function reference_subject()
  local ref = dofile(dir .. "/euchre_ref.lua")
  return function(h) return ref.new(options_of(h), h) end, {}
end

-- ===== the replay (tests/parity/replay.lua)

dofile(dir .. "/replay.lua").main({
  name = "euchre", title = "Euchre", trace = trace, act = "action",
  result = { method = "returns", field = "returns" },
  talon_subject = talon_subject, reference_subject = reference_subject,
}, arg)
