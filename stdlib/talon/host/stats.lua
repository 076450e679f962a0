-- talon.host.stats: streaming summaries of simulations that merge exactly.
--
-- Workload: millions of matches, one process or many (talon sim --jobs,
-- --shard, talon merge), and the same printed figures whichever way they
-- were split. So a summary holds only integer sums and counts: integer
-- addition is exact and does not depend on order, and the memory is the
-- same after ten matches and after a million.
--
-- Every statistic is observed per match: x, its total in the match (a
-- count of events, or a sum of values), and n, the observations in it (1
-- for a statistic of the match, the hands played for one of the hand;
-- 0 when it was not measured). An accumulator keeps, over the matches,
--   n, x            sums of n and x (the estimate is x / n)
--   xx, nn, xn      sums of x*x, n*n and x*n (its variance; hands of one
--                   match are not independent, so the match is the unit)
--   lo, hi, hist    smallest and largest observation, and a histogram of
--                   the observations of a value (talon.host.estimate reads
--                   quantiles from it): exact below BUCKET_EXACT, in 64
--                   buckets per power of two above, so it stays small
--   over, lost      a sum of squares or products (over: no interval), or
--                   of n or x themselves (lost: no figure at all) passed
--                   the 64-bit integers
-- and two sides simulated on the same seeds (talon compare) also keep,
-- per statistic, the cross sums of a pair: Σ xa*xb, xa*nb, na*xb, na*nb.
local stats = {}

stats.BUCKET_EXACT = 1024
local EXACT = stats.BUCKET_EXACT

-- {================================================== histograms

-- The bucket of observation v: v itself below EXACT in size, else v's
-- size rounded down to 1/64 of its power of two, with v's sign.
function stats.bucket(v)
  local a = v < 0 and -v or v
  if a < EXACT then return v end
  local e = 10
  while e < 62 and a >= (1 << (e + 1)) do e = e + 1 end
  local width = 1 << (e - 6)
  a = a - a % width
  return v < 0 and -a or a
end

-- The observations bucket 'key' stands for, smallest and largest size.
function stats.bucket_range(key)
  local a = key < 0 and -key or key
  if a < EXACT then return key, key end
  local e = 10
  while e < 62 and a >= (1 << (e + 1)) do e = e + 1 end
  local last = a + (1 << (e - 6)) - 1
  if key < 0 then return -last, key end
  return key, last
end

-- }==================================================

-- {================================================== accumulators

-- Adds b to a and says whether the sum stayed a 64-bit integer.
local function add(a, b)
  local r = a + b
  return r, (b >= 0) == (r >= a)
end

local SQUARE_MAX = 3037000499 -- the largest integer whose square fits

function stats.new_acc(kind)
  return { n = 0, x = 0, xx = 0, nn = 0, xn = 0, lo = nil, hi = nil,
           hist = kind == "value" and {} or nil, over = false, lost = false }
end

-- One match: x in total over n observations. (The path of every match:
-- the overflow checks are written out.)
function stats.add(acc, x, n)
  local n0, x0 = acc.n, acc.x
  local n1, x1 = n0 + n, x0 + x
  acc.n, acc.x = n1, x1
  if n1 < n0 or (x >= 0) ~= (x1 >= x0) then acc.lost = true end
  if x > SQUARE_MAX or x < -SQUARE_MAX or n > SQUARE_MAX then
    acc.over = true
    return
  end
  local xx0, nn0, xn0, xn = acc.xx, acc.nn, acc.xn, x * n
  local xx1, nn1, xn1 = xx0 + x * x, nn0 + n * n, xn0 + xn
  acc.xx, acc.nn, acc.xn = xx1, nn1, xn1
  if xx1 < xx0 or nn1 < nn0 or (xn >= 0) ~= (xn1 >= xn0) then acc.over = true end
end

-- One observation of a value (its histogram, smallest and largest).
function stats.observe(acc, v)
  local h = acc.hist
  local k = v
  if v >= EXACT or v <= -EXACT then k = stats.bucket(v) end
  h[k] = (h[k] or 0) + 1
  if acc.lo == nil or v < acc.lo then acc.lo = v end
  if acc.hi == nil or v > acc.hi then acc.hi = v end
end

function stats.new_pair()
  return { xx = 0, xn = 0, nx = 0, nn = 0, over = false }
end

-- One match of both sides of a comparison.
function stats.add_pair(p, xa, na, xb, nb)
  if xa > SQUARE_MAX or xa < -SQUARE_MAX or xb > SQUARE_MAX or xb < -SQUARE_MAX
      or na > SQUARE_MAX or nb > SQUARE_MAX then
    p.over = true
    return
  end
  local ok1, ok2, ok3, ok4
  p.xx, ok1 = add(p.xx, xa * xb)
  p.xn, ok2 = add(p.xn, xa * nb)
  p.nx, ok3 = add(p.nx, na * xb)
  p.nn, ok4 = add(p.nn, na * nb)
  if not (ok1 and ok2 and ok3 and ok4) then p.over = true end
end

local function merge_sums(a, b, keys)
  local all = true
  for _, k in ipairs(keys) do
    local ok
    a[k], ok = add(a[k], b[k])
    all = all and ok
  end
  a.over = a.over or b.over or not all
end

local function merge_first(a, b)
  local ok1, ok2
  a.n, ok1 = add(a.n, b.n)
  a.x, ok2 = add(a.x, b.x)
  a.lost = a.lost or b.lost or not (ok1 and ok2)
end

local ACC_SUMS = { "n", "x", "xx", "nn", "xn" }
local SECOND = { "xx", "nn", "xn" }
local PAIR_SUMS = { "xx", "xn", "nx", "nn" }

-- Adds accumulator b into a (the same statistic of another slice).
function stats.merge_acc(a, b)
  merge_first(a, b)
  merge_sums(a, b, SECOND)
  if b.lo ~= nil and (a.lo == nil or b.lo < a.lo) then a.lo = b.lo end
  if b.hi ~= nil and (a.hi == nil or b.hi > a.hi) then a.hi = b.hi end
  if a.hist and b.hist then
    for k, c in pairs(b.hist) do a.hist[k] = (a.hist[k] or 0) + c end
  end
end

function stats.merge_pair(a, b)
  merge_sums(a, b, PAIR_SUMS)
end

-- }==================================================

