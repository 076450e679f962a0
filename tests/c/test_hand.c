/*
 * test_hand.c - hands as multisets: the laws the framework relies on.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "hand.h"
#include "rng.h"

static tv_deck deck80;

static int setup(void **state) {
  (void)state;
  tv_err e;
  tv_deck_init(&deck80, "S H D C", "A T K Q J", &e);
  tv_deck_set_copies(&deck80, 4, &e);
  int pts[] = {11, 10, 4, 3, 2};
  for (int r = 0; r < 5; r++)
    tv_deck_set_points(&deck80, r, pts[r]);
  return 0;
}

static tv_hand parse(const char *s) {
  tv_hand h;
  tv_err e;
  tv_hand_clear(&h);
  assert_int_equal(tv_hand_parse(&deck80, s, &h, &e), TV_OK);
  return h;
}

static tv_hand random_hand(tv_rng *r, int n) {
  tv_hand h;
  tv_hand_clear(&h);
  while (h.size < n) {
    tv_card c = (tv_card)tv_rng_below(r, deck80.nkinds);
    if (h.n[c] < 4) tv_hand_add(&h, c, 1);
  }
  return h;
}

/* HOS-R4: a Hosgin hand holds up to four identical cards. */
static void hand_counts_identical_copies(void **state) {
  (void)state;
  tv_hand h = parse("QS QS QS QS JD x3, {TH*2}");
  tv_card qs, jd;
  tv_err e;
  tv_card_parse(&deck80, "QS", 2, &qs, &e);
  tv_card_parse(&deck80, "JD", 2, &jd, &e);
  assert_int_equal(tv_hand_count(&h, qs), 4);
  assert_int_equal(tv_hand_count(&h, jd), 3);
  assert_int_equal(h.size, 9);
}

static void remove_fails_without_change_when_card_missing(void **state) {
  (void)state;
  tv_hand h = parse("QS KS");
  tv_hand before = h;
  tv_card as;
  tv_err e;
  tv_card_parse(&deck80, "AS", 2, &as, &e);
  assert_int_equal(tv_hand_remove(&h, as, 1), TV_ENOCARD);
  assert_true(tv_hand_equal(&h, &before));
  assert_int_equal(tv_hand_remove(&h, 11, 2), TV_ENOCARD);
  assert_true(tv_hand_equal(&h, &before));
}

/* Multiset laws over random hands: add/remove are inverse; union is
 * commutative and associative; (a - b) + (a * b) == a; a ⊆ a + b; the
 * excess of a over b is the size of a - b, zero exactly when b holds a. */
static void multiset_laws_hold_on_random_hands(void **state) {
  (void)state;
  tv_rng r;
  tv_rng_seed(&r, 99);
  for (int i = 0; i < 2000; i++) {
    tv_hand a = random_hand(&r, (int)tv_rng_below(&r, 26));
    tv_hand b = random_hand(&r, (int)tv_rng_below(&r, 26));
    tv_hand c = random_hand(&r, (int)tv_rng_below(&r, 6));
    tv_hand ab, ba, abc1, abc2, t, d, m;
    assert_int_equal(tv_hand_union(&ab, &a, &b), TV_OK);
    assert_int_equal(tv_hand_union(&ba, &b, &a), TV_OK);
    assert_true(tv_hand_equal(&ab, &ba));
    if (tv_hand_union(&t, &ab, &c) == TV_OK) {
      abc1 = t;
      tv_hand_union(&t, &b, &c);
      assert_int_equal(tv_hand_union(&abc2, &a, &t), TV_OK);
      assert_true(tv_hand_equal(&abc1, &abc2));
    }
    assert_true(tv_hand_contains(&ab, &a));
    tv_hand_diff(&d, &a, &b);
    assert_int_equal(tv_hand_excess(&a, &b), d.size);
    assert_int_equal(tv_hand_excess(&a, &b) == 0, tv_hand_contains(&b, &a));
    assert_int_equal(tv_hand_excess(&a, &ab), 0);
    tv_hand_inter(&m, &a, &b);
    assert_int_equal(tv_hand_union(&t, &d, &m), TV_OK);
    assert_true(tv_hand_equal(&t, &a));
    tv_hand_diff(&t, &ab, &b);
    assert_true(tv_hand_equal(&t, &a));
    tv_card k = (tv_card)tv_rng_below(&r, deck80.nkinds);
    t = a;
    if (tv_hand_add(&t, k, 1) == TV_OK) {
      assert_int_equal(tv_hand_remove(&t, k, 1), TV_OK);
      assert_true(tv_hand_equal(&t, &a));
    }
  }
}

/* Iteration order is kind order (suit by suit, high to low) and nth walks
 * every copy exactly once. */
