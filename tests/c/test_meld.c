/*
 * test_meld.c - the pure C meld scorer (vm/meld.c) on the Hosgin table of
 * RULES.md §1.6 and the Besigue table of §6.4, both written here as data,
 * plus the compiler's checks of a table.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "deck.h"
#include "hand.h"
#include "meld.h"
#include "pile.h"
#include "rng.h"

enum { BELLA, TRUMPSER, COMPLETE, JSER, QSER, KSER, ASER, PINIK, NHOS };

typedef struct fixture {
  tv_deck d;
  tv_meld_table t;      /* Hosgin, multi_series = "double" */
  tv_meld_table scaled; /* Hosgin, multi_series = "scaled" */
} fixture;

/* ---- building tables ---------------------------------------------------- */

static uint16_t rank_mask(const tv_deck *d, const char *names) {
  uint16_t m = 0;
  for (const char *p = names; *p; p++)
    if (*p != ' ') m |= (uint16_t)(1u << tv_deck_find_rank(d, p, 1));
  return m;
}

static void set_name(tv_meld_spec *s, const char *name) {
  strncpy(s->name, name, TV_MELD_NAME_MAX - 1);
}

static void rank_meld(tv_meld_spec *s, const tv_deck *d, const char *name,
                      int scope, const char *ranks) {
  memset(s, 0, sizeof *s);
  set_name(s, name);
  s->scope = (uint8_t)scope;
  s->ranks = rank_mask(d, ranks);
}

static void levels(tv_meld_spec *s, int n, const int32_t *p) {
  s->nlevels = (uint8_t)n;
  memcpy(s->points, p, (size_t)n * sizeof *p);
}

static void include(tv_meld_spec *s, int meld, int times) {
  s->inc_meld[s->ninc] = (uint8_t)meld;
  s->inc_times[s->ninc++] = (uint8_t)times;
}

static void series(tv_meld_spec *s, const tv_deck *d, const char *name,
                   const char *rank, int32_t single, int scaled) {
  int32_t p[4] = {single, 10 * single, 15 * single, 20 * single};
  rank_meld(s, d, name, TV_MELD_ALL, rank);
  levels(s, scaled ? 4 : 2, p);
}

/* RULES.md §1.6 as data: HOS-R18 subsumption as 'includes', HOS-R21
 * multi_series as the length of the series' point lists. */
static void hosgin_specs(const tv_deck *d, tv_meld_spec *s, int scaled) {
  static const int32_t complete[2] = {240, 2400}, pinik[4] = {40, 300, 300, 0};
  tv_hand pk;
  tv_err e;
  rank_meld(&s[BELLA], d, "bella", TV_MELD_EACH, "Q K");
  s[BELLA].points[0] = 20;
  s[BELLA].trump_points[0] = 40;
  s[BELLA].has_trump_points = 1;
  rank_meld(&s[TRUMPSER], d, "trump series", TV_MELD_TRUMP, "J Q K T A");
  s[TRUMPSER].points[0] = 150;
  include(&s[TRUMPSER], BELLA, 1);
  rank_meld(&s[COMPLETE], d, "complete series", TV_MELD_ALL, "Q K");
  levels(&s[COMPLETE], 2, complete);
  include(&s[COMPLETE], BELLA, 1);
  include(&s[COMPLETE], QSER, 1);
  include(&s[COMPLETE], KSER, 1);
  series(&s[JSER], d, "jack series", "J", 40, scaled);
  series(&s[QSER], d, "queen series", "Q", 60, scaled);
  series(&s[KSER], d, "king series", "K", 80, scaled);
  series(&s[ASER], d, "ace series", "A", 100, scaled);
  memset(&s[PINIK], 0, sizeof s[PINIK]);
  set_name(&s[PINIK], "pinik");
  s[PINIK].scope = TV_MELD_CARDS;
  tv_hand_clear(&pk);
  assert_int_equal(tv_hand_parse(d, "JD QS", &pk, &e), TV_OK);
  memcpy(s[PINIK].need, pk.n, sizeof s[PINIK].need);
  levels(&s[PINIK], 4, pinik);
  memcpy(s[PINIK].uses, (uint8_t[]){1, 2, 2, 4}, 4);
}

