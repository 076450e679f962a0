/*
 * rng.c - xoshiro256** seeded with splitmix64.
 *
 * xoshiro256** (Blackman and Vigna, "Scrambled linear pseudorandom number
 * generators", 2018): 256 bits of state, period 2^256 - 1, and only 64-bit
 * unsigned shifts, rotations, multiplications and xors, so the sequence is
 * identical on every platform. The seed is expanded by four steps of
 * splitmix64, which never yields the all-zero state. Bounded integers use
 * Lemire's nearly-divisionless method with rejection, exactly uniform.
 */
#include "rng.h"

static uint64_t rotl(uint64_t x, int k) {
  return (x << k) | (x >> (64 - k));
}

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9E3779B97F4A7C15u);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
  return z ^ (z >> 31);
}

void tv_rng_seed(tv_rng *r, uint64_t seed) {
  for (int i = 0; i < 4; i++)
    r->s[i] = splitmix64(&seed);
}

uint64_t tv_rng_next(tv_rng *r) {
  uint64_t *s = r->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

__extension__ typedef unsigned __int128 u128;

/* 64x64 -> 128-bit product, high and low halves. */
static uint64_t mul_hi_lo(uint64_t a, uint64_t b, uint64_t *lo) {
  u128 p = (u128)a * b;
  *lo = (uint64_t)p;
  return (uint64_t)(p >> 64);
}

uint64_t tv_rng_below(tv_rng *r, uint64_t n) {
  uint64_t lo, hi = mul_hi_lo(tv_rng_next(r), n, &lo);
  if (lo < n) {
    uint64_t threshold = (0 - n) % n;
    while (lo < threshold)
      hi = mul_hi_lo(tv_rng_next(r), n, &lo);
  }
  return hi;
}

void tv_rng_shuffle(tv_rng *r, uint8_t *a, size_t n) {
  for (size_t i = n; i > 1; i--) {
    size_t j = (size_t)tv_rng_below(r, i);
    uint8_t t = a[i - 1];
    a[i - 1] = a[j];
    a[j] = t;
  }
}
