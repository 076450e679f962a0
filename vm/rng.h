/*
 * rng.h - the seeded random generator every shuffle and bot uses.
 *
 * Algorithm: xoshiro256** (Blackman and Vigna, 2018), its 256-bit state
 * filled from the 64-bit seed by splitmix64. Both use only 64-bit unsigned
 * arithmetic, so the sequence for a seed is the same on every platform and
 * compiler. Bounded integers use Lemire's multiply-and-reject method and
 * are exactly uniform. The state is four words that can be saved and
 * restored for replays.
 */
#ifndef TALON_RNG_H
#define TALON_RNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct tv_rng {
  uint64_t s[4];
} tv_rng;

/* Seeds the generator; every seed (0 included) gives a valid state. */
void tv_rng_seed(tv_rng *r, uint64_t seed);

/* Next 64 random bits. */
uint64_t tv_rng_next(tv_rng *r);

/* Uniform integer in [0, n); n must be > 0. */
uint64_t tv_rng_below(tv_rng *r, uint64_t n);

/* Uniform Fisher-Yates shuffle of n bytes. */
void tv_rng_shuffle(tv_rng *r, uint8_t *a, size_t n);

#endif
