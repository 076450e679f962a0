-- The hostile-files suite (issue "Game files are untrusted"): every file
-- under tests/hostile/<target>/ is a game, variant or record written to
-- attack the program; this runner runs each through the command it targets
-- and checks the four promises (tests/hostile/README.md):
--   1. a clean end: the expected error (exit 1 or 2, the expected text, the
--      file and line at fault) or, for 'contained' attacks, a normal end;
--      never a signal, a timeout, "unprotected", a sanitizer report;
--   2. within the time limit;
--   3. no file written in the (fresh, empty) working directory, no canary
--      file created outside it (the payloads try os.execute/io.popen/io.open
--      on @CANARY@);
--   4. the process unharmed: tests/hostile/inprocess.lua loads and plays
--      the same file in one process and compares the library, the talon
--      module and a reference Hokm record with snapshots taken before.
--
--   talon test tests/hostile/run.lua            (from the source root)
--   HOSTILE_ONLY=check/ talon test tests/hostile/run.lua   (a subset)
--   HOSTILE_PART=2/3 …   (every third case from the second: ctest's entries)
--   HOSTILE_JOBS (default: the cores), HOSTILE_TIMEOUT=20 (15 when the program takes
--   --budget-ms: the budget ends a hang in about a second; the timeout is the backstop, wide
--   enough for a machine busy with other work), HOSTILE_KEEP=1 (keep the scratch dir)
local t = require "talon.host.testing"
local program = require "tests.lua.repl.program"
local quote = program.quote

local TALON = program.path
local ROOT = require("talon").root or "."
if ROOT:sub(1, 1) ~= "/" then ROOT = (os.getenv("PWD") or ".") .. "/" .. ROOT end
local HERE = ROOT .. "/tests/hostile"
local TIMEOUT = tonumber(os.getenv("HOSTILE_TIMEOUT") or "")
-- As many jobs as cores: the cases are CPU-bound, and a hang case spends
-- its whole budget in CPU time (the budgets count CPU time), so more jobs
-- than cores only make each one slower against its timeout.
local function cores()
  local p = io.popen("getconf _NPROCESSORS_ONLN 2>/dev/null")
  local n = p and tonumber(p:read("l") or "")
  if p then p:close() end
  return n or 4
end
local JOBS = tonumber(os.getenv("HOSTILE_JOBS") or "") or cores()
local ONLY = os.getenv("HOSTILE_ONLY")
-- HOSTILE_PART=i/n: every n-th case from the i-th (ctest runs the suite as
-- several entries, each with its own time limit, side by side)
local PART_I, PART_N = (os.getenv("HOSTILE_PART") or ""):match("^(%d+)/(%d+)$")
PART_I, PART_N = tonumber(PART_I), tonumber(PART_N)
assert(not PART_N or (PART_I >= 1 and PART_I <= PART_N), "HOSTILE_PART: i/n with 1 <= i <= n")

-- The commands, per target directory. FILE is the staged case.
local TARGETS = {
  check = { "check", "FILE", "--games", "2" },
  sim = { "sim", "FILE", "--games", "2" },
  play = { "play", "FILE" }, -- with --auto unless the case types input
  rules = { "rules", "FILE" },
  replay = { "replay", "FILE" },
  repl = {},
  inprocess = false, -- the in-process layer only
}
local ORDER = { "check", "sim", "play", "rules", "replay", "repl", "inprocess" }

local function sh(cmd)
  local p = assert(io.popen(cmd))
  local out = p:read("a")
  p:close()
  return out
end

local function slurp(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local s = f:read("a")
  f:close()
  return s
end

local function spit(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

local function lines_of(text)
  local out = {}
  for l in sh("ls -1 " .. text .. " 2>/dev/null"):gmatch("[^\n]+") do out[#out + 1] = l end
  return out
end

-- Options the program takes before the command: a small per-call budget
-- when the program has one, so that hang cases end fast.
local HELP = sh(quote(TALON) .. " --help 2>&1")
local PRE = { "--mem-limit", "256" }
local BUDGET_OPT = HELP:match("%s(%-%-budget%-ms)[%s=]") or HELP:match("%s(%-%-budget)[%s=]")
if BUDGET_OPT then PRE[#PRE + 1], PRE[#PRE + 2] = BUDGET_OPT, "300" end
-- a hang under the default budget (2 s a call, up to twice that for a
-- host call charged to a game) must end well before the timeout
TIMEOUT = TIMEOUT or (BUDGET_OPT and 15 or 20)
-- and a small total budget per game and per bot, where there is one
if HELP:find("%s%-%-total%-budget[%s=]") then
  PRE[#PRE + 1], PRE[#PRE + 2] = "--total-budget", "1000"
end

-- The header: leading lines starting with "--" or "#", "key: value".
-- (lines cut with plain finds: some cases are large, and pattern functions
-- refuse patterns too complex for a large subject)
local function first_lines(text)
  local out, i = {}, 1
  while i <= #text and #out < 64 do
    local j = text:find("\n", i, true) or (#text + 1)
    out[#out + 1] = text:sub(i, math.min(j - 1, i + 2000))
    i = j + 1
  end
  return out
end

local function header(text)
  local h = { stdin = {}, raw = {} }
  for _, line in ipairs(first_lines(text)) do
    local body = line:match("^%-%-+ ?(.*)$") or line:match("^# ?(.*)$")
    if not body then break end
    -- "key: value", or several "key: value | key: value" on one line (a
    -- binary case has only its first line for a header)
    for part in (body .. " | "):gmatch("(.-) | ") do
      local k, v = part:match("^(%w+):%s*(.-)%s*$")
      if k then
        if k == "stdin" then h.stdin[#h.stdin + 1] = v else h[k] = v end
      end
    end
  end
  return h
end

-- 'error "text"' / 'error' / 'contained'
local function expectation(s)
  if not s then return nil end
  local kind, rest = s:match("^(%a+)%s*(.-)$")
  local text = rest:match('^"(.*)"$')
  return { kind = kind, text = text }
end

-- ===== discovery

local cases, found = {}, 0
for _, target in ipairs(ORDER) do
  -- records: tests/hostile/replay/h_*.rec (tests/hostile/records/ holds the
  -- record reader's own cases, tests/lua/cli/hostile_records_test.lua)
  local pattern = target == "replay" and (HERE .. "/replay/*.rec")
    or (HERE .. "/" .. target .. "/*.lua")
  for _, path in ipairs(lines_of(pattern)) do
    local name = path:match("([^/]+)$")
    local text = assert(slurp(path))
    local h = header(text)
    local mine = target ~= "replay" or h.expect
    local id = target .. "/" .. name
    if mine then found = found + 1 end
    local in_part = not PART_N or found % PART_N == PART_I % PART_N
    if mine and in_part and (not ONLY or id:find(ONLY, 1, true)) then
      cases[#cases + 1] = { target = target, name = name, id = id, path = path,
        text = text, h = h, expect = expectation(h.expect) }
    end
  end
end

-- ===== staging: each case twice (command and in-process), with its own
-- canary, working directory and outputs

local SCRATCH = sh("mktemp -d /tmp/talon-hostile.XXXXXX"):gsub("%s+$", "")
assert(SCRATCH:match("^/tmp/talon%-hostile"), "mktemp failed")

-- Replaces every plain occurrence of 'from' in 's' by 'to'.
local function replace(s, from, to)
  local out, i = {}, 1
  while true do
    local a, b = s:find(from, i, true)
    if not a then break end
    out[#out + 1] = s:sub(i, a - 1)
    out[#out + 1] = to
    i = b + 1
  end
  out[#out + 1] = s:sub(i)
  return table.concat(out)
end

local function subst(text, c, layer)
  text = replace(text, "@CANARY@", c.canary[layer])
  text = replace(text, "@HOSTILE@", HERE)
  text = replace(text, "@STAGE@", c.stage[layer])
  return replace(text, "@ROOT@", ROOT)
end

local jobs = {}
for i, c in ipairs(cases) do
  c.dir = SCRATCH .. "/" .. i
  c.canary, c.stage, c.work, c.staged = {}, {}, {}, {}
  for _, layer in ipairs({ "cmd", "inp" }) do
    c.canary[layer] = c.dir .. "/canary-" .. layer
    c.stage[layer] = c.dir .. "/stage-" .. layer
    c.work[layer] = c.dir .. "/work-" .. layer
  end
  assert(os.execute("mkdir -p " .. quote(c.stage.cmd) .. " " .. quote(c.stage.inp) .. " "
    .. quote(c.work.cmd) .. " " .. quote(c.work.inp)))
  for _, layer in ipairs({ "cmd", "inp" }) do
    c.staged[layer] = c.stage[layer] .. "/" .. c.name
    spit(c.staged[layer], subst(c.text, c, layer))
  end
  local function env(layer)
    return "TALON_PATH=" .. quote(ROOT) .. " NO_COLOR=1 LANG=C.UTF-8 HOSTILE_CANARY="
      .. quote(c.canary[layer]) .. " "
      .. (layer == "inp" and ("HOSTILE_CASE=" .. quote(c.staged.inp) .. " HOSTILE_BUDGET_MS=300 ") or "")
  end
  local function job(layer, argv, input)
    -- the in-process layer does more than one command (load, single
    -- actions, a playout, a bot's match, the commands): twice the time
    local tm = "timeout -k 2 " .. (layer == "inp" and 2 * TIMEOUT or TIMEOUT) .. " "
    local words = {}
    for k, a in ipairs(argv) do
      words[k] = quote((a:gsub("FILE", function() return c.staged[layer] end)))
    end
    local inp = c.dir .. "/stdin-" .. layer
    spit(inp, input or "")
    local o = c.dir .. "/" .. layer
    return ("cd %s && s=$(date +%%s%%N); %s %s %s %s <%s >%s.out 2>%s.err; echo $? >%s.rc;"
      .. " e=$(date +%%s%%N); echo $(( (e - s) / 1000000 )) >%s.ms"):format(
      quote(c.work[layer]), env(layer), tm, quote(TALON), table.concat(words, " "), quote(inp),
      quote(o), quote(o), quote(o), quote(o))
  end
  local spec = TARGETS[c.target]
  if spec then
    local argv = {}
    for _, a in ipairs(PRE) do argv[#argv + 1] = a end
    for _, a in ipairs(spec) do argv[#argv + 1] = a end
    if c.target == "play" and #c.h.stdin == 0 then argv[#argv + 1] = "--auto" end
    if c.h.args then
      for w in c.h.args:gmatch("%S+") do argv[#argv + 1] = w end
    end
    local input = {}
    for _, l in ipairs(c.h.stdin) do
      input[#input + 1] = subst(replace(l, "@FILE@", c.staged.cmd), c, "cmd")
    end
    jobs[#jobs + 1] = job("cmd", argv, #input > 0 and table.concat(input, "\n") .. "\n" or "")
  end
  if c.h.inprocess ~= "skip" then
    jobs[#jobs + 1] = job("inp", { "--mem-limit", "256", "test", HERE .. "/inprocess.lua" })
  end
end

-- All jobs at once, JOBS in parallel (hang cases spin a core until their
-- budget or the timeout stops them).
local list = SCRATCH .. "/jobs"
local f = assert(io.open(list, "wb"))
for _, j in ipairs(jobs) do f:write((j:gsub("\n", " ")), "\0") end
f:close()
os.execute(("xargs -0 -P %d -n 1 sh -c <%s"):format(JOBS, quote(list)))

-- ===== checks

local BAD = { "unprotected", "PANIC", "Segmentation fault", "core dumped", "Aborted",
  "AddressSanitizer", "LeakSanitizer", "runtime error:", "stack overflow (message" }

local function result(c, layer)
  local o = c.dir .. "/" .. layer
  local rc = tonumber(slurp(o .. ".rc") or "")
  return { rc = rc, out = slurp(o .. ".out") or "", err = slurp(o .. ".err") or "",
    ms = tonumber(slurp(o .. ".ms") or "") or -1 }
end

local function short(s)
  s = s:sub(1, 4000):gsub("%s+", " ")
  if #s > 160 then s = s:sub(1, 160) .. "…" end
  return s
end

-- Files left in a working directory (check-failure-<seed>.rec is what
-- `talon check` writes on a failure, by design).
local function leftovers(c, layer)
  local found = {}
  for _, n in ipairs(lines_of("-A " .. quote(c.work[layer]))) do
    if not (c.target == "check" and layer == "cmd" and n:match("^check%-failure%-%d+%.rec$")) then
      found[#found + 1] = n
    end
  end
  return found
end

local function common(c, layer, r, why)
  local what = layer == "cmd" and "command" or "in-process"
  if not r.rc then
    why[#why + 1] = what .. ": did not run"
    return
  end
  if r.rc == 124 or r.rc == 137 then
    why[#why + 1] = ("%s: timed out after %d s"):format(what,
      layer == "inp" and 2 * TIMEOUT or TIMEOUT)
  elseif r.rc >= 126 then
    why[#why + 1] = ("%s: killed or crashed (exit %d): %s"):format(what, r.rc, short(r.err))
  end
  local all = r.out .. r.err
  for _, b in ipairs(BAD) do
    if all:find(b, 1, true) then why[#why + 1] = what .. ": output says '" .. b .. "'" end
  end
  local left = leftovers(c, layer)
  if #left > 0 then
    why[#why + 1] = what .. ": wrote file(s) " .. table.concat(left, ", ")
  end
  if slurp(c.canary[layer]) or os.execute("test -e " .. quote(c.canary[layer])) then
    why[#why + 1] = what .. ": the canary file was created (a payload ran)"
  end
end

local function check_command(c, why)
  local r = result(c, "cmd")
  common(c, "cmd", r, why)
  if not r.rc or r.rc >= 124 then return end
  local e = c.expect
  local all = r.out .. r.err
  if c.target == "repl" then
    -- the REPL goes on after an error: the session must survive to the end
    if not r.out:find("after", 1, true) then
      why[#why + 1] = "the REPL session did not go on to its last line ('after' not printed)"
    end
    if e.kind == "error" and e.text and not r.err:find(e.text, 1, true) then
      why[#why + 1] = ('expected the error "%s" on stderr, got: %s'):format(e.text, short(r.err))
    end
  elseif e.kind == "error" then
    if r.rc == 0 then
      why[#why + 1] = "expected an error, exit 0: " .. short(r.out:sub(-300))
    elseif r.rc ~= 1 and r.rc ~= 2 then
      why[#why + 1] = ("expected exit 1 or 2, got %d"):format(r.rc)
    elseif e.text and not all:find(e.text, 1, true) then
      why[#why + 1] = ('expected "%s" in the message, exit %d: %s'):format(e.text, r.rc,
        short(r.err ~= "" and r.err or r.out))
    end
  elseif e.kind == "safe" and r.rc ~= 0 and r.rc ~= 1 and r.rc ~= 2 then
    why[#why + 1] = ("expected a normal end or a clean error, exit %d"):format(r.rc)
  elseif e.kind == "contained" then
    if r.rc ~= 0 then
      why[#why + 1] = ("expected a normal end (contained), exit %d: %s"):format(r.rc,
        short(r.err ~= "" and r.err or r.out))
    end
  end
  if c.h.line and c.target ~= "repl" then
    -- "NAME:LINE:", or for a record "NAME: record line LINE"
    local at = c.name .. ":" .. c.h.line .. ":"
    local named = all:find(at, 1, true)
      or (c.target == "replay" and all:find(c.name, 1, true)
        and all:find("line " .. c.h.line .. ":", 1, true))
    if r.rc ~= 0 and not named then
      why[#why + 1] = ("the message does not name %s: %s"):format(at,
        short(r.err ~= "" and r.err or r.out))
    end
  end
  if c.h.output and not all:find(c.h.output, 1, true) then
    why[#why + 1] = ('expected "%s" in the output'):format(c.h.output)
  end
  if c.h.never and all:find(c.h.never, 1, true) then
    why[#why + 1] = ('the output shows "%s": the attack had an effect'):format(c.h.never)
  end
end

local function check_inprocess(c, why)
  local r = result(c, "inp")
  common(c, "inp", r, why)
  if r.rc and r.rc < 124 and not r.out:find("0 failed", 1, true) then
    local msgs = {}
    for m in r.out:sub(1, 20000):gmatch("FAIL  [^\n]*\n%s*([^\n]*)") do msgs[#msgs + 1] = m end
    why[#why + 1] = "in-process: " .. (#msgs > 0 and short(table.concat(msgs, "; "))
      or short(r.out .. r.err))
  end
end

local failures = {}
for _, c in ipairs(cases) do
  t.test(c.id, function()
    local why = {}
    local kinds = { error = true, contained = true, safe = true }
    if not c.expect or not kinds[c.expect.kind] then
      why[#why + 1] = "bad header: no 'expect: error [\"text\"]', 'expect: contained' or 'expect: safe'"
    end
    if not c.h.attack then why[#why + 1] = "bad header: no 'attack:' line" end
    if #why == 0 then
      if TARGETS[c.target] then check_command(c, why) end
      if c.h.inprocess ~= "skip" then check_inprocess(c, why) end
    end
    if #why > 0 then
      failures[#failures + 1] = c.id .. ": " .. table.concat(why, " | ")
      t.fail(table.concat(why, " | "))
    end
  end)
end

-- One line per failing case, together at the end.
t.test("summary", function()
  print(("  %d cases (%s), %d failing; commands run as: talon %s"):format(#cases,
    (function()
      local n, parts = {}, {}
      for _, c in ipairs(cases) do n[c.target] = (n[c.target] or 0) + 1 end
      for _, target in ipairs(ORDER) do parts[#parts + 1] = target .. " " .. (n[target] or 0) end
      return table.concat(parts, ", ")
    end)(), #failures, table.concat(PRE, " ")))
  for _, line in ipairs(failures) do print("  hostile FAIL " .. line) end
end)

t.test("the suite has at least 150 cases", function()
  if not ONLY then t.ok(found >= 150, found .. " cases") end
end)

t.test("scratch directory removed", function()
  if os.getenv("HOSTILE_KEEP") then
    print("  scratch kept in " .. SCRATCH)
  else
    os.execute("rm -rf " .. quote(SCRATCH))
  end
end)
