/*
 * test_trick_policy.c - the followers' rule of thumb of a search's
 * playouts (tv_trick_policy_pick, tv_trick_play_out_by): take the trick as
 * cheaply as possible, let a partner's winning card stand, else throw the
 * lowest; never a card the trick rules forbid.
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

enum { S, H, D, CL }; /* the suits of make_deck, in order */

static void make_deck(tv_deck *d) {
  tv_err e;
  assert_int_equal(tv_deck_init(d, "S H D C", "A K Q J T 9 8 7 6 5 4 3 2", &e),
                   TV_OK);
}

static tv_hand hand_of(const tv_deck *d, const char *s) {
  tv_hand h;
  tv_err e;
  tv_hand_clear(&h);
  if (tv_hand_parse(d, s, &h, &e) != TV_OK) fail_msg("%s: %s", s, e.msg);
  return h;
}

static tv_card card_of(const tv_deck *d, const char *s) {
  tv_card c;
  tv_err e;
  assert_int_equal(tv_card_parse(d, s, strlen(s), &c, &e), TV_OK);
  return c;
}

/* Follow suit, otherwise any card (Hokm's HOK-R3). */
static tv_trick_rules follow_rules(void) {
  tv_trick_rules r;
  tv_trick_rules_default(&r);
  r.follow = 1;
  return r;
}

/* Plays 'cards' (one per seat, from seat 1) into t. */
static void lead_with(tv_trick *t, const char *cards) {
  char tok[8];
  int seat = 1;
  while (*cards) {
    size_t n = strcspn(cards, " ");
    memcpy(tok, cards, n);
    tok[n] = 0;
    assert_int_equal(
        tv_trick_play_card(t, seat++, card_of(t->deck, tok), false, NULL),
        TV_OK);
    cards += n + (cards[n] == ' ');
  }
}

/* Partners sit opposite: seats 1 and 3 are side 1, seats 2 and 4 side 2. */
static const tv_trick_policy always = {100, false, {1, 2, 1, 2}};

/* The card the policy has 'seat' holding 'held' play after 'plays'. */
static tv_card pick(int trump, const char *plays, int seat, const char *held) {
  static tv_deck d;
  make_deck(&d);
  tv_trick_rules r = follow_rules();
  tv_trick t;
  tv_trick_init(&t, &d, &r, trump);
  lead_with(&t, plays);
  tv_hand h = hand_of(&d, held);
  uint64_t mask = 0;
  for (int k = 0; k < TV_MAX_KINDS; k++)
    if (h.n[k]) mask |= 1ull << k;
  tv_trick_rule why;
  uint64_t legal = tv_trick_card_mask(&t, mask, &why);
  tv_rng r0;
  tv_rng_seed(&r0, 1);
  return tv_trick_policy_pick(&t, &h, legal, seat, &always, &r0);
}

static void expect(tv_card got, const char *want) {
  tv_deck d;
  make_deck(&d);
  assert_int_equal(got, card_of(&d, want));
}

/* An opponent's 9S leads: of KS QS 2S the lowest that wins is QS. */
static void takes_the_trick_as_cheaply_as_it_can(void **state) {
  (void)state;
  expect(pick(-1, "9S", 2, "KS QS 2S 3H"), "QS");
}

/* The partner's AS wins so far: the follower throws his lowest, 4S, not
 * KS (the follow rule keeps him in spades). */
static void lets_a_partners_winning_card_stand(void **state) {
  (void)state;
  expect(pick(-1, "AS 3S", 3, "KS 4S"), "4S");
}

/* Void in spades under hearts: the lowest trump that wins, 5H; when a
 * higher trump already won, the lowest card that is not a trump, 2D. */
static void trumps_low_and_keeps_trumps_it_cannot_win_with(void **state) {
  (void)state;
  expect(pick(H, "AS", 2, "KH 5H 9D"), "5H");
  expect(pick(H, "AS KH", 3, "5H 2D QC"), "2D");
}

