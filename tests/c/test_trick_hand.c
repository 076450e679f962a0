/*
 * test_trick_hand.c - the hand rules of the trick engine (vm/trick.h):
 * a required first lead, cards barred from the first trick, suits closed
 * to leads until broken, as Hearts plays them (docs/games/hearts.md,
 * HRT-R4 … HRT-R6, OpenSpiel's hearts.cc) and as a house rule closes the
 * trump to leads (docs/variants.md). Every query must agree: the legal
 * cards, the check and its reason, and the random playout.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "deck.h"
#include "hand.h"
#include "trick.h"

static void make_deck(tv_deck *d) {
  tv_err e;
  assert_int_equal(tv_deck_init(d, "S H D C", "A K Q J T 9 8 7 6 5 4 3 2", &e),
                   TV_OK);
}

static tv_hand H(const tv_deck *d, const char *s) {
  tv_hand h;
  tv_err e;
  tv_hand_clear(&h);
  if (tv_hand_parse(d, s, &h, &e) != TV_OK) fail_msg("%s: %s", s, e.msg);
  return h;
}

static uint64_t M(const tv_deck *d, const char *s) {
  tv_hand h = H(d, s);
  return tv_hand_mask(&h);
}

static uint64_t suit_kinds(const tv_deck *d, int s) {
  return (((uint64_t)1 << d->nranks) - 1) << (s * d->nranks);
}

/* Hearts at OpenSpiel's defaults: follow suit, 2♣ leads, no ♥ or Q♠ on
 * the first trick, ♥ closed until a ♥ or Q♠ is played. */
static tv_trick_rules hearts(const tv_deck *d) {
  tv_trick_rules r;
  tv_trick_rules_default(&r);
  r.follow = 1;
  r.first_lead = M(d, "2C");
  r.first_bar = suit_kinds(d, 1) | M(d, "QS");
  r.unbroken = 1u << 1;
  r.breaks = M(d, "QS");
  tv_err e;
  assert_int_equal(tv_trick_rules_check(&r, d, &e), TV_OK);
  return r;
}

static void play1(tv_trick *t, int seat, const char *card) {
  tv_hand p = H(t->deck, card);
  tv_err e;
  assert_int_equal(tv_trick_play(t, seat, &p, false, &e), TV_OK);
}

/* The legal cards of 'hand' are 'want', each card's check agrees, and a
 * refused card names 'rule'. */
static void assert_legal(const tv_trick *t, const char *hand, const char *want,
                         tv_trick_rule rule) {
  tv_hand h = H(t->deck, hand), legal, w = H(t->deck, want);
  char a[160], b[160];
  tv_trick_legal(t, &h, &legal);
  tv_hand_format(t->deck, &legal, TV_STYLE_ASCII, a, sizeof a);
  tv_hand_format(t->deck, &w, TV_STYLE_ASCII, b, sizeof b);
  if (!tv_hand_equal(&legal, &w)) fail_msg("legal %s, want %s", a, b);
  for (tv_card c = 0; c < t->deck->nkinds; c++) {
    if (!h.n[c]) continue;
    tv_hand one;
    tv_trick_why why;
    tv_hand_clear(&one);
    tv_hand_add(&one, c, 1);
    tv_status st = tv_trick_check(t, &h, &one, false, TV_STYLE_ASCII, &why);
    assert_int_equal(st == TV_OK, w.n[c] > 0);
    if (st != TV_OK) {
      assert_int_equal(why.rule, rule);
      assert_true(tv_hand_equal(&why.satisfy, &legal));
    }
  }
}

/* HRT-R4: the holder of 2♣ leads it to the first trick; the rule is gone
 * from the second trick on. */
