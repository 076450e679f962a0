-- talon.host.estimate: figures and 95 % intervals from the integer sums of
-- talon.host.stats.
--
-- The unit of a simulation is the match: matches are independent (each
-- has its own seed), the hands of one match are not (the same Hakem, the
-- same accounts). So every estimate is a ratio over matches, R = Σx / Σn,
-- with the variance of a ratio estimator over independent clusters,
--   Var(R) ≈ Σ (x_m - R n_m)² / (M (M - 1) n̄²),   n̄ = Σn / M,
-- which for a statistic of the match (n_m = 1) is the usual s² / M.
--   * a proportion (a count) gets a Wilson interval, its sample size the
--     effective one, p(1-p) / Var(R), where hands in matches cluster;
--   * a mean (a value) gets the normal interval R ± 1.96 √Var(R);
--   * a difference of two sides played on the same seeds (talon compare)
--     gets the normal interval of the paired difference, from the
--     per-match linearisation of both ratios: sharing the deals makes it
--     much narrower than the two intervals side by side suggest.
-- All of this is arithmetic on the same integers in the same order, so
-- the same sums print the same figures, whichever way they were merged.
local estimate = {}

estimate.Z = 1.959963984540054 -- the 97.5 % point of the normal law

local Z = estimate.Z
local sqrt = math.sqrt

-- Σ (x_m - R n_m)² from the sums, never below 0 (rounding).
local function spread(acc, r)
  local s = acc.xx - 2 * r * acc.xn + r * r * acc.nn
  return s > 0 and s or 0
end

-- R and the variance of R over 'm' matches; the variance is nil when it
-- cannot be told (fewer than 2 matches, an overflow), R nil too when
-- nothing was observed or the sums themselves overflowed.
function estimate.ratio(acc, m)
  if acc.n == 0 or acc.lost then return nil, nil end
  local r = acc.x / acc.n
  if m < 2 or acc.over then return r, nil end
  return r, spread(acc, r) * m / ((m - 1) * acc.n * acc.n)
end

-- The Wilson interval of proportion p over an effective sample size k.
function estimate.wilson(p, k)
  if k <= 0 then return 0, 1 end
  local z2 = Z * Z
  local d = 1 + z2 / k
  local centre = (p + z2 / (2 * k)) / d
  local half = Z * sqrt(p * (1 - p) / k + z2 / (4 * k * k)) / d
  local lo, hi = centre - half, centre + half
  return lo > 0 and lo or 0, hi < 1 and hi or 1
end

-- A count's proportion and its interval: p, lo, hi (nil, nil, nil when
-- nothing was observed; lo and hi nil when no interval can be told).
-- 'per' is the statistic's unit: per match the sample size is the number
-- of matches; per hand the effective one.
function estimate.proportion(acc, m, per)
  local p, var = estimate.ratio(acc, m)
  if p == nil then return nil end
  -- per match the sample size is known without a variance; per hand the
  -- effective one needs it
  if per == "match" and not acc.over then return p, estimate.wilson(p, acc.n) end
  if var == nil then return p, nil, nil end
  local k = acc.n
  local pq = p * (1 - p)
  if per == "hand" and var > 0 and pq > 0 then
    local eff = pq / var
    if eff < k then k = eff end
  end
  return p, estimate.wilson(p, k)
end

-- A value's mean and the half-width of its interval (nil when unknown).
function estimate.mean(acc, m)
  local r, var = estimate.ratio(acc, m)
  if r == nil then return nil end
  return r, var and Z * sqrt(var) or nil
end

-- The difference B - A of one statistic simulated on the same seeds in
-- 'm' matches (both sides' accumulators and their pair), and the half
-- width of its interval: d, half (half nil when unknown, d nil when a
-- side observed nothing).
function estimate.difference(a, b, pair, m)
  if a.n == 0 or b.n == 0 or a.lost or b.lost then return nil end
  local ra, rb = a.x / a.n, b.x / b.n
  local d = rb - ra
  if m < 2 or a.over or b.over or pair.over then return d, nil end
  -- the same observations in every match (a game against itself): the
  -- integers say so exactly, where the floats below would leave dust
  if a.n == b.n and a.x == b.x and pair.xx == a.xx and pair.xx == b.xx and pair.nn == a.nn
      and pair.nn == b.nn and pair.xn == a.xn and pair.nx == b.xn then
    return d, 0
  end
  local na, nb = a.n / m, b.n / m
  local saa, sbb = spread(a, ra) / (na * na), spread(b, rb) / (nb * nb)
  local sab = (pair.xx - rb * pair.xn - ra * pair.nx + ra * rb * pair.nn) / (na * nb)
  local s = sbb + saa - 2 * sab
  if s < 1e-12 * (saa + sbb) then s = 0 end -- rounding, not spread
  return d, Z * sqrt(s / (m * (m - 1)))
end

-- The q-quantile (0 < q <= 1) of a histogram of observations: the bucket
-- (talon.host.stats) in which the ceil(q * count)-th observation lies.
function estimate.quantile(hist, q)
  local keys, total = {}, 0
  for k, c in pairs(hist) do
    keys[#keys + 1] = k
    total = total + c
  end
  if total == 0 then return nil end
  table.sort(keys)
  local want = math.max(1, math.ceil(q * total))
  local seen = 0
  for _, k in ipairs(keys) do
    seen = seen + hist[k]
    if seen >= want then return k end
  end
  return keys[#keys]
end

return estimate
