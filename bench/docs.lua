-- bench/docs.lua: the speed figures of the docs, measured and written in.
-- Each table of figures in docs/*.md sits between `<!-- bench: NAME -->`
-- and `<!-- /bench -->`; this script runs the benchmark behind NAME and
-- rewrites what is between the markers, ending with the date, the command
-- and the machine's load. Nobody types a figure (docs/doc-tests.md).
--   talon run bench/docs.lua [--build DIR] [--only NAME,NAME]
--   talon run bench/docs.lua --check     (the regions are well formed)
-- DIR is a release build (default build/release); the script builds the
-- bench programs there first. The counts need valgrind.
local args = { build = "build/release" }
do
  local i = 1
  while i <= #arg do
    local a = arg[i]
    if a == "--build" or a == "--only" then
      args[a:sub(3)] = assert(arg[i + 1], a .. " needs a value")
      i = i + 1
    elseif a == "--check" then
      args.check = true
    else
      error("unknown argument '" .. a .. "' (--build DIR, --only NAMES, --check)", 0)
    end
    i = i + 1
  end
end

local TALON = arg[-2] or "talon" -- arg[-1] is "run"
local PAGES = { "docs/api.md", "docs/cli.md", "docs/framework.md", "docs/architecture.md",
  "docs/search.md" }

local function sh(cmd)
  local p = assert(io.popen(cmd .. " 2>&1"))
  local out = p:read("a")
  local ok = p:close()
  if not ok then error(("`%s` failed:\n%s"):format(cmd, out), 0) end
  return out
end

local function bench(name) return args.build .. "/bench/" .. name end

-- The numbers on the line of 'out' that starts with 'label' (after spaces).
local function numbers(out, label)
  for line in out:gmatch("[^\n]+") do
    local s = line:match("^%s*(.*)$")
    if s:sub(1, #label) == label then
      local list = {}
      for n in s:sub(#label + 1):gmatch("%-?[%d.]+") do list[#list + 1] = tonumber(n) end
      return list
    end
  end
  error(("no line '%s' in:\n%s"):format(label, out), 0)
end

local function ns(x) return x >= 1000 and ("%.2f µs"):format(x / 1000) or ("%.0f ns"):format(x) end
local function ratio(x) return ("%.1f×"):format(x) end
local function thousands(x)
  local s = ("%.0f"):format(x)
  return (s:reverse():gsub("(%d%d%d)", "%1,"):reverse():gsub("^,", ""))
end

-- ===== the generators: each returns the lines between its markers

local GEN = {}

-- docs/api.md "Speed of the trick calls": bench_trick.
function GEN.trick()
  local out = sh(bench("bench_trick"))
  local function three(after)
    local at = assert(out:find(after, 1, true), after)
    local part = out:sub(at)
    return numbers(part, "raw C")[1], numbers(part, "Lua->C (talon.trick)")[1],
      numbers(part, "pure Lua")[1]
  end
  local lc, lb, ll = three("legal cards")
  local tc, tb, tl = three("resolve a 3-card trick")
  local kc, kb, kl = three("resolve a Kosel trick")
  local resolve = numbers(out, "Lua->C one call t:resolve")[1]
  local object = numbers(out, "pure Lua, the same 5 calls on a Lua trick object")[1]
  local floor = numbers(out, "(floor: 5 calls of t:size")[1]
  return {
    "| per call / per trick | raw C | Lua→C | pure Lua | pure Lua / Lua→C |",
    "|---|---|---|---|---|",
    ("| `t:legal(hand, out)`, HOS-R26, 8-card hand | %s | %s | %s | %s |")
      :format(ns(lc), ns(lb), ns(ll), ratio(ll / lb)),
    ("| 3-card trick: `clear`, 3 × `play`, `winner` | %s | %s | %s | %s |")
      :format(ns(tc), ns(tb), ns(tl), ratio(tl / tb)),
    ("| the same five calls on a trick object in Lua | | %s | %s | %s |")
      :format(ns(tb), ns(object), ratio(object / tb)),
    ("| the same trick, one `t:resolve(a, b, c)` | | %s | %s | %s |")
      :format(ns(resolve), ns(tl), ratio(tl / resolve)),
    ("| Kosel trick of four 3-card sets | %s | %s | %s | %s |")
      :format(ns(kc), ns(kb), ns(kl), ratio(kl / kb)),
    ("| the floor: five calls of `t:size` | | %s | | |"):format(ns(floor)),
  }, "`" .. bench("bench_trick") .. "`, best of 7 rounds"
end

-- docs/api.md "Melds": bench_meld.
function GEN.meld()
  local out = sh(bench("bench_meld"))
  local c = numbers(out, "raw C  tv_meld_score_all")[1]
  local b = numbers(out, "Lua->C m:score_all(hand)")[1]
  local l = numbers(out, "pure Lua HOS-R19 x4")[1]
  return {
    "| a 25-card Hosgin hand, all four trumps | raw C | Lua→C | pure Lua | pure Lua / Lua→C |",
    "|---|---|---|---|---|",
    ("| `tv_meld_score_all` / `m:score_all(hand)` / HOS-R19 in Lua | %s | %s | %s | %s |")
      :format(ns(c), ns(b), ns(l), ratio(l / b)),
  }, "`" .. bench("bench_meld") .. "`, best of 7 rounds"
end

-- docs/api.md "sandbox.call": bench/sandbox.lua.
function GEN.sandbox()
  local out = sh(("%s run bench/sandbox.lua"):format(TALON))
  return {
    "| one call of a Lua function `f(i)` | time |",
    "|---|---|",
    ("| `pcall(f, i)` | %s |"):format(ns(numbers(out, "pcall(f, i)")[1])),
    ("| `sandbox.call(0, f, i)` (no budget) | %s |"):format(ns(numbers(out,
      "sandbox.call(0, f, i)")[1])),
    ("| `sandbox.call(200, f, i)` (a budget) | %s |"):format(ns(numbers(out,
      "sandbox.call(200, f, i)")[1])),
    ("| a loop of 3·10⁷ iterations, bare / under a budget | %.3f s / %.3f s |")
      :format(numbers(out, "bare")[1], numbers(out, "sandbox.call(60000, loop)")[1]),
  }, "`talon run bench/sandbox.lua`, best of 5 runs"
end

-- docs/cli.md "Benchmark": bench/sim.lua beside bench_hokm.
function GEN.hokm()
  local out = sh(("%s run bench/sim.lua %s 3000 5"):format(TALON, bench("bench_hokm")))
  local rows = {
    "| random Hokm-4 hands | to 7 tricks | × C | all 13 tricks | × C |",
    "|---|---|---|---|---|",
  }
  local halves = {}
  local at = out:find("all 13 tricks", 1, true)
  halves[1], halves[2] = out:sub(1, at - 1), out:sub(at)
  local function rate(part, label) return numbers(part, label)[1] end
  local c = { rate(halves[1], "C, bench_hokm"), rate(halves[2], "C, bench_hokm") }
  local function row(label, key, unit)
    local r = { rate(halves[1], key), rate(halves[2], key) }
    rows[#rows + 1] = ("| %s | %s %s/s (%.2f µs) | %s | %s %s/s | %s |"):format(label,
      thousands(r[1]), unit, 1e6 / r[1], ratio(c[1] / r[1]), thousands(r[2]), unit,
      ratio(c[2] / r[2]))
  end
  rows[#rows + 1] = ("| C, `bench/bench_hokm.c` (the yardstick) | %s hands/s (%.2f µs) | 1× |"
    .. " %s hands/s | 1× |"):format(thousands(c[1]), 1e6 / c[1], thousands(c[2]))
  row("the hands of one running match, one `g:playout`", "framework: hands of one running match",
    "hands")
  row("a new game per hand, then `g:playout`", "framework: new game, then g:playout", "games")
  row("a new game per hand, `g:play` per action", "framework: new game, g:play per action",
    "games")
  row("the same hand in plain Lua, no framework", "plain Lua over the primitives", "hands")
  local new_us = numbers(halves[1], "framework: new game, then g:playout")[4]
  rows[#rows + 1] = ""
  rows[#rows + 1] = ("`game.new` alone (options, state, the ace draw; 3000 new games in a row)"
    .. " takes %.1f µs."):format(new_us)
  return rows, "`talon run bench/sim.lua " .. bench("bench_hokm") .. " 3000 5`, best of 5 runs"
end

-- docs/cli.md "Benchmark": bench/rate.lua hearts beside bench_hearts.
function GEN.hearts()
  local out = sh(("%s run bench/rate.lua hearts 3000 5 --c %s"):format(TALON,
    bench("bench_hearts")))
  local c = numbers(out, "C yardstick (bench_hearts)")[1]
  local po = numbers(out, "framework: new game, then g:playout")[1]
  local pl = numbers(out, "framework: new game, g:play per action")[1]
  return {
    "| random Hearts hands | hands/s | per hand | × C |",
    "|---|---|---|---|",
    ("| C, `bench/bench_hearts.c` (the yardstick) | %s | %.2f µs | 1× |"):format(thousands(c),
      1e6 / c),
    ("| a new game per hand, then `g:playout` | %s | %.2f µs | %s |"):format(thousands(po),
      1e6 / po, ratio(c / po)),
    ("| a new game per hand, `g:play` per action | %s | %.2f µs | %s |"):format(thousands(pl),
      1e6 / pl, ratio(c / pl)),
  }, "`talon run bench/rate.lua hearts 3000 5 --c " .. bench("bench_hearts") .. "`, best of 5"
end

-- docs/cli.md "Benchmark": bench/rate.lua euchre beside bench_euchre.
function GEN.euchre()
  local out = sh(("%s run bench/rate.lua euchre 3000 5 --c %s"):format(TALON,
    bench("bench_euchre")))
  local c = numbers(out, "C yardstick (bench_euchre)")[1]
  local rows = {
    "| random Euchre hands | hands/s | per hand | × C |",
    "|---|---|---|---|",
    ("| C, `bench/bench_euchre.c` (the yardstick) | %s | %.2f µs | 1× |"):format(thousands(c),
      1e6 / c),
  }
  for _, r in ipairs {
    { "the hands of one running match, one `g:playout`",
      "framework: hands of one match, g:playout" },
    { "a new game per hand, then `g:playout`", "framework: new game, then g:playout" },
    { "a new game per hand, `g:play` per action", "framework: new game, g:play per action" },
  } do
    local x = numbers(out, r[2])[1]
    rows[#rows + 1] = ("| %s | %s | %.2f µs | %s |"):format(r[1], thousands(x), 1e6 / x,
      ratio(c / x))
  end
  return rows, "`talon run bench/rate.lua euchre 3000 5 --c " .. bench("bench_euchre")
    .. "`, best of 5"
end

-- docs/cli.md "Benchmark": bench/rate.lua kosel beside bench_kosel, with
-- a penalty limit nobody reaches so that one match holds every hand.
local KOSEL_RATE = "run bench/rate.lua kosel 3000 5 -o penalty_limit=1000000000 --c "

function GEN.kosel()
  local out = sh(("%s %s%s"):format(TALON, KOSEL_RATE, bench("bench_kosel")))
  local c = numbers(out, "C yardstick (bench_kosel)")[1]
  local rows = {
    "| random Kosel-4 deals | deals/s | per deal | × C |",
    "|---|---|---|---|",
    ("| C, `bench/bench_kosel.c` (the yardstick) | %s | %.2f µs | 1× |"):format(thousands(c),
      1e6 / c),
  }
  for _, r in ipairs {
    { "the deals of one running match, one `g:playout`",
      "framework: hands of one match, g:playout" },
    { "a new game per deal, then `g:playout`", "framework: new game, then g:playout" },
    { "a new game per deal, `g:play` per action", "framework: new game, g:play per action" },
  } do
    local x = numbers(out, r[2])[1]
    rows[#rows + 1] = ("| %s | %s | %.2f µs | %s |"):format(r[1], thousands(x), 1e6 / x,
      ratio(c / x))
  end
  return rows, "`talon " .. KOSEL_RATE .. bench("bench_kosel") .. "`, best of 5"
end

-- docs/cli.md "Benchmark": bench/bots.lua, the rule-of-thumb bots'
-- self-play per game.
local BOTS = "run bench/bots.lua --hands 200 --rounds 3"
local BOT_GAMES = { hokm = "Hokm", hosgin = "Hosgin", kosel = "Kosel", koselpot = "Kosel (pot)",
  bura = "Bura", besigue = "Besigue", hearts = "Hearts", euchre = "Euchre" }

function GEN.bots()
  local out = sh(("%s %s"):format(TALON, BOTS))
  local rows = { "| game | bot decisions/s | per decision | hands/s |", "|---|---|---|---|" }
  for key, rate, us, hands in out:gmatch("\n  (%S+)%s+([%d.]+) decisions/s%s+([%d.]+) us each"
      .. "%s+([%d.]+) hands/s") do
    rows[#rows + 1] = ("| %s | %s | %.1f µs | %s |"):format(BOT_GAMES[key] or key,
      thousands(tonumber(rate)), tonumber(us), thousands(tonumber(hands)))
  end
  if #rows < 3 then error("no figures in:\n" .. out, 0) end
  return rows, "`talon " .. BOTS .. "`, best of 3, processor time"
end

-- docs/search.md "Speed": bench/search.lua, futures a second per game.
local SEARCH = "run bench/search.lua 2000 4"
local SETUP_NAMES = {
  ["hokm-4"] = "Hokm, 4 players", ["hokm-3"] = "Hokm, 3 players", ["hokm-2"] = "Hokm, 2 players",
  hosgin = "Hosgin", kosel = "Kosel, 4 players", ["kosel-2"] = "Kosel, 2 players",
  bura = "Bura, 3 players", koselpot = "Kosel (pot), 3 players", hearts = "Hearts",
  euchre = "Euchre", ["besigue-2"] = "Besigue, 2 players", ["besigue-3"] = "Besigue, 3 players",
  ["besigue-4"] = "Besigue, 4 players",
}

function GEN.search()
  local out = sh(("%s %s"):format(TALON, SEARCH))
  local rows = { "| game | futures a second, one core |", "|---|---|" }
  for label, n in out:gmatch("\n%s*(%S+)%s+([%d.]+) futures/s") do
    local name = SETUP_NAMES[label] or ("variant `%s`"):format(label)
    rows[#rows + 1] = ("| %s | %s |"):format(name, thousands(tonumber(n)))
  end
  if #rows < 3 then error("no figures in:\n" .. out, 0) end
  return rows, "`talon " .. SEARCH .. "`, best of 3 rounds, processor time"
end

-- docs/cli.md "Benchmark": instructions counted by callgrind, which the
-- load of the machine does not change.
local function collected(cmd)
  local out = sh("valgrind --tool=callgrind --callgrind-out-file=/dev/null " .. cmd)
  return tonumber((out:match("Collected : (%d+)")))
end

function GEN.counts()
  local talon = args.build .. "/repl/talon run bench/count.lua "
  local function per(a, b, n) return (collected(talon .. a) - collected(talon .. b)) / n end
  local new = per("new 1001", "new 1", 1000)
  local hand = per("playout 1001", "new 1001", 1000)
  local play = per("play 1001", "new 1001", 1000)
  local match = per("match 200", "match 0", 200)
  local c = (collected(bench("bench_hokm") .. " 2001 all") - collected(bench("bench_hokm")
    .. " 1 all")) / 2000
  local hearts_new = per("new 1001 hearts", "new 1 hearts", 1000)
  local hearts_hand = per("playout 1001 hearts", "new 1001 hearts", 1000)
  local hearts_match = per("match 100 hearts", "match 0 hearts", 100)
  local hc = (collected(bench("bench_hearts") .. " 2001") - collected(bench("bench_hearts")
    .. " 1")) / 2000
  local function k(x) return ("%.1fk"):format(x / 1000) end
  return {
    "| instructions per hand | Hokm-4, all 13 tricks | × C | Hearts | × C |",
    "|---|---|---|---|---|",
    ("| C yardstick | %s | 1× | %s | 1× |"):format(k(c), k(hc)),
    ("| a hand of a running match (`g:playout`) | %s | %s | %s | %s |"):format(k(match),
      ratio(match / c), k(hearts_match), ratio(hearts_match / hc)),
    ("| a new game per hand: `game.new` + the hand | %s + %s | %s | %s + %s | %s |"):format(
      k(new), k(hand), ratio((new + hand) / c), k(hearts_new), k(hearts_hand),
      ratio((hearts_new + hearts_hand) / hc)),
    ("| `g:play` per action (Hokm) | %s | %s | | |"):format(k(play), ratio(play / c)),
  }, "`valgrind --tool=callgrind` over `bench/count.lua`, `bench_hokm` and `bench_hearts`"
end

-- ===== the regions

local ORDER = { "trick", "meld", "sandbox", "hokm", "hearts", "euchre", "kosel", "counts",
  "bots", "search" }

local function read(path)
  local f = assert(io.open(path, "r"))
  local text = f:read("a")
  f:close()
  return text
end

-- The regions of 'text': {name, from, to} where from..to is what lies
-- between the two marker lines (both included in neither).
local function regions(text)
  local list, pos = {}, 1
  while true do
    local s, e, name = text:find("<!%-%- bench: ([%w_]+) %-%->\n", pos)
    if not s then break end
    local cs = text:find("<!-- /bench -->", e + 1, true)
    if not cs then error(("bench region '%s' is never closed"):format(name), 0) end
    list[#list + 1] = { name = name, from = e + 1, to = cs - 1 }
    pos = cs + 1
  end
  return list
end

local function load_average()
  local f = io.open("/proc/loadavg", "r")
  local l = f and f:read("l")
  if f then f:close() end
  return l and l:match("^(%S+)") or "?"
end

local function cores()
  local ok, out = pcall(sh, "nproc")
  return ok and out:match("%d+") or "?"
end

if args.check then
  local bad = {}
  for _, page in ipairs(PAGES) do
    for _, r in ipairs(regions(read(page))) do
      local body = read(page):sub(r.from, r.to)
      if not GEN[r.name] then
        bad[#bad + 1] = ("%s: bench region '%s': no such benchmark"):format(page, r.name)
      elseif not body:find("\nMeasured %d%d%d%d%-%d%d%-%d%d by ") or
          not body:find("`talon run bench/docs.lua`", 1, true) then
        bad[#bad + 1] = ("%s: bench region '%s' does not say when and how it was measured")
          :format(page, r.name)
      end
    end
  end
  for _, line in ipairs(bad) do io.stderr:write(line, "\n") end
  os.exit(#bad == 0 and 0 or 1)
end

sh(("cmake --build %s --target bench_trick bench_meld bench_hokm bench_hearts bench_euchre"
  .. " bench_kosel talon")
  :format(args.build))
local only = {}
for name in (args.only or table.concat(ORDER, ",")):gmatch("[^,]+") do
  if not GEN[name] then error("no benchmark '" .. name .. "'", 0) end
  only[name] = true
end

local made = {}
for _, name in ipairs(ORDER) do
  if only[name] then
    io.stderr:write("bench/docs.lua: ", name, "\n")
    local load = load_average()
    local lines, how = GEN[name]()
    lines[#lines + 1] = ""
    lines[#lines + 1] = ("Measured %s by `talon run bench/docs.lua` (%s; release build, %s cores,"
      .. " load average %s)."):format(os.date("%Y-%m-%d"), how, cores(), load)
    made[name] = table.concat(lines, "\n") .. "\n"
  end
end

for _, page in ipairs(PAGES) do
  local text = read(page)
  local list = regions(text)
  for i = #list, 1, -1 do
    local r = list[i]
    if made[r.name] then text = text:sub(1, r.from - 1) .. made[r.name] .. text:sub(r.to + 1) end
  end
  local f = assert(io.open(page, "w"))
  f:write(text)
  f:close()
end
