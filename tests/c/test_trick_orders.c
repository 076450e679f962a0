/*
 * test_trick_orders.c - trump orders as trick-rule data (vm/trick.h "Trump
 * orders"): cards printed in other suits that count as trump, trump suits
 * of their own, no trump with another rank order, and per-suit orders,
 * checked on the rules of Euchre (EUC-R6, R7: the bowers), Skat (suit
 * games, Grand, Null) and Doppelkopf (the standard game), and a seat
 * sitting out of the random playout.
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

/* ---- helpers ------------------------------------------------------------ */

static void make_deck(tv_deck *d, const char *suits, const char *ranks,
                      int copies) {
  tv_err e;
  assert_int_equal(tv_deck_init(d, suits, ranks, &e), TV_OK);
  assert_int_equal(tv_deck_set_copies(d, copies, &e), TV_OK);
}

static tv_hand H(const tv_deck *d, const char *s) {
  tv_hand h;
  tv_err e;
  tv_hand_clear(&h);
  if (tv_hand_parse(d, s, &h, &e) != TV_OK) fail_msg("%s: %s", s, e.msg);
  return h;
}

/* Adds the order 'name' whose trumps are the cards of 'cards' in that
 * order (highest first). */
static tv_trick_order *add_order(tv_trick_rules *r, const tv_deck *d,
                                 const char *name, const char *cards) {
  tv_err e;
  tv_trick_order *o = tv_trick_rules_add_order(r, d, name, strlen(name), &e);
  assert_non_null(o);
  while (*cards) {
    size_t n = strcspn(cards, " ");
    if (n) {
      tv_card c;
      assert_int_equal(tv_card_parse(d, cards, n, &c, &e), TV_OK);
      o->trumps[o->ntrumps++] = c;
    }
    cards += n + (cards[n] == ' ');
  }
  return o;
}

static int choice(const tv_trick_rules *r, const tv_deck *d, const char *n) {
  int c = tv_trick_rules_choice(r, d, n, strlen(n));
  assert_true(c >= TV_TRUMP_NONE);
  return c;
}

/* Plays each token of 'cards' as a one-card play, seats 0, 1, 2, ... */
static void play_each(tv_trick *t, const char *cards) {
  tv_err e;
  char tok[8];
  while (*cards) {
    size_t n = strcspn(cards, " ");
    if (n && n < sizeof tok) {
      memcpy(tok, cards, n);
      tok[n] = 0;
      tv_hand p = H(t->deck, tok);
      assert_int_equal(tv_trick_play(t, t->nplays, &p, false, &e), TV_OK);
    }
    cards += n + (cards[n] == ' ');
  }
}

static void assert_legal(const tv_trick *t, const char *hand,
                         const char *want) {
  tv_hand h = H(t->deck, hand), legal, w = H(t->deck, want);
  char a[128], b[128];
  tv_trick_legal(t, &h, &legal);
  tv_hand_format(t->deck, &legal, TV_STYLE_ASCII, a, sizeof a);
  tv_hand_format(t->deck, &w, TV_STYLE_ASCII, b, sizeof b);
  if (!tv_hand_equal(&legal, &w)) fail_msg("legal %s, want %s", a, b);
  for (int k = 0; k < TV_MAX_KINDS; k++) { /* the check agrees, card by card */
    if (!h.n[k]) continue;
    tv_hand one;
    tv_hand_clear(&one);
    tv_hand_add(&one, (tv_card)k, 1);
    tv_status st = tv_trick_check(t, &h, &one, false, TV_STYLE_ASCII, NULL);
    assert_int_equal(st == TV_OK, w.n[k] > 0);
  }
}

static void assert_hand(const tv_deck *d, const tv_hand *got, const char *w) {
  tv_hand want = H(d, w);
  assert_true(tv_hand_equal(got, &want));
}

static const char *because(const tv_trick *t, const char *hand,
                           const char *card, tv_trick_why *w) {
  tv_hand h = H(t->deck, hand), p = H(t->deck, card);
  assert_int_equal(tv_trick_check(t, &h, &p, false, TV_STYLE_UNICODE, w),
                   TV_EILLEGAL);
  return w->because;
}

static const char *explain(const tv_trick *t, char *buf, size_t cap) {
  tv_trick_explain(t, TV_STYLE_UNICODE, buf, cap);
  return buf;
}

