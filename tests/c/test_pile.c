/*
 * test_pile.c - ordered piles, cutting, and dealing patterns.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "pile.h"

static void deck_of(tv_deck *d, const char *ranks, int copies) {
  tv_err e;
  tv_deck_init(d, "S H D C", ranks, &e);
  tv_deck_set_copies(d, copies, &e);
}

static void deal_from(tv_pile *p, const tv_deck *d, uint64_t seed) {
  tv_rng r;
  tv_rng_seed(&r, seed);
  tv_pile_from_deck(p, d);
  tv_pile_shuffle(p, &r);
}

/* HOS-R7: five rounds of five cards to V, M, D; 5 cards remain. */
static void hosgin_five_by_five_leaves_five(void **state) {
  (void)state;
  tv_deck d;
  tv_pile p;
  tv_hand h[3];
  tv_hand *hp[3] = {&h[0], &h[1], &h[2]};
  deck_of(&d, "A T K Q J", 4);
  deal_from(&p, &d, 1);
  for (int i = 0; i < 3; i++)
    tv_hand_clear(&h[i]);
  int pattern[] = {5, 5, 5, 5, 5};
  assert_int_equal(tv_pile_deal(&p, hp, 3, pattern, 5, NULL), TV_OK);
  for (int i = 0; i < 3; i++)
    assert_int_equal(h[i].size, 25);
  assert_int_equal(p.n, 5);
}

/* HOK-R9: 5, 4, 4 counter-clockwise from the Hakem; the first packet of
 * five comes off the top, in seat order. */
static void hokm_packets_come_off_the_top_in_order(void **state) {
  (void)state;
  tv_deck d;
  tv_pile p, copy;
  tv_hand h[4];
  tv_hand *hp[4] = {&h[0], &h[1], &h[2], &h[3]};
  deck_of(&d, "A K Q J T 9 8 7 6 5 4 3 2", 1);
  deal_from(&p, &d, 5);
  copy = p;
  for (int i = 0; i < 4; i++)
    tv_hand_clear(&h[i]);
  int first[] = {5};
  assert_int_equal(tv_pile_deal(&p, hp, 4, first, 1, NULL), TV_OK);
  /* Seat 0 got the top five cards, seat 1 the next five. */
  for (int k = 0; k < 5; k++) {
    assert_int_equal(tv_hand_count(&h[0], copy.c[copy.n - 1 - k]), 1);
    assert_int_equal(tv_hand_count(&h[1], copy.c[copy.n - 6 - k]), 1);
  }
  int rest[] = {4, 4};
  assert_int_equal(tv_pile_deal(&p, hp, 4, rest, 2, NULL), TV_OK);
  for (int i = 0; i < 4; i++)
    assert_int_equal(h[i].size, 13);
  assert_int_equal(p.n, 0);
}

/* BES-R4: 3-2-3 to two players, then the 17th card is turned for trump and
 * goes under the talon, to be drawn last (BES-R7). */
static void besigue_turn_up_is_drawn_last(void **state) {
  (void)state;
  tv_deck d;
  tv_pile p;
  tv_hand h[2];
  tv_hand *hp[2] = {&h[0], &h[1]};
  deck_of(&d, "A T K Q J 9 8 7", 2);
  deal_from(&p, &d, 9);
  tv_hand_clear(&h[0]);
  tv_hand_clear(&h[1]);
  int pattern[] = {3, 2, 3};
  assert_int_equal(tv_pile_deal(&p, hp, 2, pattern, 3, NULL), TV_OK);
  tv_card trump = tv_pile_draw(&p);
  assert_int_equal(tv_pile_put_bottom(&p, trump), TV_OK);
  assert_int_equal(p.n, 48);
  tv_card last = TV_NO_CARD;
  while (p.n)
    last = tv_pile_draw(&p);
  assert_int_equal(last, trump);
  assert_int_equal(tv_pile_draw(&p), TV_NO_CARD);
}

