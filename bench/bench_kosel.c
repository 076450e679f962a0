/*
 * bench_kosel.c - a minimal hand-written C playout of one deal of Kosel
 * for four players in two partnerships (RULES.md §3, games/kosel.lua with
 * its default options) with uniform random play: a random dealer; the 36
 * cards shuffled, four each one at a time from the dealer's left and the
 * next card turned for trump, drawn last (KOZ-R5); before each lead while
 * every hand is full, the holders of Moskwa or Molodka from the leader on
 * declare or pass, the highest declared (the first among equals) taking
 * the lead (KOZ-R6); sets of one suit led, the Schocha (6♠) wild and above
 * every trump, beaten face up card by card or followed face down (KOZ-R7
 * … R10); the hands filled from the talon from the trick's winner on
 * (KOZ-R11) until every card is played (KOZ-R12); the penalties
 * (KOZ-R13).
 *
 * It is the yardstick for random Kosel deals through the Lua framework
 * and games/kosel.lua (bench/rate.lua). The tricks go through the
 * engine's set tricks (vm/trick.h: the legal sets, a random one, the
 * winner), as the framework's do; the rest is written out here. It uses
 * only talon_core and lives in bench/, not vm/. Every random choice is
 * drawn uniformly from the legal ones.
 *
 *   bench_kosel [N]    prints hands per second
 */
#include <stdio.h>
#include <stdlib.h>
#include "pile.h"
#include "trick.h"
#include "cputime.h"

/* The deck is "S H D C" x "A T K Q J 9 8 7 6" (rank 0 the highest). */
enum { SPADES, RANK_A = 0, RANK_T = 1, RANK_6 = 8, HAND = 4 };
enum { NONE, MOLODKA, MOSKWA }; /* combinations, the higher the better */

typedef struct kosel {
  const tv_deck *d;
  tv_trick_rules rules;
  tv_trick t;
  tv_pile stock;
  tv_hand hands[4], won[4];
  int tricks[4];
  tv_card schocha;
} kosel;

/* The combination four cards form (KOZ-R6): Moskwa, four aces and tens
 * (the Schocha for a ten) with one real ace at least; Molodka, four of a
 * suit or three and the Schocha. */
static int combination(const kosel *k, const tv_hand *h) {
  if (h->size != HAND) return NONE;
  int aces = 0, tens = 0, suit = -1, one_suit = 1;
  int plain = HAND - tv_hand_count(h, k->schocha);
  for (uint64_t m = tv_hand_mask(h); m; m &= m - 1) {
    tv_card c = (tv_card)__builtin_ctzll(m);
    if (c == k->schocha) continue;
    int r = tv_rank(k->d, c), s = tv_suit(k->d, c);
    aces += r == RANK_A;
    tens += r == RANK_T;
    if (suit < 0)
      suit = s;
    else if (s != suit)
      one_suit = 0;
  }
  if (aces >= 1 && aces + tens == plain) return MOSKWA;
  return one_suit ? MOLODKA : NONE;
}

/* The window before a lead (KOZ-R6): when every hand is full, each holder
 * from the leader on declares or passes (one chance in two); returns the
 * seat that leads. */
static int window(const kosel *k, int leader, tv_rng *r) {
  for (int s = 0; s < 4; s++)
    if (k->hands[s].size != HAND) return leader;
  int best = NONE, seat = leader;
  for (int i = 0; i < 4; i++) {
    int s = (leader + i) % 4, kind = combination(k, &k->hands[s]);
    if (kind != NONE && tv_rng_below(r, 2) == 0 && kind > best)
      best = kind, seat = s;
  }
  return seat;
}

/* Fills the hands to four from the talon, one card at a time from seat
 * 'first' on (KOZ-R11). */
static void replenish(kosel *k, int first) {
  for (int drawn = 1; drawn;) {
    drawn = 0;
    for (int i = 0; i < 4; i++) {
      int s = (first + i) % 4;
      if (k->stock.n == 0) return;
      if (k->hands[s].size < HAND) {
        tv_hand_add(&k->hands[s], tv_pile_draw(&k->stock), 1);
        drawn = 1;
      }
    }
  }
}

/* Plays one trick led by 'leader' (each play a random legal set); returns
 * the winner. */