/* Nothing wins: the lowest card of the follow rule's choice, 2S. */
static void throws_the_lowest_when_it_cannot_win(void **state) {
  (void)state;
  expect(pick(-1, "AS", 2, "KS 2S 3S"), "2S");
}

/* Where tricks cost (Hearts' penalty cards), the follower ducks: the
 * highest card that does not beat the 9S led, 8S; holding only winners,
 * the lowest of them; half the leads are the lowest card outside trumps. */
static void ducks_where_tricks_cost(void **state) {
  (void)state;
  tv_trick_policy duck = always;
  duck.duck = true;
  tv_deck d;
  make_deck(&d);
  tv_trick_rules r = follow_rules();
  tv_trick_rule why;
  tv_rng rng;
  tv_rng_seed(&rng, 3);
  const char *cases[][3] = {{"9S", "KS 8S 2S", "8S"}, {"9S", "KS QS", "QS"}};
  for (int i = 0; i < 2; i++) {
    tv_trick t;
    tv_trick_init(&t, &d, &r, -1);
    lead_with(&t, cases[i][0]);
    tv_hand h = hand_of(&d, cases[i][1]);
    tv_card c = tv_trick_policy_pick(
        &t, &h, tv_trick_card_mask(&t, ~0ull, &why), 2, &duck, &rng);
    assert_int_equal(c, card_of(&d, cases[i][2]));
  }
  tv_trick t;
  tv_trick_init(&t, &d, &r, H);
  tv_hand h = hand_of(&d, "AS 3D 2H");
  tv_card c = TV_NO_CARD;
  while (c == TV_NO_CARD)
    c = tv_trick_policy_pick(&t, &h, tv_trick_card_mask(&t, ~0ull, &why), 1,
                             &duck, &rng);
  assert_int_equal(c, card_of(&d, "3D"));
}

/* Half the leads are the highest card outside trumps (AS, not KH under
 * hearts), the others drawn uniformly (TV_NO_CARD); a hand of trumps only
 * leads its highest trump. */
static void leads_the_highest_side_card_half_the_time(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d);
  tv_trick_rules r = follow_rules();
  tv_trick t;
  tv_trick_init(&t, &d, &r, H);
  tv_hand h = hand_of(&d, "AS 2D KH"), trumps = hand_of(&d, "KH 5H");
  tv_trick_rule why;
  tv_rng rng;
  tv_rng_seed(&rng, 9);
  int top = 0, chance = 0, runs = 2000;
  for (int i = 0; i < runs; i++) {
    tv_card c = tv_trick_policy_pick(
        &t, &h, tv_trick_card_mask(&t, ~0ull, &why), 1, &always, &rng);
    if (c == TV_NO_CARD)
      chance++;
    else if (c == card_of(&d, "AS"))
      top++;
    else
      fail_msg("led card %d", c);
  }
  assert_int_equal(top + chance, runs);
  assert_in_range(top, 900, 1100);
  tv_card c = TV_NO_CARD;
  while (c == TV_NO_CARD)
    c = tv_trick_policy_pick(&t, &trumps, tv_trick_card_mask(&t, ~0ull, &why),
                             1, &always, &rng);
  assert_int_equal(c, card_of(&d, "KH"));
}

/* tv_trick_play_out_by over 300 random deals (follow suit, must head,
 * trump when void): every card it plays is legal when played; with no
 * policy it plays exactly tv_trick_play_out's cards. */
