/*
 * bench_hearts.c - a minimal hand-written C playout of one hand of Hearts
 * with OpenSpiel's default rules (tests/parity/README.md) and uniform
 * random play: shuffle and deal 13 each; a pass direction (left, across,
 * right or none), random per hand as in OpenSpiel or rotating with the
 * argument "rotate"; three random cards passed; the holder of 2C leads it;
 * follow suit if able; no heart or QS on the first trick unless nothing
 * else; no heart led until hearts are broken (by a heart or QS) unless
 * nothing else; points 1 per heart and 13 for QS, and the moon (26 to
 * everyone else).
 *
 * It is the yardstick for random Hearts hands through the Lua framework and
 * games/hearts.lua (bench/rate.lua), as bench_hokm is for Hokm: it uses
 * only talon_core (deck, pile, hand, rng) and lives in bench/, not vm/.
 *
 *   bench_hearts [N] [rotate]    prints hands per second
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pile.h"
#include "cputime.h"

/* The deck is "S H D C" x "A K Q J T 9 8 7 6 5 4 3 2": suit and rank
 * indexes (rank 0 is the highest). */
enum { SPADES, HEARTS, DIAMONDS, CLUBS };
enum { RANK_Q = 2, RANK_2 = 12 };

typedef struct hearts {
  const tv_deck *d;
  tv_hand hands[4];
  tv_card qs, two_clubs;
  int broken; /* a heart or QS has been played */
  int played; /* cards played so far */
} hearts;

/* Empties the counts of suit s in h. */
static void drop_suit(const tv_deck *d, tv_hand *h, int s) {
  for (int rk = 0; rk < d->nranks; rk++) {
    tv_card c = tv_kind(d, s, rk);
    h->size -= h->n[c];
    h->n[c] = 0;
  }
}

/* out = the cards of suit s in h. */
static void only_suit(const tv_deck *d, const tv_hand *h, int s, tv_hand *out) {
  tv_hand_clear(out);
  for (int rk = 0; rk < d->nranks; rk++) {
    tv_card c = tv_kind(d, s, rk);
    out->n[c] = h->n[c];
    out->size += h->n[c];
  }
}

/* The legal cards of hand h, 'led' the suit led (-1 when leading). */
static void legal(const hearts *g, const tv_hand *h, int led, tv_hand *out) {
  const tv_deck *d = g->d;
  int first_trick = g->played < 4;
  if (led >= 0) {
    only_suit(d, h, led, out); /* follow suit if able */
    if (out->size) return;
    if (first_trick) { /* no points on the first trick */
      *out = *h;
      drop_suit(d, out, HEARTS);
      out->size -= out->n[g->qs];
      out->n[g->qs] = 0;
      if (out->size) return;
    }
    *out = *h;
    return;
  }
  if (g->played == 0) { /* 2C leads */
    tv_hand_clear(out);
    tv_hand_add(out, g->two_clubs, 1);
    return;
  }
  *out = *h;
  if (!g->broken) { /* no heart led until broken, unless nothing else */
    drop_suit(d, out, HEARTS);
    if (!out->size) *out = *h;
  }
}

/* Each seat passes three random cards to seat (s + dir) % 4. */
static void pass(hearts *g, int dir, tv_rng *r) {
  tv_hand out[4];
  for (int s = 0; s < 4; s++) {
    tv_hand_clear(&out[s]);
    for (int k = 0; k < 3; k++) {
      tv_hand *h = &g->hands[s];
      tv_card c = tv_hand_nth(h, (int)tv_rng_below(r, h->size));
      tv_hand_remove(h, c, 1);
      tv_hand_add(&out[s], c, 1);
    }
  }
  for (int s = 0; s < 4; s++) {
    tv_hand *to = &g->hands[(s + dir) % 4];
    tv_hand_union(to, to, &out[s]);
  }
}

/* Plays one trick led by 'leader'; adds its points to the winner's and
 * returns the winner. */