static int setup(void **state) {
  static fixture f;
  tv_meld_spec s[NHOS];
  tv_err e;
  if (tv_deck_init(&f.d, "S H D C", "A T K Q J", &e) != TV_OK) return -1;
  if (tv_deck_set_copies(&f.d, 4, &e) != TV_OK) return -1;
  hosgin_specs(&f.d, s, 0);
  if (tv_meld_compile(&f.t, &f.d, s, NHOS, &e) != TV_OK) return -1;
  hosgin_specs(&f.d, s, 1);
  if (tv_meld_compile(&f.scaled, &f.d, s, NHOS, &e) != TV_OK) return -1;
  *state = &f;
  return 0;
}

static tv_hand hand(const tv_deck *d, const char *cards) {
  tv_hand h;
  tv_err e;
  tv_hand_clear(&h);
  assert_int_equal(tv_hand_parse(d, cards, &h, &e), TV_OK);
  return h;
}

static int suit(const tv_deck *d, const char *name) {
  return tv_deck_find_suit(d, name, strlen(name));
}

#define H2 "KS QS KH QH KD QD KC QC JH TH AH TSx4 TDx4 TCx4 AS AD"
#define H3 "KS QS KD QD KC QC JHx2 QHx2 KHx2 THx2 AHx2 TSx4 TDx4 TC"
#define H4 "JS QS KS JH QH KH JD QD KD JC QC KC TSx4 THx4 TDx4 TC"

/* ---- the seed's totals -------------------------------------------------- */

/* HOS-01: one plain bella is 20; HOS-02: a trump bella 40, a trump series
 * 150 including its bella (HOS-R18c). */
static void bella_and_trump_series_values(void **state) {
  fixture *f = *state;
  tv_hand h1 = hand(&f->d, "QH KH"), h2 = hand(&f->d, "QD KD");
  tv_hand h3 = hand(&f->d, "JD QD KD TD AD");
  int D = suit(&f->d, "D");
  assert_int_equal(tv_meld_score(&f->t, &h1, D), 20);
  assert_int_equal(tv_meld_score(&f->t, &h2, D), 40);
  assert_int_equal(tv_meld_score(&f->t, &h3, D), 150);
}

/* HOS-03 and HOS-20: complete series + trump series = 350 with trump H,
 * 240 with the other trumps; all four from one call. */
static void complete_plus_trump_series_is_350(void **state) {
  fixture *f = *state;
  tv_hand h = hand(&f->d, H2);
  int64_t out[4];
  tv_meld_score_all(&f->t, &h, out);
  assert_int_equal(out[suit(&f->d, "S")], 240);
  assert_int_equal(out[suit(&f->d, "H")], 350);
  assert_int_equal(out[suit(&f->d, "D")], 240);
  assert_int_equal(out[suit(&f->d, "C")], 240);
}

/* HOS-04, HOS-R22: complete series + double trump series = 500, else 260. */
static void complete_plus_double_trump_series_is_500(void **state) {
  fixture *f = *state;
  tv_hand h = hand(&f->d, H3);
  int64_t out[4];
  tv_meld_score_all(&f->t, &h, out);
  for (int s = 0; s < 4; s++)
    assert_int_equal(out[s], s == suit(&f->d, "H") ? 500 : 260);
}

/* HOS-05: J Q K of every suit = 320 whatever the trump (the J♦/Q♠ pair
 * included). */
static void jqk_of_every_suit_is_320(void **state) {
  fixture *f = *state;
  tv_hand h = hand(&f->d, H4);
  int64_t out[4];
  tv_meld_score_all(&f->t, &h, out);
  for (int s = 0; s < 4; s++)
    assert_int_equal(out[s], 320);
}

/* ---- subsumption and levels --------------------------------------------- */

/* HOS-R18a: a double series replaces the single one (400, never 440);
 * HOS-R21 default: three or four of every suit count as the double. */