static void first_lead_is_two_of_clubs(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d);
  tv_trick_rules r = hearts(&d);
  tv_trick t;
  tv_trick_init(&t, &d, &r, -1);
  assert_legal(&t, "2C 5C AS 3D", "2C", TV_RULE_FIRST_LEAD);
  tv_trick_why why;
  tv_hand h = H(&d, "2C 5C AS 3D"), p = H(&d, "AS");
  tv_trick_check(&t, &h, &p, false, TV_STYLE_ASCII, &why);
  assert_string_equal(why.because,
                      "the first trick of the hand is led with 2C: you hold "
                      "2C");
  play1(&t, 0, "2C");
  play1(&t, 1, "3C");
  play1(&t, 2, "4C");
  play1(&t, 3, "5C");
  tv_trick_clear(&t);
  assert_int_equal(t.done, 1);
  assert_legal(&t, "6C AS 3D", "6C AS 3D", TV_RULE_OK);
  /* can_lead_any_club: any club the leader holds */
  r.first_lead = suit_kinds(&d, 3);
  tv_trick_init(&t, &d, &r, -1);
  assert_legal(&t, "2C 5C AS 3D", "2C 5C", TV_RULE_FIRST_LEAD);
}

/* HRT-R5: on the first trick a player who cannot follow may not play a ♥
 * or Q♠ unless he holds nothing else; one who can follow just follows. */
static void no_points_on_the_first_trick(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d);
  tv_trick_rules r = hearts(&d);
  tv_trick t;
  tv_trick_init(&t, &d, &r, -1);
  play1(&t, 0, "2C");
  assert_legal(&t, "AH QS 3D", "3D", TV_RULE_FIRST_TRICK);
  assert_legal(&t, "AH QS", "AH QS", TV_RULE_OK);
  assert_legal(&t, "AH 9C", "9C", TV_RULE_FOLLOW);
  tv_trick_why why;
  tv_hand h = H(&d, "AH QS 3D"), p = H(&d, "QS");
  tv_trick_check(&t, &h, &p, false, TV_STYLE_ASCII, &why);
  assert_string_equal(why.because,
                      "H cards and QS may not be played to the first trick "
                      "while you may play another card: you hold 3D");
  play1(&t, 1, "AH"); /* a ♥ on the first trick breaks hearts */
  play1(&t, 2, "3C");
  play1(&t, 3, "4C");
  tv_trick_clear(&t);
  assert_legal(&t, "AH QS 3D", "AH QS 3D", TV_RULE_OK);
}

/* HRT-R6: no ♥ lead until hearts are broken by a ♥ or Q♠ played, unless
 * the leader holds only hearts. */
static void hearts_closed_until_broken(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d);
  tv_trick_rules r = hearts(&d);
  tv_trick t;
  tv_trick_init(&t, &d, &r, -1);
  tv_trick_set_progress(&t, 3, 1u << 1);
  assert_legal(&t, "AH KH 3D", "3D", TV_RULE_UNBROKEN);
  assert_legal(&t, "AH KH", "AH KH", TV_RULE_OK);
  assert_legal(&t, "AH KH QS", "QS", TV_RULE_UNBROKEN);
  /* can_lead_hearts_instead_of_qs: never forced to lead Q♠ alone */
  tv_trick_rules lax = r;
  lax.unforced = M(&d, "QS");
  tv_trick tl;
  tv_trick_init(&tl, &d, &lax, -1);
  tv_trick_set_progress(&tl, 3, 1u << 1);
  assert_legal(&tl, "AH KH QS", "AH KH QS", TV_RULE_OK);
  assert_legal(&tl, "AH QS 4S", "QS 4S", TV_RULE_UNBROKEN);
  /* Q♠ breaks hearts (qs_breaks_hearts) */
  play1(&t, 0, "4S");
  play1(&t, 1, "QS");
  assert_int_equal(t.closed, 0);
  /* without breaking cards only a ♥ does */
  r.breaks = 0;
  tv_trick_init(&t, &d, &r, -1);
  play1(&t, 0, "4S");
  play1(&t, 1, "QS");
  assert_int_equal(t.closed, 1u << 1);
  play1(&t, 2, "2H");
  assert_int_equal(t.closed, 0);
}

/* docs/variants.md: the trump may not be led while the leader holds
 * another suit; nothing ever opens it (break_on_play off). */
static void trump_closed_for_good(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d);
  tv_trick_rules r;
  tv_trick_rules_default(&r);
  r.follow = 1;
  r.unbroken_trump = 1;
  r.break_on_play = 0;
  tv_err e;
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_OK);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 0); /* spades are trump */
  assert_legal(&t, "AS KH", "KH", TV_RULE_UNBROKEN);
  play1(&t, 0, "KH");
  play1(&t, 1, "AS"); /* a trump played does not open it */
  tv_trick_clear(&t);
  assert_legal(&t, "KS 3D", "3D", TV_RULE_UNBROKEN);
  assert_legal(&t, "KS QS", "KS QS", TV_RULE_OK);
  tv_trick_init(&t, &d, &r, -1); /* no trump: nothing is closed */
  assert_legal(&t, "AS KH", "AS KH", TV_RULE_OK);
}

