-- talon.cli.merge: combines the JSON summaries of slices of one run
-- (`talon sim … --shard i/N`, on one host or many) into the summary the
-- whole run prints (`talon merge FILES... [--json]`).
--
-- A file holds one summary per line (a summary is one line of JSON), so
-- the output of many shards collected into one file (GNU parallel's)
-- merges as it is. The files are data from anywhere: each line is decoded
-- strictly and every field checked (talon.cli.summary.from) before
-- anything is added; slices of different runs, or two slices sharing
-- matches, are refused with a sentence. Merged with --json, the result
-- merges again.
local options = require "talon.cli.options"
local json = require "talon.cli.json"
local summary = require "talon.cli.summary"
local report = require "talon.cli.report"

local merge = {}

-- A summary file over this size is not one (a summary is kilobytes).
local MAX_BYTES = 64 * 1024 * 1024

-- The summaries of file 'path', in order.
local function read(path)
  local f, err = io.open(path, "rb")
  if not f then options.fail("%s", err) end
  local text = f:read(MAX_BYTES + 1) or ""
  f:close()
  if #text > MAX_BYTES then options.fail("%s: larger than a summary file can be", path) end
  local list, n = {}, 0
  for line in text:gmatch("[^\n]+") do
    n = n + 1
    if line:find("%S") then
      local where = n > 1 and ("%s line %d"):format(path, n) or path
      local d, why = json.decode(line)
      if not d then options.fail("%s: not JSON (%s)", where, why) end
      local ok, s = pcall(summary.from, d)
      if not ok then options.fail("%s: %s", where, tostring(s)) end
      list[#list + 1] = { s = s, where = where }
    end
  end
  if #list == 0 then options.fail("%s: no summary in it", path) end
  return list
end

function merge.run(args)
  local p = options.parse(args, { json = "switch" })
  if #p.positional == 0 then options.usage_error("which files? (talon merge FILES...)") end
  if p.flags.players or p.flags.seed or next(p.raw_opts) then
    options.usage_error("merge takes files and --json only")
  end
  local merged
  for _, path in ipairs(p.positional) do
    for _, e in ipairs(read(path)) do
      if merged then
        local ok, err = pcall(summary.merge, merged, e.s)
        if not ok then options.fail("%s: %s", e.where, tostring(err)) end
      else
        merged = e.s
      end
    end
  end
  if merged.planned < merged.run.games then
    io.stderr:write(("talon merge: the shards cover %d of the %d matches (%s)\n"):format(
      merged.planned, merged.run.games, report.shards(merged.shards)))
  end
  local compare = merged.run.command == "compare"
  if p.flags.json then
    local extra = compare and require("talon.cli.compare").extra or require("talon.cli.sim").extra
    io.write(json.encode(summary.data(merged, extra(merged))), "\n")
  else
    print(compare and report.compare(merged) or report.sim(merged))
  end
  return merged.interrupted and 130 or 0
end

return merge