static void double_series_replaces_single(void **state) {
  fixture *f = *state;
  tv_hand j2 = hand(&f->d, "JSx2 JHx2 JDx2 JCx2");
  tv_hand j3 = hand(&f->d, "JSx3 JHx3 JDx3 JCx3");
  tv_hand j4 = hand(&f->d, "JSx4 JHx4 JDx4 JCx4");
  int S = suit(&f->d, "S");
  assert_int_equal(tv_meld_score(&f->t, &j2, S), 400);
  assert_int_equal(tv_meld_score(&f->t, &j3, S), 400);
  assert_int_equal(tv_meld_score(&f->t, &j4, S), 400);
}

/* HOS-R21 option "scaled": triple = 1.5 x double, quadruple = 2 x double
 * (A 1500/2000). */
static void scaled_multi_series(void **state) {
  fixture *f = *state;
  tv_hand a3 = hand(&f->d, "ASx3 AHx3 ADx3 ACx3");
  tv_hand a4 = hand(&f->d, "ASx4 AHx4 ADx4 ACx4");
  int S = suit(&f->d, "S");
  assert_int_equal(tv_meld_score(&f->scaled, &a3, S), 1500);
  assert_int_equal(tv_meld_score(&f->scaled, &a4, S), 2000);
  assert_int_equal(tv_meld_score(&f->t, &a4, S), 1000);
}

/* HOS-R18b, §1.6 table: a double complete series is 2400 and includes its
 * 8 bellas and the double Q and K series (trump C: no trump series). */
static void double_complete_series_is_2400(void **state) {
  fixture *f = *state;
  tv_hand h = hand(&f->d, "QSx2 KSx2 QHx2 KHx2 QDx2 KDx2 QCx2 KCx2");
  assert_int_equal(tv_meld_score(&f->t, &h, suit(&f->d, "C")), 2400);
}

/* HOS-R19 PINIK: 40, 300, 300 for p = 1..3; p = 4 is HOSGIN (0 meld
 * points, HOS-R24) but locks all four pairs (HOS-R15). */
static void pinik_levels_and_locks(void **state) {
  fixture *f = *state;
  static const int expect[5] = {0, 40, 300, 300, 0}, lock[5] = {0, 1, 2, 2, 4};
  tv_card jd, qs;
  assert_int_equal(tv_card_parse(&f->d, "JD", 2, &jd, NULL), TV_OK);
  assert_int_equal(tv_card_parse(&f->d, "QS", 2, &qs, NULL), TV_OK);
  for (int p = 0; p <= 4; p++) {
    tv_hand h, locked;
    tv_hand_clear(&h);
    assert_int_equal(tv_hand_add(&h, jd, p), TV_OK);
    assert_int_equal(tv_hand_add(&h, qs, p), TV_OK);
    assert_int_equal(tv_meld_score(&f->t, &h, suit(&f->d, "H")), expect[p]);
    tv_meld_locked(&f->t, &h, suit(&f->d, "H"), &locked);
    assert_int_equal(locked.n[jd], lock[p]);
    assert_int_equal(locked.n[qs], lock[p]);
    assert_int_equal(locked.size, 2 * lock[p]);
  }
}

/* HOS-R15: per card the largest requirement of the scored melds. H3 with
 * trump H: two trump series lock JH QH KH TH AH x2; bellas lock 1 Q/K in
 * the other suits; no rank series of T (ten) exists, so tens are free. */
static void locking_takes_the_max_requirement(void **state) {
  fixture *f = *state;
  tv_hand h = hand(&f->d, H3), locked;
  tv_hand want = hand(&f->d, "KS QS KD QD KC QC JHx2 QHx2 KHx2 THx2 AHx2");
  tv_meld_locked(&f->t, &h, suit(&f->d, "H"), &locked);
  assert_true(tv_hand_equal(&locked, &want));
}

/* HOS-R20 via the breakdown: the items' nets sum to the total, and the
 * trump bella shared by the complete and the trump series is taken off
 * twice (240 + 150 - 40). */