/* Whole random hands under the Hearts rules: every card the playout draws
 * is one tv_trick_legal allows, so the fast path plays the same game. */
static void playout_obeys_hand_rules(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d);
  tv_trick_rules r = hearts(&d);
  tv_rng rng;
  tv_rng_seed(&rng, 7);
  for (int game = 0; game < 200; game++) {
    tv_hand hands[4], *hp[4];
    tv_card order[52];
    for (int k = 0; k < 52; k++)
      order[k] = (tv_card)k;
    for (int k = 51; k > 0; k--) {
      int j = (int)tv_rng_below(&rng, (uint64_t)k + 1);
      tv_card x = order[k];
      order[k] = order[j];
      order[j] = x;
    }
    int leader = 1;
    for (int s = 0; s < 4; s++) {
      tv_hand_clear(&hands[s]);
      hp[s] = &hands[s];
    }
    for (int k = 0; k < 52; k++) {
      tv_hand_add(&hands[k % 4], order[k], 1);
      if (order[k] == tv_kind(&d, 3, 12)) leader = k % 4 + 1;
    }
    tv_trick t;
    tv_trick_init(&t, &d, &r, -1);
    for (int trick = 0; trick < 13; trick++) {
      for (int i = 0, s = leader; i < 4; i++, s = s % 4 + 1) {
        tv_hand legal, before = hands[s - 1];
        tv_card c;
        int seat, played;
        tv_err e;
        tv_trick_legal(&t, &before, &legal);
        assert_int_equal(
            tv_trick_play_out(&t, hp, 4, 0, s, &rng, 1, &c, &seat, &played, &e),
            TV_OK);
        assert_int_equal(played, 1);
        assert_true(legal.n[c] > 0);
      }
      leader = t.p[t.best].seat;
      tv_trick_clear(&t);
    }
    assert_int_equal(t.done, 13);
  }
}

/* The rules check names what is wrong. */
static void hand_rules_check(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d);
  tv_trick_rules r;
  tv_err e;
  tv_trick_rules_default(&r);
  r.breaks = M(&d, "QS");
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_EINVAL);
  assert_non_null(strstr(e.msg, "'unbroken'"));
  tv_trick_rules_default(&r);
  r.first_lead = M(&d, "2C");
  r.lead_sizes = 1u << 1 | 1u << 2;
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_EINVAL);
  assert_non_null(strstr(e.msg, "one-card"));
  tv_trick_rules_default(&r);
  r.unbroken = 1u << 7;
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_EINVAL);
  tv_trick_rules_default(&r);
  r.first_bar = (uint64_t)1 << 60;
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_EINVAL);
}

/* Per-card points (HRT-R8): each heart 1 and Q♠ 13 over the rank's. */
static void card_points(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d);
  tv_deck_set_points(&d, 0, 4);
  for (int r = 0; r < d.nranks; r++)
    tv_deck_set_card_points(&d, tv_kind(&d, 1, r), 1);
  tv_deck_set_card_points(&d, tv_kind(&d, 0, 2), 13);
  assert_int_equal(tv_points(&d, tv_kind(&d, 0, 2)), 13);
  assert_int_equal(tv_points(&d, tv_kind(&d, 1, 0)), 1);
  assert_int_equal(tv_points(&d, tv_kind(&d, 2, 0)), 4);
  assert_int_equal(tv_points(&d, tv_kind(&d, 2, 1)), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(first_lead_is_two_of_clubs),
      cmocka_unit_test(no_points_on_the_first_trick),
      cmocka_unit_test(hearts_closed_until_broken),
      cmocka_unit_test(trump_closed_for_good),
      cmocka_unit_test(playout_obeys_hand_rules),
      cmocka_unit_test(hand_rules_check),
      cmocka_unit_test(card_points),
  };
  return cmocka_run_group_tests_name("trick_hand", tests, NULL, NULL);
}
