/*
 * bench_euchre.c - a minimal hand-written C playout of one hand of Euchre
 * with OpenSpiel's default rules (tests/parity/README.md) and uniform
 * random play: a random dealer; shuffle, five cards each and the up-card;
 * bidding (round one: pass or order up the up-card's suit; round two: pass
 * or another suit; the dealer stuck at the end); the dealer takes the
 * up-card and discards another card; alone or with the partner; five
 * tricks under the bowers (the jack of trump, then the jack of the same
 * colour, above the trump suit; the left bower follows trumps), the first
 * player in play left of the dealer leading; the makers' score.
 *
 * It is the yardstick for random Euchre hands through the Lua framework
 * and games/euchre.lua (bench/rate.lua), as bench_hearts is for Hearts: it
 * uses only talon_core (deck, pile, hand, rng) and lives in bench/, not
 * vm/. Every random choice is drawn uniformly from the legal ones, as in
 * OpenSpiel's random hands.
 *
 *   bench_euchre [N]    prints hands per second
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pile.h"
#include "cputime.h"

/* The deck is "S H D C" x "A K Q J T 9": suit and rank indexes (rank 0 is
 * the highest). */
enum { SPADES, HEARTS, DIAMONDS, CLUBS };
enum { RANK_J = 3, NRANKS = 6 };

static const int same_colour[4] = {CLUBS, DIAMONDS, HEARTS, SPADES};

typedef struct euchre {
  const tv_deck *d;
  tv_hand hands[4];
  int trump, left_bower, right_bower;
  int active[4];
} euchre;

/* The suit card c follows as: the left bower is a trump. */
static int suit_of(const euchre *g, tv_card c) {
  return c == g->left_bower ? g->trump : tv_suit(g->d, c);
}

/* Strength within its suit, higher wins: the bowers above the ranks. */
static int power(const euchre *g, tv_card c) {
  if (c == g->right_bower) return 100;
  if (c == g->left_bower) return 99;
  return NRANKS - tv_rank(g->d, c);
}

/* The legal cards of hand h when 'led' (-1 when leading) was led. */
static void legal(const euchre *g, const tv_hand *h, int led, tv_hand *out) {
  *out = *h;
  if (led < 0) return;
  tv_hand_clear(out);
  for (int k = 0; k < g->d->nkinds; k++)
    if (h->n[k] && suit_of(g, (tv_card)k) == led)
      tv_hand_add(out, (tv_card)k, 1);
  if (!out->size) *out = *h;
}

/* Plays one trick led by 'leader' among the active seats; returns the
 * winner. */
static int trick(euchre *g, int leader, tv_rng *r) {
  int led = -1, best_seat = leader;
  tv_card best = TV_NO_CARD;
  tv_hand ok;
  for (int s = leader, i = 0; i < 4; i++, s = (s + 1) % 4) {
    if (!g->active[s]) continue;
    legal(g, &g->hands[s], led, &ok);
    tv_card c = tv_hand_nth(&ok, (int)tv_rng_below(r, ok.size));
    tv_hand_remove(&g->hands[s], c, 1);
    int cs = suit_of(g, c);
    if (led < 0) {
      led = cs;
      best = c;
      continue;
    }
    int bs = suit_of(g, best);
    if ((cs == bs && power(g, c) > power(g, best)) ||
        (cs == g->trump && bs != g->trump)) {
      best = c;
      best_seat = s;
    }
  }
  return best_seat;
}

/* One random hand; returns the makers' score (0 for a hand thrown in,
 * which cannot happen when the dealer is stuck) and sets *maker. */
static int playout(const tv_deck *d, tv_rng *r, int *maker) {
  euchre g = {.d = d, .active = {1, 1, 1, 1}};
  tv_pile p;
  tv_hand *hp[4] = {&g.hands[0], &g.hands[1], &g.hands[2], &g.hands[3]};
  const int five[1] = {5};
  int dealer = (int)tv_rng_below(r, 4);
  tv_pile_from_deck(&p, d);
  tv_pile_shuffle(&p, r);
  for (int s = 0; s < 4; s++)
    tv_hand_clear(&g.hands[s]);
  tv_pile_deal(&p, hp, 4, five, 1, NULL);
  tv_card up = tv_pile_draw(&p); /* the up-card, from the top */
  int up_suit = tv_suit(d, up), passes = 0, bidder = (dealer + 1) % 4;
  g.trump = -1;
  while (g.trump < 0) { /* round one: 1 in 2; round two: 1 in 4 passes */
    if (passes < 4) {
      if (tv_rng_below(r, 2)) g.trump = up_suit;
    } else {
      int stuck = passes == 7;
      int k = (int)tv_rng_below(r, stuck ? 3 : 4) + stuck;
      if (k) g.trump = (up_suit + k) % 4; /* the other three suits */
    }
    if (g.trump < 0) {
      passes++;
      bidder = (bidder + 1) % 4;
    }
  }
  *maker = bidder;
  g.right_bower = tv_kind(d, g.trump, RANK_J);
  g.left_bower = tv_kind(d, same_colour[g.trump], RANK_J);
  if (passes < 4) { /* the dealer takes the up-card, discards another */
    tv_hand *h = &g.hands[dealer];
    tv_card c = tv_hand_nth(h, (int)tv_rng_below(r, h->size));
    tv_hand_remove(h, c, 1);
    tv_hand_add(h, up, 1);
  }
  int alone = (int)tv_rng_below(r, 2);
  if (alone) g.active[(bidder + 2) % 4] = 0;
  int leader = (dealer + 1) % 4, won = 0;
  while (!g.active[leader])
    leader = (leader + 1) % 4;
  for (int t = 0; t < 5; t++) {
    leader = trick(&g, leader, r);
    won += leader % 2 == bidder % 2;
  }
  if (won == 5) return alone ? 4 : 2;
  return won >= 3 ? 1 : -2;
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000;
  if (n < 1) n = 1;
  tv_deck d;
  tv_err e;
  if (tv_deck_init(&d, "S H D C", "A K Q J T 9", &e) != TV_OK) {
    fprintf(stderr, "bench_euchre: %s\n", e.msg);
    return 1;
  }
  tv_rng r;
  tv_rng_seed(&r, 1);
  long makers = 0, euchred = 0;
  double t0 = bench_cputime();
  for (long i = 0; i < n; i++) {
    int maker, score = playout(&d, &r, &maker);
    makers += score;
    euchred += score < 0;
  }
  double dt = bench_cputime() - t0;
  printf("bench_euchre (C, OpenSpiel's default rules): %ld hands, %.0f "
         "hands/s, %.0f ns per hand (makers average %.3f points, euchred "
         "%.1f%%)\n",
         n, (double)n / dt, dt / (double)n * 1e9, (double)makers / (double)n,
         100.0 * (double)euchred / (double)n);
  return 0;
}
