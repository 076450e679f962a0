-- negative_control.lua: proves that a parity replayer (openspiel_hearts.lua,
-- openspiel_euchre.lua) can fail. A check that cannot fail proves nothing.
--   talon run tests/parity/negative_control.lua [--reference | --game NAME] TRACE
-- Copies the first three hands of TRACE into a temporary file, with one
-- action taken out of one legal set (in the second hand, the first play
-- past the passes whose legal set holds an action besides the one
-- played), runs the replayer of the trace's game on the copy with the
-- same options, and succeeds only when the replayer exits 1 and reports
-- exactly that difference, at that line, and nothing else.
local dir = (arg[0] or ""):match("^(.*)/") or "."

local function fail(msg)
  io.stderr:write("negative control: " .. msg .. "\n")
  os.exit(1, true)
end

-- The game of a trace, from its first game line: its reader and replayer.
local GAMES = {
  hearts = { reader = "hearts_trace.lua", replayer = "openspiel_hearts.lua" },
  euchre = { reader = "euchre_trace.lua", replayer = "openspiel_euchre.lua" },
}
local function game_of(path)
  for line in io.lines(path) do
    local name = line:match("^game %S+ ([%w_]+)")
    if name then return GAMES[name] or fail(path .. ": no replayer for " .. name) end
  end
  fail(path .. " has no game line")
end

local function quote(s) return "'" .. tostring(s):gsub("'", [['\'']]) .. "'" end

local flags, path = {}, nil
for i = 1, #arg do
  if arg[i]:sub(1, 2) == "--" or arg[i - 1] == "--game" then flags[#flags + 1] = arg[i]
  else path = arg[i] end
end
if not path then fail("usage: negative_control.lua [--reference | --game NAME] TRACE") end

local kind = game_of(path)
local trace = dofile(dir .. "/" .. kind.reader)
local hands = trace.read(path)
if #hands < 3 then fail(path .. " holds fewer than three hands") end
local h = hands[2]

-- The act to change: past a Hearts pass, with a legal action besides the
-- one played (a.card in Hearts, a.action in Euchre).
local npass = (h.passdir or 0) ~= 0 and 12 or 0
local act, step, dropped
for k = npass + 1, #h.acts do
  local a = h.acts[k]
  for _, c in ipairs(a.legal) do
    if c ~= (a.card or a.action) then act, step, dropped = a, k, c break end
  end
  if act then break end
end
if not act then fail("the second hand has no legal set to change") end
local kept = {}
for _, c in ipairs(act.legal) do
  if c ~= dropped then kept[#kept + 1] = c end
end

-- The copy: lines up to the end of the third hand, one of them changed.
local tmp = os.tmpname()
local out = assert(io.open(tmp, "w"))
local ln = 0
for line in io.lines(path) do
  ln = ln + 1
  if ln > hands[3].end_line then break end
  if ln == act.line then
    line = ("act %d %s : %s"):format(act.seat - 1, act.card or act.action,
      table.concat(kept, " "))
  end
  out:write(line, "\n")
end
out:close()

local cmd = ("%s run %s %s %s 2>&1"):format(quote(arg[-2]), quote(dir .. "/" .. kind.replayer),
  table.concat(flags, " "), quote(tmp))
local p = assert(io.popen(cmd))
local text = p:read("a")
local _, how, code = p:close()
os.remove(tmp)

local want = {
  ("%s:%d: seed %d, step %d: legal: expected {%s}, got {%s}"):format(tmp, act.line, h.seed, step,
    trace.set_text(kept), trace.set_text(act.legal)),
  "3 hands, " .. (#hands[1].acts + #hands[2].acts + #hands[3].acts) .. " steps, 1 mismatches",
}
local got = {}
for line in text:gmatch("[^\n]+") do got[#got + 1] = line end
local ok = how == "exit" and code == 1 and #got == 2 and got[1] == want[1] and got[2] == want[2]
if not ok then
  fail(("the replayer should exit 1 and print exactly\n  %s\n  %s\nit exited %s %s and printed\n%s")
    :format(want[1], want[2], tostring(how), tostring(code), text))
end
print(("negative control: the changed legal set at line %d (seed %d, step %d, %s dropped) "
  .. "was reported, and nothing else"):format(act.line, h.seed, step, dropped))
