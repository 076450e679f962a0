/*
 * bench_hokm.c - a minimal hand-written C playout of one four-player
 * Hokm hand with uniform random legal play (RULES.md §2): shuffle, 5 cards
 * to the Hakem, a random trump, the rest dealt to 13 each, tricks with
 * follow-suit (HOK-R3) and the trick winner (HOK-R4) until a side has 7
 * (or all 13 with the argument "all", Hokm K2), then the score (HOK-R10:
 * 1 point, Kot 2, Hakem Koti 3).
 *
 * It is the yardstick for bench/sim.lua, which plays the same hands
 * through the Lua framework and games/hokm.lua; it uses only talon_core
 * (deck, pile, hand, rng) and lives in bench/, not vm/.
 *
 *   bench_hokm [N] [all]    prints playouts per second
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pile.h"
#include "cputime.h"

/* A uniformly random legal card: one of suit 'led' if h holds any
 * (HOK-R3), else any card. */
static tv_card pick(const tv_deck *d, const tv_hand *h, int led, tv_rng *r) {
  if (led >= 0) {
    int n = tv_hand_suit_count(d, h, led);
    if (n) {
      int k = (int)tv_rng_below(r, (uint64_t)n);
      for (int rk = 0; rk < d->nranks; rk++) {
        tv_card c = tv_kind(d, led, rk);
        if (k < h->n[c]) return c;
        k -= h->n[c];
      }
    }
  }
  return tv_hand_nth(h, (int)tv_rng_below(r, h->size));
}

/* Does c beat the best card so far (HOK-R4)? Rank 0 is the highest. */
static int beats(const tv_deck *d, tv_card c, tv_card best, int trump) {
  int cs = tv_suit(d, c), bs = tv_suit(d, best);
  if (cs == bs) return tv_rank(d, c) < tv_rank(d, best);
  return cs == trump;
}

/* Plays one trick led by 'leader'; returns the winning seat. */
static int trick(const tv_deck *d, tv_hand *hands, int leader, int trump,
                 tv_rng *r) {
  int led = -1, best_seat = leader;
  tv_card best = TV_NO_CARD;
  for (int i = 0; i < 4; i++) {
    int s = (leader + i) % 4;
    tv_card c = pick(d, &hands[s], led, r);
    tv_hand_remove(&hands[s], c, 1);
    if (i == 0) {
      led = tv_suit(d, c);
      best = c;
    } else if (beats(d, c, best, trump)) {
      best = c;
      best_seat = s;
    }
  }
  return best_seat;
}

/* Deals the Hakem (seat 0) 5 cards, names a trump, deals the rest. */
static int deal(const tv_deck *d, tv_hand *hands, tv_rng *r) {
  tv_pile p;
  tv_hand *hp[4] = {&hands[0], &hands[1], &hands[2], &hands[3]};
  const int first[1] = {5}, rest[2] = {4, 4};
  tv_pile_from_deck(&p, d);
  tv_pile_shuffle(&p, r);
  for (int s = 0; s < 4; s++)
    tv_hand_clear(&hands[s]);
  tv_pile_deal(&p, hp, 1, first, 1, NULL);
  int trump = (int)tv_rng_below(r, 4);
  tv_pile_deal(&p, hp + 1, 3, first, 1, NULL);
  tv_pile_deal(&p, hp, 4, rest, 2, NULL);
  return trump;
}

/* Plays one hand; returns the points of side 0 (the Hakem's) minus
 * those of side 1. */
static int playout(const tv_deck *d, tv_rng *r, int all) {
  tv_hand hands[4];
  int trump = deal(d, hands, r);
  int leader = 0, won[2] = {0, 0};
  for (int t = 0; t < 13; t++) {
    leader = trick(d, hands, leader, trump, r);
    won[leader % 2]++;
    if (!all && (won[0] == 7 || won[1] == 7)) break;
  }
  int side = won[0] >= 7 ? 0 : 1, other = 1 - side;
  int points = won[other] ? 1 : (side == 0 ? 2 : 3);
  return side == 0 ? points : -points;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000;
  int all = argc > 2 && !strcmp(argv[2], "all");
  if (n < 1) n = 1;
  tv_deck d;
  tv_err e;
  if (tv_deck_init(&d, "S H D C", "A K Q J T 9 8 7 6 5 4 3 2", &e) != TV_OK) {
    fprintf(stderr, "bench_hokm: %s\n", e.msg);
    return 1;
  }
  tv_rng r;
  tv_rng_seed(&r, 1);
  long net = 0;
  double t0 = bench_cputime();
  for (long i = 0; i < n; i++)
    net += playout(&d, &r, all);
  double dt = bench_cputime() - t0;
  printf("bench_hokm (C, %s): %ld hands, %.0f playouts/s, %.0f ns per hand "
         "(Hakem's side net %+ld points)\n",
         all ? "all 13 tricks" : "to 7 tricks", n, (double)n / dt,
         dt / (double)n * 1e9, net);
  return 0;
}