static int trick(kosel *k, int leader, tv_rng *r) {
  tv_trick_clear(&k->t);
  for (int i = 0; i < 4; i++) {
    int s = (leader + i) % 4;
    tv_hand play;
    bool down;
    if (!tv_trick_random(&k->t, &k->hands[s], r, &play, &down)) abort();
    tv_trick_play(&k->t, s + 1, &play, down, NULL);
    tv_hand_diff(&k->hands[s], &k->hands[s], &play);
  }
  int w = k->t.p[k->t.best].seat - 1;
  for (int i = 0; i < k->t.nplays; i++)
    for (int j = 0; j < k->t.p[i].n; j++)
      tv_hand_add(&k->won[w], k->t.p[i].c[j], 1);
  k->tricks[w]++;
  return w;
}

/* The penalty of each partnership (KOZ-R13) from its card points and
 * tricks: none for the most points, else 6 without a trick, 4 below 31,
 * 2 otherwise (both 2 at 60-60). */
static void penalties(const kosel *k, int pen[2]) {
  int points[2], tricks[2];
  for (int p = 0; p < 2; p++) {
    points[p] =
        tv_hand_points(k->d, &k->won[p]) + tv_hand_points(k->d, &k->won[p + 2]);
    tricks[p] = k->tricks[p] + k->tricks[p + 2];
  }
  for (int p = 0; p < 2; p++) {
    if (points[p] > points[1 - p])
      pen[p] = 0;
    else if (tricks[p] == 0)
      pen[p] = 6;
    else
      pen[p] = points[p] < 31 ? 4 : 2;
  }
}

/* Plays one deal dealt by 'dealer'; adds the penalties to pen. */
static void deal(kosel *k, int dealer, tv_rng *r, int pen[2]) {
  tv_pile_from_deck(&k->stock, k->d);
  tv_pile_shuffle(&k->stock, r);
  for (int s = 0; s < 4; s++) {
    tv_hand_clear(&k->hands[s]);
    tv_hand_clear(&k->won[s]);
    k->tricks[s] = 0;
  }
  for (int round = 0; round < HAND; round++)
    for (int i = 1; i <= 4; i++)
      tv_hand_add(&k->hands[(dealer + i) % 4], tv_pile_draw(&k->stock), 1);
  tv_card turned = tv_pile_draw(&k->stock);
  tv_pile_put_bottom(&k->stock, turned); /* drawn last (KOZ-R5) */
  tv_trick_init(&k->t, k->d, &k->rules, tv_suit(k->d, turned));
  int leader = (dealer + 1) % 4;
  for (;;) {
    leader = window(k, leader, r);
    leader = trick(k, leader, r);
    replenish(k, leader);
    if (k->hands[leader].size == 0) break;
  }
  int p[2];
  penalties(k, p);
  pen[0] += p[0], pen[1] += p[1];
}

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 200000;
  if (n < 1) n = 1;
  tv_deck d;
  tv_err e;
  if (tv_deck_init(&d, "S H D C", "A T K Q J 9 8 7 6", &e) != TV_OK) {
    fprintf(stderr, "bench_kosel: %s\n", e.msg);
    return 1;
  }
  static const int points[] = {11, 10, 4, 3, 2};
  for (int rk = 0; rk < 5; rk++)
    tv_deck_set_points(&d, rk, points[rk]);
  kosel k = {.d = &d, .schocha = tv_kind(&d, SPADES, RANK_6)};
  tv_trick_rules_default(&k.rules);
  k.rules.lead_sizes = 0x1E; /* 1 to 4 cards (KOZ-R7) */
  k.rules.top = k.schocha, k.rules.wild_top = 1;
  k.rules.face_down = TV_DOWN_ALLOWED;
  if (tv_trick_rules_check(&k.rules, &d, &e) != TV_OK) {
    fprintf(stderr, "bench_kosel: %s\n", e.msg);
    return 1;
  }
  tv_rng r;
  tv_rng_seed(&r, 1);
  int pen[2] = {0, 0};
  double t0 = bench_cputime();
  for (long i = 0; i < n; i++)
    deal(&k, (int)tv_rng_below(&r, 4), &r, pen);
  double dt = bench_cputime() - t0;
  printf("bench_kosel (C): %ld hands, %.0f hands/s, %.0f ns per hand "
         "(penalty points %d : %d)\n",
         n, (double)n / dt, dt / (double)n * 1e9, pen[0], pen[1]);
  return 0;
}