static void breakdown_sums_to_total(void **state) {
  fixture *f = *state;
  tv_hand h = hand(&f->d, H2);
  tv_meld_item it[64];
  int H = suit(&f->d, "H");
  int n = tv_meld_breakdown(&f->t, &h, H, it, 64);
  int64_t sum = 0;
  int seen_trump_bella = 0;
  assert_int_equal(n, 4 + 1 + 1 + 2); /* bellas, trump ser., complete, Q K */
  for (int i = 0; i < n; i++) {
    sum += it[i].points - it[i].included;
    if (it[i].meld == BELLA && it[i].suit == H) {
      seen_trump_bella = 1;
      assert_int_equal(it[i].points, 40);
      assert_int_equal(it[i].included, 80);
    }
  }
  assert_true(seen_trump_bella);
  assert_int_equal(sum, 350);
}

/* ---- HOS-R19 transcribed, against the table ----------------------------- */

static int n_of(const tv_hand *h, int r, int s) {
  return h->n[s * 5 + r]; /* ranks A T K Q J = 0..4 */
}

/* HOS-R19 literally (HOS-R21 'scaled' when asked); p = 4 scores 0. */
static int64_t hos_r19(const tv_hand *h, int T, int scaled) {
  enum { A, TEN, K, Q, J };
  static const int64_t single[5] = {100, 0, 80, 60, 40};
  int64_t total = 0;
  int ts = 99, c = 99;
  for (int s = 0; s < 4; s++) {
    int b = n_of(h, Q, s) < n_of(h, K, s) ? n_of(h, Q, s) : n_of(h, K, s);
    total += b * (s == T ? 40 : 20);
    c = b < c ? b : c;
  }
  for (int r = 0; r < 5; r++)
    ts = n_of(h, r, T) < ts ? n_of(h, r, T) : ts;
  total += 110 * ts;
  for (int r = 0; r < 5; r++) {
    int m = 99;
    for (int s = 0; s < 4; s++)
      m = n_of(h, r, s) < m ? n_of(h, r, s) : m;
    if (r == TEN || m == 0) continue;
    if (m == 1)
      total += single[r];
    else if (!scaled || m == 2)
      total += 10 * single[r];
    else
      total += (m == 3 ? 15 : 20) * single[r];
  }
  total += c >= 2 ? 800 : 0;
  int p = n_of(h, J, 2) < n_of(h, Q, 0) ? n_of(h, J, 2) : n_of(h, Q, 0);
  total += p == 1 ? 40 : p == 2 || p == 3 ? 300 : 0;
  return total;
}

/* The nets of a breakdown, which must sum to the total. */
static int64_t breakdown_sum(const tv_meld_table *t, const tv_hand *h,
                             int trump) {
  tv_meld_item it[TV_MELD_MAX * TV_MAX_SUITS];
  int n = tv_meld_breakdown(t, h, trump, it, TV_MELD_MAX * TV_MAX_SUITS);
  int64_t sum = 0;
  for (int i = 0; i < n; i++)
    sum += it[i].points - it[i].included;
  return sum;
}

static void check_r19(const fixture *f, const tv_hand *h) {
  int64_t all[4], alls[4];
  tv_meld_score_all(&f->t, h, all);
  tv_meld_score_all(&f->scaled, h, alls);
  for (int T = 0; T < 4; T++) {
    assert_int_equal(all[T], hos_r19(h, T, 0));
    assert_int_equal(alls[T], hos_r19(h, T, 1));
    assert_int_equal(tv_meld_score(&f->t, h, T), all[T]);
    assert_int_equal(breakdown_sum(&f->t, h, T), all[T]);
  }
}

/* HOS-R19 over every hand of 0..3 copies of each Q and K (4^8 hands), each
 * with all four trumps and both HOS-R21 options. */
static void exhaustive_queens_and_kings_match_r19(void **state) {
  fixture *f = *state;
  for (int code = 0; code < 1 << 16; code++) {
    tv_hand h;
    tv_hand_clear(&h);
    for (int s = 0; s < 4; s++) {
      h.n[s * 5 + 2] = (uint8_t)(code >> (4 * s) & 3);
      h.n[s * 5 + 3] = (uint8_t)(code >> (4 * s + 2) & 3);
    }
    check_r19(f, &h);
  }
}