/* A deal that needs more cards than the pile holds changes nothing. */
static void short_pile_fails_and_changes_nothing(void **state) {
  (void)state;
  tv_deck d;
  tv_pile p, before;
  tv_hand h[3];
  tv_hand *hp[3] = {&h[0], &h[1], &h[2]};
  tv_err e;
  deck_of(&d, "A T K Q J 9 8 7 6", 1);
  deal_from(&p, &d, 2);
  before = p;
  for (int i = 0; i < 3; i++)
    tv_hand_clear(&h[i]);
  int pattern[] = {13};
  assert_int_equal(tv_pile_deal(&p, hp, 3, pattern, 1, &e), TV_ERANGE);
  assert_non_null(strstr(e.msg, "39"));
  assert_int_equal(memcmp(&p, &before, sizeof p), 0);
  for (int i = 0; i < 3; i++)
    assert_int_equal(h[i].size, 0);
  int negative[] = {1, -1};
  assert_int_equal(tv_pile_deal(&p, hp, 3, negative, 2, &e), TV_ERANGE);
  assert_int_equal(memcmp(&p, &before, sizeof p), 0);
}

/* RULES.md §0: the same seed gives the same deal, always. */
static void same_seed_same_deal(void **state) {
  (void)state;
  tv_deck d;
  tv_pile a, b;
  deck_of(&d, "A T K Q J", 4);
  deal_from(&a, &d, 31337);
  deal_from(&b, &d, 31337);
  assert_int_equal(memcmp(a.c, b.c, a.n), 0);
  deal_from(&b, &d, 31338);
  assert_int_not_equal(memcmp(a.c, b.c, a.n), 0);
}

/* A cut moves the top k cards under the rest, order kept. */
static void cut_moves_top_cards_to_bottom(void **state) {
  (void)state;
  tv_deck d;
  tv_pile p, before;
  tv_err e;
  deck_of(&d, "A K Q J T 9 8 7 6 5 4 3 2", 1);
  tv_pile_from_deck(&p, &d);
  before = p;
  assert_int_equal(tv_pile_cut(&p, 10, &e), TV_OK);
  assert_int_equal(p.c[p.n - 1], before.c[before.n - 11]);
  assert_int_equal(p.c[9], before.c[before.n - 1]);
  assert_int_equal(p.c[0], before.c[before.n - 10]);
  assert_int_equal(tv_pile_cut(&p, 53, &e), TV_ERANGE);
  assert_int_equal(tv_pile_cut(&p, -1, &e), TV_ERANGE);
}

/* hand.h: a hand holds at most TV_MAX_COPIES of a kind. A deal that would
 * pass that (a hand already full of a card, or one hand listed for two
 * seats) fails before moving a card; an absurd packet size is refused
 * without overflow. */
static void deal_refuses_overfull_hands_and_absurd_sizes(void **state) {
  (void)state;
  tv_deck d;
  tv_pile p, before;
  tv_hand h, g;
  tv_err e;
  deck_of(&d, "A", 1);
  tv_pile_from_deck(&p, &d); /* AS AH AD AC, AS on top */
  tv_hand_clear(&h);
  tv_hand_clear(&g);
  tv_hand_add(&h, 0, TV_MAX_COPIES); /* 15 x AS */
  before = p;
  tv_hand *one[1] = {&h};
  int pattern[] = {1};
  assert_int_equal(tv_pile_deal(&p, one, 1, pattern, 1, &e), TV_ERANGE);
  assert_non_null(strstr(e.msg, "more than 15 copies"));
  assert_int_equal(memcmp(&p, &before, sizeof p), 0);
  assert_int_equal(h.size, TV_MAX_COPIES);
  /* The same hand for two seats gets both packets: AS then AH. */
  tv_hand *twice[2] = {&g, &g};
  assert_int_equal(tv_pile_deal(&p, twice, 2, pattern, 1, &e), TV_OK);
  assert_int_equal(g.size, 2);
  assert_int_equal(tv_hand_count(&g, tv_kind(&d, 1, 0)), 1);
  int huge[] = {2147483647, 2147483647};
  tv_hand *two[2] = {&g, &h};
  before = p;
  assert_int_equal(tv_pile_deal(&p, two, 2, huge, 2, &e), TV_ERANGE);
  assert_int_equal(memcmp(&p, &before, sizeof p), 0);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(hosgin_five_by_five_leaves_five),
      cmocka_unit_test(hokm_packets_come_off_the_top_in_order),
      cmocka_unit_test(besigue_turn_up_is_drawn_last),
      cmocka_unit_test(short_pile_fails_and_changes_nothing),
      cmocka_unit_test(same_seed_same_deal),
      cmocka_unit_test(cut_moves_top_cards_to_bottom),
      cmocka_unit_test(deal_refuses_overfull_hands_and_absurd_sizes),
  };
  return cmocka_run_group_tests_name("pile", tests, NULL, NULL);
}
