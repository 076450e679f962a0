/*
 * bench_hokm.c - a minimal hand-written C playout of one four-player hand
 * of a follow-suit trick game with trump (the Hokm shape: 52 cards, 13
 * each, play stops when a side has 7 tricks), uniform random legal play.
 *
 * It is the yardstick for bench/sim.lua, which plays the same hands
 * through the Lua framework and games/hokm.lua; this file knows nothing of
 * the game beyond the card mechanics and lives in bench/, not vm/.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "pile.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A random card of suit 'led' from h if it holds one, else any card. */
static tv_card pick(const tv_deck *d, const tv_hand *h, int led, tv_rng *r) {
  if (led >= 0) {
    int n = tv_hand_suit_count(d, h, led);
    if (n) {
      int k = (int)tv_rng_below(r, (uint64_t)n);
      for (int rk = 0; rk < d->nranks; rk++) {
        tv_card c = tv_kind(d, led, rk);
        if (k < h->n[c])
          return c;
        k -= h->n[c];
      }
    }
  }
  return tv_hand_nth(h, (int)tv_rng_below(r, h->size));
}

/* Plays one hand; returns the winning side (0 or 1). */
static int playout(const tv_deck *d, tv_rng *r) {
  tv_pile p;
  tv_hand hands[4];
  tv_hand *hp[4] = {&hands[0], &hands[1], &hands[2], &hands[3]};
  int pattern[3] = {5, 4, 4};
  tv_pile_from_deck(&p, d);
  tv_pile_shuffle(&p, r);
  for (int s = 0; s < 4; s++)
    tv_hand_clear(&hands[s]);
  tv_pile_deal(&p, hp, 4, pattern, 3, NULL);
  int trump = (int)tv_rng_below(r, 4), leader = 0, won[2] = {0, 0};
  while (won[0] < 7 && won[1] < 7) {
    int led = -1, best_seat = leader;
    tv_card best = TV_NO_CARD;
    for (int i = 0; i < 4; i++) {
      int s = (leader + i) % 4;
      tv_card c = pick(d, &hands[s], led, r);
      tv_hand_remove(&hands[s], c, 1);
      int cs = tv_suit(d, c);
      if (i == 0) {
        led = cs;
        best = c;
      } else if ((cs == tv_suit(d, best) && c < best) ||
                 (cs == trump && tv_suit(d, best) != trump)) {
        best = c;
        best_seat = s;
      }
    }
    won[best_seat % 2]++;
    leader = best_seat;
  }
  return won[0] >= 7 ? 0 : 1;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000;
  tv_deck d;
  tv_err e;
  tv_deck_init(&d, "S H D C", "A K Q J T 9 8 7 6 5 4 3 2", &e);
  tv_rng r;
  tv_rng_seed(&r, 1);
  int wins[2] = {0, 0};
  double t0 = now();
  for (long i = 0; i < n; i++)
    wins[playout(&d, &r)]++;
  double dt = now() - t0;
  printf("bench_hokm (C): %ld hands, %.0f playouts/s, %.0f ns per hand "
         "(side 1 won %d)\n",
         n, n / dt, dt / n * 1e9, wins[0]);
  return 0;
}