/* HOS-R19 on seeded random 25- and 30-card deals from the 80-card deck and
 * on dense random count arrays (0..4 of every card: triples, quadruples,
 * double complete series, HOSGIN). */
static void random_hands_match_r19(void **state) {
  fixture *f = *state;
  tv_rng r;
  tv_pile p;
  tv_rng_seed(&r, 20240611);
  for (int i = 0; i < 20000; i++) {
    tv_hand h;
    tv_hand_clear(&h);
    if (i % 2) {
      tv_pile_from_deck(&p, &f->d);
      tv_pile_shuffle(&p, &r);
      for (int k = 0; k < (i % 4 == 1 ? 25 : 30); k++)
        assert_int_equal(tv_hand_add(&h, tv_pile_draw(&p), 1), TV_OK);
    } else {
      for (int k = 0; k < 20; k++) {
        int n = (int)tv_rng_below(&r, 5);
        if (n) assert_int_equal(tv_hand_add(&h, (tv_card)k, n), TV_OK);
      }
    }
    check_r19(f, &h);
  }
}

/* ---- Besigue ------------------------------------------------------------ */

/* §6.4 as data; the quint major includes its trump marriage (BES-R12: once
 * the quint is declared its K Q are no marriage; BES-01 values it 250). */
static void besigue_specs(const tv_deck *d, tv_meld_spec *s) {
  static const char *four[4][2] = {{"four jacks", "J"},
                                   {"four queens", "Q"},
                                   {"four kings", "K"},
                                   {"four aces", "A"}};
  static const int32_t bes[3] = {40, 500, 1500};
  tv_hand pair;
  tv_err e;
  rank_meld(&s[0], d, "marriage", TV_MELD_EACH, "K Q");
  s[0].points[0] = 20;
  s[0].trump_points[0] = 40;
  s[0].has_trump_points = 1;
  rank_meld(&s[1], d, "quint major", TV_MELD_TRUMP, "A T K Q J");
  s[1].points[0] = 250;
  include(&s[1], 0, 1);
  for (int i = 0; i < 4; i++) {
    rank_meld(&s[2 + i], d, four[i][0], TV_MELD_ANY, four[i][1]);
    s[2 + i].size = 4;
    s[2 + i].points[0] = 40 + 20 * i;
  }
  memset(&s[6], 0, sizeof s[6]);
  set_name(&s[6], "besigue");
  s[6].scope = TV_MELD_CARDS;
  tv_hand_clear(&pair);
  assert_int_equal(tv_hand_parse(d, "QS JD", &pair, &e), TV_OK);
  memcpy(s[6].need, pair.n, sizeof s[6].need);
  levels(&s[6], 3, bes);
}

/* BES-01 (corrected seed, E1/E2): 20, 40, 40/60/80/100, 250, 40, 500, and
 * §6.4 double marriages 40/80, triple Besigue 1500. */
static void besigue_values(void **state) {
  (void)state;
  static const struct {
    const char *cards;
    int64_t points;
  } cases[] = {
      {"KS QS", 20},           {"KH QH", 40},       {"JS JH JD JC", 40},
      {"QH QD QC QCx1", 60},   {"KS KS KD KC", 80}, {"AS AH AD AC", 100},
      {"AH TH KH QH JH", 250}, {"QS JD", 40},       {"QSx2 JDx2", 500},
      {"KSx2 QSx2", 40},       {"KHx2 QHx2", 80},   {"QSx3 JDx3", 1500},
  };
  tv_deck d;
  tv_meld_spec s[7];
  tv_meld_table t;
  tv_err e;
  assert_int_equal(tv_deck_init(&d, "S H D C", "A T K Q J 9 8 7", &e), TV_OK);
  assert_int_equal(tv_deck_set_copies(&d, 3, &e), TV_OK);
  besigue_specs(&d, s);
  assert_int_equal(tv_meld_compile(&t, &d, s, 7, &e), TV_OK);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tv_hand h = hand(&d, cases[i].cards);
    assert_int_equal(tv_meld_score(&t, &h, suit(&d, "H")), cases[i].points);
  }
}