/* ---- Euchre ------------------------------------------------------------- */

/* EUC-R6 as data: per trump suit its jack, then the other jack of the same
 * colour, above the rest of the suit. */
static void euchre_rules(tv_trick_rules *r, const tv_deck *d) {
  tv_err e;
  tv_trick_rules_default(r);
  r->follow = 1;
  add_order(r, d, "H", "JH JD");
  add_order(r, d, "D", "JD JH");
  add_order(r, d, "S", "JS JC");
  add_order(r, d, "C", "JC JS");
  assert_int_equal(tv_trick_rules_check(r, d, &e), TV_OK);
}

/* EUC-R7: with hearts trump the left bower J♦ follows hearts and not
 * diamonds, and a refusal says why a J♦ that looks like a diamond does
 * not follow diamonds. */
static void euchre_left_bower_follows_trump(void **state) {
  (void)state;
  tv_deck d;
  tv_trick_rules r;
  tv_trick t;
  tv_trick_why w;
  make_deck(&d, "S H D C", "A K Q J T 9", 1);
  euchre_rules(&r, &d);
  tv_trick_init(&t, &d, &r, choice(&r, &d, "H"));
  assert_int_equal(t.trump, 1);
  play_each(&t, "9H");
  assert_legal(&t, "JD QD AS", "JD");
  assert_legal(&t, "QD AS", "QD AS");
  tv_trick_init(&t, &d, &r, choice(&r, &d, "H"));
  play_each(&t, "AD");
  assert_legal(&t, "JD QD AS", "QD");
  assert_legal(&t, "JD AS", "JD AS");
  assert_string_equal(because(&t, "JD QD AS", "JD", &w),
                      "must follow ♦: you hold Q♦ (J♦ counts as ♥)");
  assert_hand(&d, &w.satisfy, "QD");
  /* the left bower led: hearts were led */
  tv_trick_init(&t, &d, &r, choice(&r, &d, "H"));
  play_each(&t, "JD");
  assert_int_equal(t.led, 1);
  assert_legal(&t, "AH QD", "AH");
}

/* EUC-R6: J♥ > J♦ > A♥ > K♥ > … > 9♥ under hearts; the jack of trump is
 * no longer below the queen, and a trump beats any card of another suit. */
static void euchre_bowers_win(void **state) {
  (void)state;
  tv_deck d;
  tv_trick_rules r;
  tv_trick t;
  char buf[256];
  make_deck(&d, "S H D C", "A K Q J T 9", 1);
  euchre_rules(&r, &d);
  static const struct {
    const char *trick;
    int winner;
  } cases[] = {
      {"AH JD", 1},    {"JD JH", 1},    {"JH JD AH", 0}, {"QH JH", 1},
      {"AD KD 9D", 0}, {"AD 9H", 1},    {"AD JD", 1},    {"AS JC AC", 0},
      {"9H AH KH", 1}, {"KD QD JD", 2},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tv_trick_init(&t, &d, &r, choice(&r, &d, "H"));
    play_each(&t, cases[i].trick);
    if (tv_trick_winner(&t) != cases[i].winner)
      fail_msg("%s: winner %d, want %d", cases[i].trick, tv_trick_winner(&t),
               cases[i].winner);
  }
  tv_trick_init(&t, &d, &r, choice(&r, &d, "H"));
  play_each(&t, "AD JD");
  assert_string_equal(explain(&t, buf, sizeof buf),
                      "J♦ wins: highest trump (J♦ counts as ♥)");
  /* the same cards under spades: J♦ is a diamond again */
  tv_trick_init(&t, &d, &r, choice(&r, &d, "S"));
  play_each(&t, "AD JD");
  assert_int_equal(tv_trick_winner(&t), 0);
  assert_string_equal(explain(&t, buf, sizeof buf),
                      "A♦ wins: highest card of the led suit ♦; no trump was "
                      "played");
}

/* ---- Skat --------------------------------------------------------------- */

/* Skat's trick rules: in a suit game the four jacks (♣ ♠ ♥ ♦) rank above
 * the trump suit's A 10 K Q 9 8 7; in Grand the jacks alone are trump, a
 * suit of their own; in Null there is no trump and the natural order
 * A K Q J 10 9 8 7 holds. Plain suits rank A 10 K Q (J) 9 8 7. */