static void nth_walks_cards_in_kind_order(void **state) {
  (void)state;
  tv_hand h = parse("JC AS QS QS TH");
  const char *want[] = {"AS", "QS", "QS", "TH", "JC"};
  for (int i = 0; i < 5; i++) {
    char buf[8];
    tv_card_format(&deck80, tv_hand_nth(&h, i), TV_STYLE_ASCII, buf, 8);
    assert_string_equal(buf, want[i]);
  }
  assert_int_equal(tv_hand_nth(&h, 5), TV_NO_CARD);
  assert_int_equal(tv_hand_nth(&h, -1), TV_NO_CARD);
}

static void format_shows_counts(void **state) {
  (void)state;
  tv_hand h = parse("TH TH QS KS");
  char buf[64];
  tv_hand_format(&deck80, &h, TV_STYLE_ASCII, buf, sizeof buf);
  assert_string_equal(buf, "{KS QS THx2}");
  tv_hand_format(&deck80, &h, TV_STYLE_UNICODE, buf, sizeof buf);
  assert_string_equal(buf, "{K\u2660 Q\u2660 10\u2665\u00d72}");
  /* A buffer too small is truncated, and the needed length returned. */
  size_t need = tv_hand_format(&deck80, &h, TV_STYLE_ASCII, buf, 4);
  assert_int_equal(need, strlen("{KS QS THx2}"));
  assert_int_equal(strlen(buf), 3);
}

/* HOS-R6: points per suit 30, whole deck 480. */
static void points_and_suit_counts(void **state) {
  (void)state;
  tv_hand h = parse("AS TS KS QS JS");
  assert_int_equal(tv_hand_points(&deck80, &h), 30);
  assert_int_equal(tv_hand_suit_count(&deck80, &h, 0), 5);
  assert_int_equal(tv_hand_suit_count(&deck80, &h, 1), 0);
}

static void parse_errors_leave_hand_unchanged(void **state) {
  (void)state;
  tv_hand h = parse("QS");
  tv_hand before = h;
  tv_err e;
  assert_int_not_equal(tv_hand_parse(&deck80, "KS ZZ", &h, &e), TV_OK);
  assert_non_null(strstr(e.msg, "card 2"));
  assert_non_null(strstr(e.msg, "\"ZZ\""));
  assert_true(tv_hand_equal(&h, &before));
  assert_int_not_equal(tv_hand_parse(&deck80, "QSx99", &h, &e), TV_OK);
  assert_true(tv_hand_equal(&h, &before));
  /* The message names the whole token, count and all. */
  assert_int_equal(tv_hand_parse(&deck80, "KS ZZx2", &h, &e), TV_EINVAL);
  assert_non_null(strstr(e.msg, "card 2: no card \"ZZx2\""));
  assert_int_equal(tv_hand_parse(&deck80, "QS x2x2", &h, &e), TV_EINVAL);
  assert_non_null(strstr(e.msg, "card 2: no card \"x2x2\""));
  assert_int_equal(tv_hand_parse(&deck80, "QS\x01x3", &h, &e), TV_EINVAL);
  assert_non_null(strstr(e.msg, "\"QS\\x01x3\""));
  assert_true(tv_hand_equal(&h, &before));
}

/* The parser never needs an error struct (the engine's callers may pass
 * NULL), a count must follow a card, and an absurd count is refused
 * rather than wrapping the one-byte counter (hand.h: at most
 * TV_MAX_COPIES). */
static void parse_and_add_guard_their_edges(void **state) {
  (void)state;
  tv_hand h = parse("QS x2");
  tv_hand before = h;
  assert_int_not_equal(tv_hand_parse(&deck80, "ZZ", &h, NULL), TV_OK);
  tv_err e;
  assert_int_equal(tv_hand_parse(&deck80, "x2 QS", &h, &e), TV_EINVAL);
  assert_non_null(strstr(e.msg, "\"x2\" follows no card"));
  assert_int_equal(tv_hand_add(&h, 0, 2147483647), TV_ERANGE);
  assert_int_equal(tv_hand_add(&h, 0, -1), TV_ERANGE);
  assert_int_equal(tv_hand_remove(&h, 0, -1), TV_ENOCARD);
  assert_true(tv_hand_equal(&h, &before));
  assert_int_equal(tv_hand_add(&h, 0, TV_MAX_COPIES), TV_OK);
  assert_int_equal(tv_hand_add(&h, 0, 1), TV_ERANGE);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(hand_counts_identical_copies),
      cmocka_unit_test(remove_fails_without_change_when_card_missing),
      cmocka_unit_test(multiset_laws_hold_on_random_hands),
      cmocka_unit_test(nth_walks_cards_in_kind_order),
      cmocka_unit_test(format_shows_counts),
      cmocka_unit_test(points_and_suit_counts),
      cmocka_unit_test(parse_errors_leave_hand_unchanged),
      cmocka_unit_test(parse_and_add_guard_their_edges),
  };
  return cmocka_run_group_tests_name("hand", tests, setup, NULL);
}