/* ---- the compiler's checks ---------------------------------------------- */

static void expect_error(const tv_deck *d, tv_meld_spec *s, int n,
                         const char *fragment) {
  tv_meld_table t;
  tv_err e;
  assert_int_not_equal(tv_meld_compile(&t, d, s, n, &e), TV_OK);
  if (!strstr(e.msg, fragment)) fail_msg("'%s' lacks '%s'", e.msg, fragment);
}

/* Bad tables fail with a sentence naming the meld (style rule: bad input
 * gets a clear error, never a crash). */
static void bad_tables_are_rejected(void **state) {
  fixture *f = *state;
  tv_meld_spec s[NHOS];
  hosgin_specs(&f->d, s, 0);
  s[BELLA].inc_meld[0] = COMPLETE, s[BELLA].inc_times[0] = 1;
  s[BELLA].ninc = 1;
  expect_error(&f->d, s, NHOS, "meld 'bella': includes 'complete series'");
  hosgin_specs(&f->d, s, 0);
  s[COMPLETE].inc_times[0] = 2;
  expect_error(&f->d, s, NHOS, "'bella' x2, but its cards do not hold");
  hosgin_specs(&f->d, s, 0);
  include(&s[JSER], JSER, 1);
  expect_error(&f->d, s, NHOS, "meld 'jack series': includes itself");
  hosgin_specs(&f->d, s, 0);
  strcpy(s[ASER].name, "bella");
  expect_error(&f->d, s, NHOS, "duplicate name 'bella'");
  hosgin_specs(&f->d, s, 0);
  s[PINIK].uses[2] = 3, s[PINIK].uses[3] = 2;
  expect_error(&f->d, s, NHOS, "meld 'pinik': uses[4] = 2");
  hosgin_specs(&f->d, s, 0);
  s[JSER].has_trump_points = 1;
  expect_error(&f->d, s, NHOS, "meld 'jack series': trump points");
  hosgin_specs(&f->d, s, 0);
  s[ASER].ranks = 1u << 7;
  expect_error(&f->d, s, NHOS, "meld 'ace series': a rank beyond");
  hosgin_specs(&f->d, s, 0);
  s[QSER].points[1] = 2000000;
  expect_error(&f->d, s, NHOS, "meld 'queen series': points[2]");
}

/* Two melds of one pattern including each other form a cycle. */
static void include_cycles_are_rejected(void **state) {
  fixture *f = *state;
  tv_meld_spec s[2];
  rank_meld(&s[0], &f->d, "x", TV_MELD_EACH, "Q K");
  rank_meld(&s[1], &f->d, "y", TV_MELD_EACH, "Q K");
  s[0].points[0] = s[1].points[0] = 20;
  include(&s[0], 1, 1);
  include(&s[1], 0, 1);
  expect_error(&f->d, s, 2, "cycle");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(bella_and_trump_series_values),
      cmocka_unit_test(complete_plus_trump_series_is_350),
      cmocka_unit_test(complete_plus_double_trump_series_is_500),
      cmocka_unit_test(jqk_of_every_suit_is_320),
      cmocka_unit_test(double_series_replaces_single),
      cmocka_unit_test(scaled_multi_series),
      cmocka_unit_test(double_complete_series_is_2400),
      cmocka_unit_test(pinik_levels_and_locks),
      cmocka_unit_test(locking_takes_the_max_requirement),
      cmocka_unit_test(breakdown_sums_to_total),
      cmocka_unit_test(exhaustive_queens_and_kings_match_r19),
      cmocka_unit_test(random_hands_match_r19),
      cmocka_unit_test(besigue_values),
      cmocka_unit_test(bad_tables_are_rejected),
      cmocka_unit_test(include_cycles_are_rejected),
  };
  return cmocka_run_group_tests_name("meld", tests, setup, NULL);
}