static void plays_only_legal_cards(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d);
  tv_trick_rules r = follow_rules();
  r.head = TV_HEAD_ALWAYS;
  r.on_void = TV_VOID_TRUMP;
  for (uint64_t seed = 1; seed <= 300; seed++) {
    tv_rng deal;
    tv_rng_seed(&deal, seed);
    tv_hand hands[4], again[4], *hp[4], *hq[4];
    for (int s = 0; s < 4; s++)
      tv_hand_clear(&hands[s]);
    for (int s = 0; s < 4; s++)
      while (hands[s].size < 5) {
        tv_card c = (tv_card)tv_rng_below(&deal, 52);
        bool taken = false;
        for (int o = 0; o < 4; o++)
          taken = taken || hands[o].n[c];
        if (!taken) tv_hand_add(&hands[s], c, 1);
      }
    for (int s = 0; s < 4; s++) {
      again[s] = hands[s];
      hp[s] = &hands[s];
      hq[s] = &again[s];
    }
    int trump = (int)(seed % 5) - 1;
    tv_trick t, u, shadow;
    tv_trick_init(&t, &d, &r, trump);
    tv_trick_init(&u, &d, &r, trump);
    tv_trick_init(&shadow, &d, &r, trump);
    tv_rng a, b;
    tv_rng_seed(&a, seed);
    tv_rng_seed(&b, seed);
    tv_card cards[4], plain[4];
    int seats[4], played;
    tv_hand before[4];
    memcpy(before, hands, sizeof before);
    assert_int_equal(tv_trick_play_out_by(&t, hp, 4, 0, 1, &a, &always, 4,
                                          cards, seats, &played, NULL),
                     TV_OK);
    assert_int_equal(played, 4);
    for (int i = 0; i < 4; i++) {
      tv_hand legal;
      tv_trick_legal(&shadow, &before[seats[i] - 1], &legal);
      assert_true(legal.n[cards[i]] > 0);
      tv_trick_play_card(&shadow, seats[i], cards[i], false, NULL);
    }
    assert_int_equal(tv_trick_play_out_by(&u, hq, 4, 0, 1, &b, NULL, 4, plain,
                                          NULL, &played, NULL),
                     TV_OK);
    tv_trick v;
    tv_trick_init(&v, &d, &r, trump);
    tv_rng c;
    tv_rng_seed(&c, seed);
    memcpy(again, before, sizeof again);
    tv_card uniform[4];
    assert_int_equal(
        tv_trick_play_out(&v, hq, 4, 0, 1, &c, 4, uniform, NULL, &played, NULL),
        TV_OK);
    assert_memory_equal(uniform, plain, sizeof plain);
  }
}

/* ---- tricks of sets ------------------------------------------------------ */

/* Sets of 1 to 3 cards beaten card by card; followers may play face down,
 * face up only to beat (Kosel's and Bura's shape). */
static tv_trick_rules set_rules(void) {
  tv_trick_rules r;
  tv_trick_rules_default(&r);
  r.lead_sizes = (1u << 1) | (1u << 2) | (1u << 3);
  r.face_down = TV_DOWN_ALLOWED;
  return r;
}

/* What the policy has 'seat' holding 'held' play after the face-up sets
 * 'plays' (separated by '|', from seat 1), under hearts; 'want' the set
 * and whether it goes face down. */
static void expect_set(const tv_trick_policy *p, const char *plays, int seat,
                       const char *held, const char *want, bool want_down) {
  static tv_deck d;
  make_deck(&d);
  tv_trick_rules r = set_rules();
  tv_trick t;
  tv_trick_init(&t, &d, &r, H);
  char buf[64];
  int s = 1;
  for (const char *q = plays; *q; s++) {
    size_t n = strcspn(q, "|");
    memcpy(buf, q, n);
    buf[n] = 0;
    tv_hand play = hand_of(&d, buf);
    tv_err e;
    assert_int_equal(tv_trick_play(&t, s, &play, s > 1, &e), TV_OK);
    q += n + (q[n] == '|');
  }
  tv_hand h = hand_of(&d, held), got, exp = hand_of(&d, want);
  bool down = false;
  tv_rng rng;
  tv_rng_seed(&rng, 1);
  assert_true(tv_trick_policy_set(&t, &h, seat, p, &rng, &got, &down));
  for (int k = 0; k < TV_MAX_KINDS; k++)
    if (got.n[k] != exp.n[k]) fail_msg("%s: not the set %s", held, want);
  assert_int_equal(down, want_down);
}

