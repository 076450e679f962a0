-- The statistics framework (talon.host.stats, talon.host.estimate): sums
-- that merge exactly whatever the split, histograms that stay small,
-- overflow flagged rather than wrapped silently, and intervals checked
-- against the same formulas written out over explicit data.
local t = require "talon.host.testing"
local talon = require "talon"
local stats = require "talon.host.stats"
local estimate = require "talon.host.estimate"

-- 'm' matches of made-up observations: per match a list of values.
local function matches(seed, m, lo, hi, hands)
  local rng, out = talon.rng(seed), {}
  for i = 1, m do
    local list = {}
    for h = 1, rng:int(0, hands) do list[h] = rng:int(lo, hi) end
    out[i] = list
  end
  return out
end

local function fold(acc, list)
  local sum = 0
  for _, v in ipairs(list) do
    sum = sum + v
    stats.observe(acc, v)
  end
  stats.add(acc, sum, #list)
end

local function same(a, b)
  local da, db = stats.acc_data(a), stats.acc_data(b)
  for k, v in pairs(da) do
    if k == "hist" then
      t.eq(#v, #db.hist, "histogram size")
      for i, e in ipairs(v) do
        t.eq(e[1], db.hist[i][1], "bucket " .. i)
        t.eq(e[2], db.hist[i][2], "count " .. i)
      end
    else
      t.eq(v, db[k], k)
    end
  end
end

t.test("accumulators merge exactly, in any split and order", function()
  local data = matches(1, 600, -3000, 5000, 12)
  local whole = stats.new_acc("value")
  for _, list in ipairs(data) do fold(whole, list) end
  local parts = { stats.new_acc("value"), stats.new_acc("value"), stats.new_acc("value") }
  for i, list in ipairs(data) do fold(parts[i % 3 + 1], list) end
  local merged = stats.new_acc("value")
  for _, k in ipairs { 3, 1, 2 } do stats.merge_acc(merged, parts[k]) end
  same(whole, merged)
  -- and back from plain data, as talon merge reads a file
  same(whole, stats.acc_from(stats.acc_data(whole), "value", "acc"))
  t.eq(estimate.quantile(whole.hist, 1), stats.bucket(whole.hi), "the largest bucket")
end)

t.test("histograms: exact below 1024, 64 buckets per power of two above", function()
  t.eq(stats.bucket(1023), 1023)
  t.eq(stats.bucket(-1023), -1023)
  t.eq(stats.bucket(1024 + 15), 1024, "width 16 from 1024")
  t.eq(stats.bucket(2048 + 40), 2048 + 32, "width 32 from 2048")
  t.eq(stats.bucket(-(2048 + 40)), -(2048 + 32))
  local rng = talon.rng(2)
  for _ = 1, 2000 do
    local v = rng:int(-(1 << 40), 1 << 40)
    local lo, hi = stats.bucket_range(stats.bucket(v))
    t.ok(lo <= v and v <= hi, ("%d in its bucket %d..%d"):format(v, lo, hi))
    t.ok(hi - lo <= math.abs(v) // 32, "a bucket is within 1/32 of its values")
  end
  local acc = stats.new_acc("value")
  for _, list in ipairs(matches(3, 2000, -1000000, 1000000, 20)) do fold(acc, list) end
  local n = 0
  for _ in pairs(acc.hist) do n = n + 1 end
  t.ok(n < 3000, "20,000 values spread over two million fit in a few buckets: " .. n)
  t.checkerror("not a bucket", stats.acc_from, { n = 1, x = 1, xx = 1, nn = 1, xn = 1,
    hist = { { 1025, 1 } } }, "value", "acc")
end)

t.test("overflow is flagged, never wrapped silently", function()
  local acc = stats.new_acc("value")
  stats.add(acc, 3037000499, 1)
  t.eq(acc.over, false, "the largest square fits")
  stats.add(acc, 3037000500, 1)
  t.eq(acc.over, true, "its successor's does not: no interval")
  t.eq(acc.lost, false, "the sums themselves are right")
  t.eq(estimate.mean(acc, 2), (3037000499 + 3037000500) / 2, "a mean without an interval")
  stats.add(acc, math.maxinteger, 1)
  t.eq(acc.lost, true, "x wrapped: no figure at all")
  t.eq(estimate.mean(acc, 3), nil)
  local b = stats.new_acc("value")
  stats.merge_acc(b, acc)
  t.ok(b.over and b.lost, "flags survive a merge")
end)

-- The ratio estimator's variance written out: Σ (x_m - R n_m)² / (M (M-1) n̄²).
local function brute(data)
  local m, sx, sn = #data, 0, 0
  for _, list in ipairs(data) do
    for _, v in ipairs(list) do sx = sx + v end
    sn = sn + #list
  end
  local r, ss = sx / sn, 0
  for _, list in ipairs(data) do
    local x = 0
    for _, v in ipairs(list) do x = x + v end
    ss = ss + (x - r * #list) ^ 2
  end
  local nbar = sn / m
  return r, ss / (m * (m - 1) * nbar * nbar)
end

t.test("means and proportions: the cluster formulas from the sums", function()
  local data = matches(4, 300, 0, 26, 15)
  local acc = stats.new_acc("value")
  for _, list in ipairs(data) do fold(acc, list) end
  local r, var = brute(data)
  local mean, half = estimate.mean(acc, #data)
  t.near(mean, r, 1e-12, "mean")
  t.near(half, estimate.Z * math.sqrt(var), 1e-9, "half-width")
  -- Wilson (1927), checked by hand: 50 of 100 gives 0.4038 to 0.5962
  local lo, hi = estimate.wilson(0.5, 100)
  t.near(lo, 0.40383, 1e-4)
  t.near(hi, 0.59617, 1e-4)
  -- a count per match: Wilson over the matches
  local wins = stats.new_acc("count")
  for i = 1, 100 do stats.add(wins, i % 2, 1) end
  local p, plo, phi = estimate.proportion(wins, 100, "match")
  t.eq(p, 0.5)
  t.near(plo, 0.40383, 1e-4)
  t.near(phi, 0.59617, 1e-4)
  -- per hand, hands of a match that always agree count as one
  local kot = stats.new_acc("count")
  for i = 1, 100 do stats.add(kot, (i % 2) * 10, 10) end
  local _, klo = estimate.proportion(kot, 100, "hand")
  t.near(klo, 0.40383, 1e-3, "ten agreeing hands weigh as one match")
  t.eq(estimate.mean(stats.new_acc("value"), 0), nil, "nothing observed")
end)

t.test("paired differences: the variance of the per-match differences", function()
  local rng = talon.rng(5)
  local a, b, pair, d = stats.new_acc("value"), stats.new_acc("value"), stats.new_pair(), {}
  local m = 400
  for i = 1, m do
    local shared = rng:int(0, 20) -- the deal both sides share
    local xa, xb = shared + rng:int(0, 3), shared + rng:int(0, 4)
    stats.add(a, xa, 1)
    stats.add(b, xb, 1)
    stats.add_pair(pair, xa, 1, xb, 1)
    d[i] = xb - xa
  end
  local mean, ss = 0, 0
  for _, v in ipairs(d) do mean = mean + v / m end
  for _, v in ipairs(d) do ss = ss + (v - mean) ^ 2 end
  local diff, half = estimate.difference(a, b, pair, m)
  t.near(diff, mean, 1e-12, "difference of the means")
  t.near(half, estimate.Z * math.sqrt(ss / (m - 1) / m), 1e-9, "paired half-width")
  local _, ha = estimate.mean(a, m)
  t.ok(half < ha, "sharing the deals makes the difference sharper than either side")
  local same_d, same_h = estimate.difference(a, a, (function()
    local p = stats.new_pair()
    p.xx, p.xn, p.nx, p.nn = a.xx, a.xn, a.xn, a.nn
    return p
  end)(), m)
  t.eq(same_d, 0, "a side against itself")
  t.near(same_h, 0, 1e-6, "with no spread")
end)