static void skat_rules(tv_trick_rules *r, const tv_deck *d) {
  tv_err e;
  tv_trick_rules_default(r);
  r->follow = 1;
  for (int s = 0; s < d->nsuits; s++)
    add_order(r, d, d->suit_name[s], "JC JS JH JD");
  add_order(r, d, "grand", "JC JS JH JD");
  tv_trick_order *null = add_order(r, d, "null", "");
  static const uint8_t natural[] = {0, 4, 1, 2, 3, 5, 6, 7};
  for (int s = 0; s < d->nsuits; s++)
    memcpy(null->order[s], natural, sizeof natural); /* deck: A T K Q J … */
  assert_int_equal(tv_trick_rules_check(r, d, &e), TV_OK);
}

static void skat_deck(tv_deck *d) {
  make_deck(d, "C S H D", "A T K Q J 9 8 7", 1);
}

/* A suit game (clubs): J♦ beats A♣, J♠ is no spade, and the jacks follow
 * a club lead. */
static void skat_suit_game(void **state) {
  (void)state;
  tv_deck d;
  tv_trick_rules r;
  tv_trick t;
  tv_trick_why w;
  char buf[256];
  skat_deck(&d);
  skat_rules(&r, &d);
  int clubs = choice(&r, &d, "C");
  tv_trick_init(&t, &d, &r, clubs);
  play_each(&t, "AC JD TC");
  assert_int_equal(tv_trick_winner(&t), 1);
  tv_trick_init(&t, &d, &r, clubs);
  play_each(&t, "7C");
  assert_legal(&t, "JH AS 8S", "JH");
  tv_trick_init(&t, &d, &r, clubs);
  play_each(&t, "AS");
  assert_legal(&t, "JS 7S AH", "7S");
  assert_string_equal(because(&t, "JS 7S AH", "JS", &w),
                      "must follow ♠: you hold 7♠ (J♠ counts as ♣)");
  play_each(&t, "7S JS");
  assert_int_equal(tv_trick_winner(&t), 2);
  assert_string_equal(explain(&t, buf, sizeof buf),
                      "J♠ wins: highest trump (J♠ counts as ♣)");
  /* the plain suit keeps A 10 K Q 9 8 7 without its jack */
  tv_trick_init(&t, &d, &r, clubs);
  play_each(&t, "KH TH 9H");
  assert_int_equal(tv_trick_winner(&t), 1);
}

/* Grand: the jacks are a trump suit of their own; a jack lead asks for a
 * jack, and a jack beats any ace. */
static void skat_grand(void **state) {
  (void)state;
  tv_deck d;
  tv_trick_rules r;
  tv_trick t;
  tv_trick_why w;
  char buf[256];
  skat_deck(&d);
  skat_rules(&r, &d);
  int grand = choice(&r, &d, "grand");
  assert_int_equal(grand, TV_TRUMP_ORDER + 4);
  tv_trick_init(&t, &d, &r, grand);
  assert_int_equal(t.trump, d.nsuits + 1);
  assert_string_equal(tv_trick_trump_name(&t), "grand");
  play_each(&t, "JH");
  assert_int_equal(t.led, d.nsuits + 1);
  assert_legal(&t, "JS AC AS", "JS");
  assert_legal(&t, "AC TC", "AC TC");
  assert_string_equal(because(&t, "JS AC AS", "AC", &w),
                      "must follow trump: you hold J♠ (J♠ counts as trump)");
  play_each(&t, "JC AC");
  assert_int_equal(tv_trick_winner(&t), 1);
  tv_trick_init(&t, &d, &r, grand);
  play_each(&t, "AC TC JD");
  assert_int_equal(tv_trick_winner(&t), 2);
  assert_string_equal(explain(&t, buf, sizeof buf),
                      "J♦ wins: highest trump (J♦ counts as trump)");
  tv_trick_init(&t, &d, &r, grand);
  play_each(&t, "AC");
  assert_legal(&t, "JC 7C AS", "7C"); /* the jack is no club */
}