static int trick(hearts *g, int leader, int *points, tv_rng *r) {
  const tv_deck *d = g->d;
  int led = -1, best_seat = leader, pts = 0;
  tv_card best = TV_NO_CARD;
  tv_hand ok;
  for (int i = 0; i < 4; i++) {
    int s = (leader + i) % 4;
    legal(g, &g->hands[s], led, &ok);
    tv_card c = tv_hand_nth(&ok, (int)tv_rng_below(r, ok.size));
    tv_hand_remove(&g->hands[s], c, 1);
    g->played++;
    int cs = tv_suit(d, c);
    if (cs == HEARTS) pts += 1;
    if (c == g->qs) pts += 13;
    if (cs == HEARTS || c == g->qs) g->broken = 1;
    if (i == 0) {
      led = cs;
      best = c;
    } else if (cs == led && tv_rank(d, c) < tv_rank(d, best)) {
      best = c;
      best_seat = s;
    }
  }
  points[best_seat] += pts;
  return best_seat;
}

/* Deals, passes in direction 'dir' (0 none, 1 left, 2 across, 3 right),
 * plays the 13 tricks and scores; returns the seat that shot the moon, or
 * -1. */
static int playout(const tv_deck *d, int dir, tv_rng *r, int *points) {
  hearts g = {.d = d, .broken = 0, .played = 0};
  g.qs = tv_kind(d, SPADES, RANK_Q);
  g.two_clubs = tv_kind(d, CLUBS, RANK_2);
  tv_pile p;
  tv_hand *hp[4] = {&g.hands[0], &g.hands[1], &g.hands[2], &g.hands[3]};
  const int thirteen[1] = {13};
  tv_pile_from_deck(&p, d);
  tv_pile_shuffle(&p, r);
  for (int s = 0; s < 4; s++)
    tv_hand_clear(&g.hands[s]);
  tv_pile_deal(&p, hp, 4, thirteen, 1, NULL);
  if (dir) pass(&g, dir, r);
  int leader = 0;
  while (!g.hands[leader].n[g.two_clubs])
    leader++;
  for (int s = 0; s < 4; s++)
    points[s] = 0;
  for (int t = 0; t < 13; t++)
    leader = trick(&g, leader, points, r);
  for (int s = 0; s < 4; s++) {
    if (points[s] == 26) { /* every heart and QS: 26 to everyone else */
      for (int o = 0; o < 4; o++)
        points[o] = o == s ? 0 : 26;
      return s;
    }
  }
  return -1;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000;
  int rotate = argc > 2 && !strcmp(argv[2], "rotate");
  static const int rotation[4] = {1, 3, 2, 0}; /* left, right, across, none */
  if (n < 1) n = 1;
  tv_deck d;
  tv_err e;
  if (tv_deck_init(&d, "S H D C", "A K Q J T 9 8 7 6 5 4 3 2", &e) != TV_OK) {
    fprintf(stderr, "bench_hearts: %s\n", e.msg);
    return 1;
  }
  tv_rng r;
  tv_rng_seed(&r, 1);
  long moons = 0, seat0 = 0;
  double t0 = bench_cputime();
  for (long i = 0; i < n; i++) {
    int points[4];
    int dir = rotate ? rotation[i % 4] : (int)tv_rng_below(&r, 4);
    moons += playout(&d, dir, &r, points) >= 0;
    seat0 += points[0];
  }
  double dt = bench_cputime() - t0;
  printf("bench_hearts (C, OpenSpiel's default rules, %s pass): %ld hands, "
         "%.0f hands/s, %.0f ns per hand (moons %.2f%%, seat 1 averages "
         "%.2f points)\n",
         rotate ? "rotating" : "random", n, (double)n / dt,
         dt / (double)n * 1e9, 100.0 * (double)moons / (double)n,
         (double)seat0 / (double)n);
  return 0;
}