/* An opponent's 9S 8S: of the sets that beat both cards, the lowest, KS QS
 * (not a trump, TH); a partner's lead stands and the follower throws his
 * two lowest face down; a lead nobody can beat, the two lowest face down. */
static void sets_beaten_as_cheaply_as_possible(void **state) {
  (void)state;
  expect_set(&always, "9S 8S", 2, "KS QS 2S TH", "KS QS", false);
  expect_set(&always, "9S 8S|7S 6S", 3, "KS QS 2S 3D", "2S 3D", true);
  expect_set(&always, "AS KS", 2, "QS JS 2D", "JS 2D", true);
}

/* Where tricks cost the follower keeps his lowest cards: the highest set
 * that does not take the trick, KS QS face down. */
static void sets_ducked_where_tricks_cost(void **state) {
  (void)state;
  tv_trick_policy duck = always;
  duck.duck = true;
  expect_set(&duck, "9S 8S", 2, "KS QS 2S 3S", "KS QS", true);
}

/* Leads are the caller's (drawn uniformly), and so is every play with no
 * policy or a policy of 0 %. */
static void set_leads_left_to_the_caller(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d);
  tv_trick_rules r = set_rules();
  tv_trick t;
  tv_trick_init(&t, &d, &r, H);
  tv_hand h = hand_of(&d, "AS KS QS"), play;
  bool down;
  tv_rng rng;
  tv_rng_seed(&rng, 2);
  assert_false(tv_trick_policy_set(&t, &h, 1, &always, &rng, &play, &down));
  tv_hand lead = hand_of(&d, "9S");
  assert_int_equal(tv_trick_play(&t, 1, &lead, false, NULL), TV_OK);
  tv_trick_policy never = always;
  never.percent = 0;
  assert_false(tv_trick_policy_set(&t, &h, 2, &never, &rng, &play, &down));
  assert_false(tv_trick_policy_set(&t, &h, 2, NULL, &rng, &play, &down));
}

/* Over 300 random deals of sets, every play the policy makes is one the
 * trick accepts. */
static void sets_played_by_policy_are_legal(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d);
  tv_trick_rules r = set_rules();
  for (uint64_t seed = 1; seed <= 300; seed++) {
    tv_rng rng;
    tv_rng_seed(&rng, seed);
    tv_trick t;
    tv_trick_init(&t, &d, &r, (int)(seed % 4));
    for (int s = 1; s <= 4; s++) {
      tv_hand h, play;
      tv_hand_clear(&h);
      while (h.size < 4)
        tv_hand_add(&h, (tv_card)tv_rng_below(&rng, d.nkinds), 1);
      bool down;
      if (!tv_trick_policy_set(&t, &h, s, &always, &rng, &play, &down))
        assert_true(tv_trick_random(&t, &h, &rng, &play, &down));
      tv_err e;
      assert_int_equal(tv_trick_play(&t, s, &play, down, &e), TV_OK);
    }
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(takes_the_trick_as_cheaply_as_it_can),
      cmocka_unit_test(lets_a_partners_winning_card_stand),
      cmocka_unit_test(trumps_low_and_keeps_trumps_it_cannot_win_with),
      cmocka_unit_test(throws_the_lowest_when_it_cannot_win),
      cmocka_unit_test(leads_the_highest_side_card_half_the_time),
      cmocka_unit_test(ducks_where_tricks_cost),
      cmocka_unit_test(plays_only_legal_cards),
      cmocka_unit_test(sets_beaten_as_cheaply_as_possible),
      cmocka_unit_test(sets_ducked_where_tricks_cost),
      cmocka_unit_test(set_leads_left_to_the_caller),
      cmocka_unit_test(sets_played_by_policy_are_legal),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