/* Null: no trump, and 10 ranks between 9 and J. */
static void skat_null(void **state) {
  (void)state;
  tv_deck d;
  tv_trick_rules r;
  tv_trick t;
  char buf[256];
  skat_deck(&d);
  skat_rules(&r, &d);
  int null = choice(&r, &d, "null");
  tv_trick_init(&t, &d, &r, null);
  assert_int_equal(t.trump, -1);
  assert_string_equal(tv_trick_trump_name(&t), "null");
  play_each(&t, "9S TS");
  assert_int_equal(tv_trick_winner(&t), 1);
  play_each(&t, "JS");
  assert_int_equal(tv_trick_winner(&t), 2);
  assert_string_equal(explain(&t, buf, sizeof buf),
                      "J♠ wins: highest card of the led suit ♠; there is no "
                      "trump");
  tv_trick_init(&t, &d, &r, null);
  play_each(&t, "KS");
  assert_legal(&t, "JS JC", "JS"); /* a jack follows its own suit */
  play_each(&t, "AS JC");
  assert_int_equal(tv_trick_winner(&t), 1);
}

/* ---- Doppelkopf --------------------------------------------------------- */

/* The standard game: 10♥, the queens (♣ ♠ ♥ ♦), the jacks (♣ ♠ ♥ ♦), then
 * A 10 K 9 of diamonds are trump; two copies of every card, the first of
 * identical cards wins. Plain suits: ♣ and ♠ A 10 K 9, ♥ A K 9. */
static void doppelkopf_rules(tv_trick_rules *r, const tv_deck *d) {
  tv_err e;
  tv_trick_rules_default(r);
  r->follow = 1;
  add_order(r, d, "D", "TH QC QS QH QD JC JS JH JD");
  assert_int_equal(tv_trick_rules_check(r, d, &e), TV_OK);
}

static void doppelkopf_standard(void **state) {
  (void)state;
  tv_deck d;
  tv_trick_rules r;
  tv_trick t;
  tv_trick_why w;
  char buf[256];
  make_deck(&d, "C S H D", "A T K Q J 9", 2);
  doppelkopf_rules(&r, &d);
  int normal = choice(&r, &d, "D");
  static const struct {
    const char *trick;
    int winner;
  } cases[] = {
      {"AC QD 9D JD", 1}, {"TH TH", 0},       {"9D JD QC TH", 3},
      {"AH KH 9H AH", 0}, {"AH TH", 1},       {"AD JD", 1},
      {"JC JS QD 9D", 2}, {"AS TS KS 9S", 0}, {"KC AD TC AC", 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    tv_trick_init(&t, &d, &r, normal);
    play_each(&t, cases[i].trick);
    if (tv_trick_winner(&t) != cases[i].winner)
      fail_msg("%s: winner %d, want %d", cases[i].trick, tv_trick_winner(&t),
               cases[i].winner);
  }
  /* hearts led: 10♥ is a trump, not a heart */
  tv_trick_init(&t, &d, &r, normal);
  play_each(&t, "AH");
  assert_legal(&t, "TH KH QC", "KH");
  assert_legal(&t, "TH QC AC", "TH QC AC");
  assert_string_equal(because(&t, "TH KH QC", "TH", &w),
                      "must follow ♥: you hold K♥ (10♥ counts as ♦)");
  /* a queen led is a trump lead */
  tv_trick_init(&t, &d, &r, normal);
  play_each(&t, "QC");
  assert_legal(&t, "9D AC KH", "9D");
  play_each(&t, "QC");
  assert_int_equal(tv_trick_winner(&t), 0);
  assert_string_equal(explain(&t, buf, sizeof buf),
                      "Q♣ wins: highest trump (Q♣ counts as ♦); the later "
                      "identical Q♣ does not beat it (the first of identical "
                      "cards wins)");
}

/* ---- per-suit orders, checks, sitting out ------------------------------ */

/* Each suit may rank its cards in its own order (red suits low-to-high for
 * the small cards, as in the old Spanish games). */
static void per_suit_rank_orders(void **state) {
  (void)state;
  tv_deck d;
  tv_trick_rules r;
  tv_trick t;
  tv_err e;
  make_deck(&d, "S H D C", "K Q J 7 6 5", 1);
  tv_trick_rules_default(&r);
  static const uint8_t red[] = {0, 1, 2, 5, 4, 3}; /* K Q J 5 6 7 */
  memcpy(r.order[1], red, sizeof red);
  memcpy(r.order[2], red, sizeof red);
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_OK);
  tv_trick_init(&t, &d, &r, TV_TRUMP_NONE);
  play_each(&t, "7H 5H");
  assert_int_equal(tv_trick_winner(&t), 1);
  tv_trick_init(&t, &d, &r, TV_TRUMP_NONE);
  play_each(&t, "5S 7S");
  assert_int_equal(tv_trick_winner(&t), 1);
}

