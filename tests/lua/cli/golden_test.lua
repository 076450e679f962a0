-- Records and simulation summaries pinned across speed work: for every
-- shipped game, `talon play GAME --auto --record F --seed S` writes the
-- same record, one quiet g:playout (the batch path, playout_record.lua)
-- the same record, and `talon sim GAME --bots random --json` prints the
-- same summary, byte for byte, as the files in tests/golden/ (made before
-- the speed work began). A faster path that deals, draws or decides anything
-- differently from the one it replaces changes a record or a figure here.
-- After a deliberate change of a game's rules or of a bot, write the files
-- again with
--   TALON_GOLDEN=write build/release/repl/talon test tests/lua/cli/golden_test.lua
-- (TALON_PATH set to the source tree) and say why in the commit.
local t = require "talon.host.testing"
local run = require "tests.lua.cli.run"

local root = run.root
local dir = root .. "/tests/golden/"
local writing = os.getenv("TALON_GOLDEN") == "write"

-- The games and the extra arguments they are played with: each shipped
-- game as it comes, Hokm with each table size (its 2- and 3-player phases
-- differ), and fewer matches of the Hosgin family, whose random matches
-- run long.
local CASES = {
  { "besigue" }, { "bura" }, { "euchre" }, { "hearts" }, { "hokm" },
  { "hokm", "--players", "3" }, { "hokm", "--players", "2" },
  { "hokm-all-tricks" }, { "hokm-jass-trumps" }, { "hokm-must-trump" }, { "hokm-no-trump-lead" },
  { "hokm-ten-high" }, { "hokm-trump-after-four" }, { "hosgin", games = 4 },
  { "hosgin-money", games = 4 },
  { "hosgin-scaled", games = 4 }, { "kosel" }, { "koselpot" },
  -- the set games at other table sizes (sets of one card with many seats)
  { "kosel", "--players", "2" }, { "kosel", "--players", "3" },
  { "bura", "--players", "2" }, { "bura", "--players", "6" },
  { "koselpot", "--players", "2", games = 20 }, { "koselpot", "--players", "5", games = 20 },
}
local SEEDS = { 1, 2 }

local function slurp(path)
  local f = io.open(path, "rb")
  if not f then return nil end
  local text = f:read("a")
  f:close()
  return text
end

local function spit(path, text)
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
end

-- The golden file's name for a case: the game and its extra arguments.
local function name_of(case, what, seed)
  local parts = { case[1] }
  for i = 2, #case do parts[#parts + 1] = tostring(case[i]):gsub("^%-%-", "") end
  return ("%s-%s-%d.%s"):format(table.concat(parts, "-"), what, seed, what == "sim" and "json"
    or "rec")
end

local function check(name, got)
  if writing then
    spit(dir .. name, got)
    return
  end
  local want = slurp(dir .. name)
  t.ok(want, "no golden file " .. name .. " (TALON_GOLDEN=write makes it)")
  t.ok(got == want, ("%s differs from its golden file (%d bytes, golden %d)")
    :format(name, #got, want and #want or 0))
end

local function args_of(case, ...)
  local args = { ... }
  table.insert(args, 2, case[1])
  for i = 2, #case do args[#args + 1] = case[i] end
  return args
end

for _, case in ipairs(CASES) do
  local label = table.concat(case, " ")
  t.test(label .. ": the records of --auto games are pinned", function()
    local tmp = run.tmpdir()
    for _, seed in ipairs(SEEDS) do
      local file = tmp .. "/game.rec"
      local code, _, err = run.talon(args_of(case, "play", "--auto", "--record", file,
        "--seed", tostring(seed)))
      t.eq(code, 0, err)
      check(name_of(case, "rec", seed), slurp(file) or "")
    end
    run.rmdir(tmp)
  end)
  t.test(label .. ": the record of a quiet playout is pinned", function()
    local players = case[2] == "--players" and case[3] or nil
    for _, seed in ipairs(SEEDS) do
      local code, out, err = run.talon { "run", root .. "/tests/lua/cli/playout_record.lua",
        case[1], tostring(seed), players }
      t.eq(code, 0, err)
      check(name_of(case, "playout", seed), out)
    end
  end)
  t.test(label .. ": the --json summary of random matches is pinned", function()
    local seed = SEEDS[1]
    local code, out, err = run.talon(args_of(case, "sim", "--games", tostring(case.games or 50),
      "--bots", "random", "--json", "--seed", tostring(seed)))
    t.eq(code, 0, err)
    check(name_of(case, "sim", seed), out)
  end)
end
