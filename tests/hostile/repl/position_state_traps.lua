-- attack: in the REPL: g:position() of a game whose state holds tables whose every metamethod loops
-- rule: a hostile game's values in the REPL: errors are printed, the session goes on
-- expect: contained
-- stdin: def = assert(require("talon.host.loader").load("@FILE@"))
-- stdin: g = require('talon.game').new(def, { seed = 1 })
-- stdin: print(pcall(g.position, g))
-- stdin: print("after")
local game = require "talon.game"
local deal = require "talon.deal"
local tricks = require "talon.tricks"
local score = require "talon.score"
local actions = require "talon.actions"

local play = tricks.phase {
  doc = "play a card: follow suit if you can",
  rules = { follow = true },
  rule = "H-R1",
  on_trick = function(st, w)
    if #st.hands[w] == 0 then return "end" end
    return nil
  end,
}

local calls = { actions.make("call", "high"), actions.make("call", "low") }

-- each player calls in turn, so that a search's futures hold a call
local call = {
  doc = "each player calls high or low",
  verbs = { "call" },
  mover = function(st) return st.turn end,
  legal = function() return calls end,
  apply = function(st)
    st.calls = st.calls + 1
    st.turn = st:next(st.turn)
    if st.calls < st.n then return "call" end
    return "play"
  end,
}

local def = {
  name = "Hostile",
  summary = "a small trick game carrying an attack",
  players = { 2 },
  direction = "cw",
  options = { players = { default = 2, values = { 2 }, doc = "number of players" },
    target = { default = 8, doc = "points that win the match" } },
  deck = { ranks = "A K Q J T 9 8 7" },
  rules = { ["H-R1"] = "Follow suit if you can." },
  deal = function(st)
    local function spin() while true do end end
    local trap = { __index = spin, __newindex = spin, __len = spin, __pairs = spin,
                   __call = spin, __eq = spin, __lt = spin, __le = spin, __concat = spin,
                   __tostring = spin, __name = "trap" }
    st.trap = setmetatable({ 1, 2, 3, name = "x" }, trap)
    st.traps = { setmetatable({}, trap), setmetatable({}, trap) }
    st.nested = { inner = setmetatable({ deeper = {} }, trap) }
    deal.packets(st, { st:next(st.dealer), st.dealer }, { 5 })
    st.turn = st:next(st.dealer)
    st.calls = 0
    return "call"
  end,
  phases = { call = call, play = play },
  score = function(st)
    for s = 1, st.n do
      if st.tricks_won[s] > 0 then
        score.add(st, st.side_of[s], st.tricks_won[s], nil, "a point per trick")
      end
    end
  end,
  tools = { bot = { name = "first", choose = function(view) return view.legal[1] end } },
}

return game.define(def)