/* tv_trick_rules_check names what is wrong with an order. */
static void order_checks(void **state) {
  (void)state;
  tv_deck d;
  tv_trick_rules r;
  tv_err e;
  make_deck(&d, "S H D C", "A K Q J T 9", 1);
  tv_trick_rules_default(&r);
  tv_trick_order *o = add_order(&r, &d, "H", "JH JD");
  o->trumps[o->ntrumps++] = o->trumps[0];
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_EINVAL);
  assert_string_equal(e.msg, "key 'trumps': order H lists a card twice or "
                             "one outside the deck");
  tv_trick_rules_default(&r);
  add_order(&r, &d, "grand", "JH");
  assert_null(tv_trick_rules_add_order(&r, &d, "GRAND", 5, &e));
  assert_string_equal(e.msg, "key 'trumps': two orders are named \"GRAND\"");
  assert_null(tv_trick_rules_add_order(&r, &d, "", 0, &e));
  for (int i = 1; i < TV_TRICK_MAX_ORDERS; i++) {
    char name[8] = {'o', (char)('a' + i), 0};
    assert_non_null(tv_trick_rules_add_order(&r, &d, name, 2, &e));
  }
  assert_null(tv_trick_rules_add_order(&r, &d, "more", 4, &e));
  assert_int_equal(tv_trick_rules_choice(&r, &d, "nothing", 7),
                   TV_TRUMP_NONE - 1);
  assert_int_equal(tv_trick_rules_choice(&r, &d, "♥", strlen("♥")), 1);
}

/* A seat sitting out plays no card in tv_trick_play_out: with seat 2 of 4
 * out, a trick is three cards from seats 1, 3 and 4, and seat 2's hand is
 * untouched. */
static void play_out_passes_over_seats_out(void **state) {
  (void)state;
  tv_deck d;
  tv_trick_rules r;
  tv_trick t;
  tv_rng rng;
  tv_err e;
  make_deck(&d, "S H D C", "A K Q J T 9", 1);
  euchre_rules(&r, &d);
  tv_hand h[4] = {H(&d, "AS KS"), H(&d, "AH KH"), H(&d, "AD KD"),
                  H(&d, "AC KC")};
  tv_hand *hp[4] = {&h[0], &h[1], &h[2], &h[3]};
  tv_card cards[4];
  int seats[4], played;
  tv_rng_seed(&rng, 3);
  tv_trick_init(&t, &d, &r, 0);
  assert_int_equal(tv_trick_seats_in(4, 1u << 1), 3);
  assert_int_equal(tv_trick_play_out(&t, hp, 4, 1u << 1, 4, &rng, 9, cards,
                                     seats, &played, &e),
                   TV_OK);
  assert_int_equal(played, 3);
  assert_int_equal(seats[0], 4);
  assert_int_equal(seats[1], 1);
  assert_int_equal(seats[2], 3);
  assert_int_equal(h[1].size, 2);
  tv_trick_clear(&t);
  assert_int_equal(tv_trick_play_out(&t, hp, 4, 1u << 1, 2, &rng, 9, cards,
                                     seats, &played, &e),
                   TV_EINVAL);
  assert_string_equal(e.msg, "seat 2 sits out");
  assert_int_equal(
      tv_trick_play_out(&t, hp, 4, 15, 1, &rng, 9, NULL, NULL, &played, &e),
      TV_EINVAL);
  assert_string_equal(e.msg, "every seat sits out");
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(euchre_left_bower_follows_trump),
      cmocka_unit_test(euchre_bowers_win),
      cmocka_unit_test(skat_suit_game),
      cmocka_unit_test(skat_grand),
      cmocka_unit_test(skat_null),
      cmocka_unit_test(doppelkopf_standard),
      cmocka_unit_test(per_suit_rank_orders),
      cmocka_unit_test(order_checks),
      cmocka_unit_test(play_out_passes_over_seats_out),
  };
  return cmocka_run_group_tests_name("trick_orders", tests, NULL, NULL);
}