-- {================================================== as plain data

-- An accumulator as JSON-ready data: the histogram as a list of
-- {bucket, count} in order of the bucket.
function stats.acc_data(acc)
  local d = { n = acc.n, x = acc.x, xx = acc.xx, nn = acc.nn, xn = acc.xn, lo = acc.lo,
              hi = acc.hi, over = acc.over, lost = acc.lost }
  if acc.hist then
    local keys = {}
    for k in pairs(acc.hist) do keys[#keys + 1] = k end
    table.sort(keys)
    local list = {}
    for i, k in ipairs(keys) do list[i] = { k, acc.hist[k] } end
    d.hist = list
  end
  return d
end

local function int(v, what)
  if math.type(v) ~= "integer" then error(("%s must be an integer"):format(what), 0) end
  return v
end

-- The accumulator that acc_data(acc) described (data read from a file:
-- every field checked; errors are sentences naming the field).
function stats.acc_from(d, kind, what)
  if type(d) ~= "table" then error(what .. " must be an object", 0) end
  local acc = stats.new_acc(kind)
  for _, k in ipairs(ACC_SUMS) do acc[k] = int(d[k], what .. "." .. k) end
  acc.over, acc.lost = d.over == true, d.lost == true
  if d.lo ~= nil then acc.lo = int(d.lo, what .. ".lo") end
  if d.hi ~= nil then acc.hi = int(d.hi, what .. ".hi") end
  if kind == "value" then
    if type(d.hist) ~= "table" then error(what .. ".hist must be a list", 0) end
    for i, e in ipairs(d.hist) do
      local where = ("%s.hist[%d]"):format(what, i)
      if type(e) ~= "table" then error(where .. " must be a pair", 0) end
      local k, c = int(e[1], where .. "[1]"), int(e[2], where .. "[2]")
      if stats.bucket(k) ~= k or c < 1 then error(where .. " is not a bucket and a count", 0) end
      acc.hist[k] = (acc.hist[k] or 0) + c
    end
  end
  return acc
end

function stats.pair_data(p)
  return { xx = p.xx, xn = p.xn, nx = p.nx, nn = p.nn, over = p.over }
end

function stats.pair_from(d, what)
  if type(d) ~= "table" then error(what .. " must be an object", 0) end
  local p = stats.new_pair()
  for _, k in ipairs(PAIR_SUMS) do p[k] = int(d[k], what .. "." .. k) end
  p.over = d.over == true
  return p
end

-- }==================================================

return stats
