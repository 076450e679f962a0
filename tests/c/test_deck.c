/*
 * test_deck.c - deck specifications, card names, parsing and printing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include "deck.h"
#include "hand.h"

static void make(tv_deck *d, const char *ranks, int copies, const char *pts) {
  tv_err e;
  assert_int_equal(tv_deck_init(d, "S H D C", ranks, &e), TV_OK);
  assert_int_equal(tv_deck_set_copies(d, copies, &e), TV_OK);
  for (int r = 0; pts && *pts; r++) {
    tv_deck_set_points(d, r, (int)strtol(pts, (char **)&pts, 10));
  }
}

static int total_points(const tv_deck *d) {
  int t = 0;
  for (int k = 0; k < d->nkinds; k++)
    t += d->copies[k] * tv_points(d, (tv_card)k);
  return t;
}

/* HOS-R4, HOS-R6: 80 cards, four copies of A T K Q J, 480 card points. */
static void hosgin_deck_has_80_cards_worth_480(void **state) {
  (void)state;
  tv_deck d;
  make(&d, "A T K Q J", 4, "11 10 4 3 2");
  assert_int_equal(d.ncards, 80);
  assert_int_equal(total_points(&d), 480);
}

/* KOZ-R2: 36 cards A T K Q J 9 8 7 6, 120 points. */
static void kosel_deck_has_36_cards_worth_120(void **state) {
  (void)state;
  tv_deck d;
  make(&d, "A T K Q J 9 8 7 6", 1, "11 10 4 3 2 0 0 0 0");
  assert_int_equal(d.ncards, 36);
  assert_int_equal(total_points(&d), 120);
}

/* BES-R2, BES-R3: two packs 64 cards / 240 points, three packs 96 / 360. */
static void besigue_decks_of_two_and_three_packs(void **state) {
  (void)state;
  tv_deck d;
  make(&d, "A T K Q J 9 8 7", 2, "11 10 4 3 2 0 0 0");
  assert_int_equal(d.ncards, 64);
  assert_int_equal(total_points(&d), 240);
  make(&d, "A T K Q J 9 8 7", 3, "11 10 4 3 2 0 0 0");
  assert_int_equal(d.ncards, 96);
  assert_int_equal(total_points(&d), 360);
}

/* HOK-R1, HOK-R12: 52 cards; three players strip 2C, leaving 51. */
static void hokm_deck_strips_one_two(void **state) {
  (void)state;
  tv_deck d;
  tv_err e;
  tv_card c;
  make(&d, "A K Q J T 9 8 7 6 5 4 3 2", 1, NULL);
  assert_int_equal(d.ncards, 52);
  assert_int_equal(tv_card_parse(&d, "2C", 2, &c, &e), TV_OK);
  assert_int_equal(tv_deck_strip(&d, c, &e), TV_OK);
  assert_int_equal(d.ncards, 51);
  assert_int_equal(tv_card_parse(&d, "2C", 2, &c, &e), TV_ENOCARD);
  assert_non_null(strstr(e.msg, "2C"));
  assert_int_equal(tv_deck_strip(&d, c, &e), TV_ENOCARD);
}

/* RULES.md §0 card notation: QS, qs, TS, 10S and Q♠ all parse. */
static void card_notations_parse_to_the_same_kind(void **state) {
  (void)state;
  tv_deck d;
  tv_err e;
  tv_card a, b;
  make(&d, "A K Q J T 9 8 7 6 5 4 3 2", 1, NULL);
  const char *same_q[] = {"QS", "qs", "Qs", "Q\u2660", "q\u2664"};
  assert_int_equal(tv_card_parse(&d, "QS", 2, &a, &e), TV_OK);
  for (size_t i = 0; i < sizeof same_q / sizeof *same_q; i++) {
    assert_int_equal(tv_card_parse(&d, same_q[i], strlen(same_q[i]), &b, &e),
                     TV_OK);
    assert_int_equal(a, b);
  }
  const char *tens[] = {"TH", "10H", "th", "10\u2665", "T\u2661"};
  assert_int_equal(tv_card_parse(&d, "TH", 2, &a, &e), TV_OK);
  for (size_t i = 0; i < sizeof tens / sizeof *tens; i++) {
    assert_int_equal(tv_card_parse(&d, tens[i], strlen(tens[i]), &b, &e),
                     TV_OK);
    assert_int_equal(a, b);
  }
}

/* Printing then parsing gives the card back, in every style, every deck. */
static void print_parse_round_trip_in_every_style(void **state) {
  (void)state;
  static const char *ranks[] = {"A K Q J T 9 8 7 6 5 4 3 2", "A T K Q J",
                                "A T K Q J 9 8 7 6", "A T K Q J 9 8 7"};
  for (size_t i = 0; i < 4; i++) {
    tv_deck d;
    make(&d, ranks[i], 1, NULL);
    for (int k = 0; k < d.nkinds; k++)
      for (int st = TV_STYLE_ASCII; st <= TV_STYLE_UNICODE; st++) {
        char buf[32];
        tv_card c;
        tv_err e;
        size_t n =
            tv_card_format(&d, (tv_card)k, (tv_style)st, buf, sizeof buf);
        assert_int_equal(tv_card_parse(&d, buf, n, &c, &e), TV_OK);
        assert_int_equal(c, k);
      }
  }
}

static void ascii_and_unicode_names(void **state) {
  (void)state;
  tv_deck d;
  tv_err e;
  tv_card c;
  char buf[32];
  make(&d, "A K Q J T 9 8 7 6 5 4 3 2", 1, NULL);
  tv_card_parse(&d, "10h", 3, &c, &e);
  tv_card_format(&d, c, TV_STYLE_ASCII, buf, sizeof buf);
  assert_string_equal(buf, "TH");
  tv_card_format(&d, c, TV_STYLE_UNICODE, buf, sizeof buf);
  assert_string_equal(buf, "10\u2665");
  tv_card_format(&d, c, TV_STYLE_COLOR, buf, sizeof buf);
  assert_string_equal(buf, "\x1b[31m10\u2665\x1b[39m");
  tv_card_parse(&d, "QS", 2, &c, &e);
  tv_card_format(&d, c, TV_STYLE_COLOR, buf, sizeof buf);
  assert_string_equal(buf, "Q\u2660"); /* black suits stay plain */
}

/* A bad token is refused with a message that quotes it and lists what is
 * valid; nothing crashes on empty or odd input. */
static void bad_cards_are_named_in_the_error(void **state) {
  (void)state;
  tv_deck d;
  tv_err e;
  tv_card c;
  make(&d, "A T K Q J", 4, NULL);
  static const char *bad[] = {"ZS", "QZ", "Q", "", "QSS", "9S", "\xff\xfe"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    assert_int_not_equal(tv_card_parse(&d, bad[i], strlen(bad[i]), &c, &e),
                         TV_OK);
    assert_non_null(strstr(e.msg, "A T K Q J"));
    assert_non_null(strstr(e.msg, "S H D C"));
  }
  tv_card_parse(&d, "9S", 2, &c, &e);
  assert_non_null(strstr(e.msg, "\"9S\""));
}

/* The token in a message is shown so it can be read and typed: control
 * bytes, a NUL and broken UTF-8 as \xHH, quotes escaped, well-formed
 * UTF-8 as it is, a long token cut with "..." (the message never runs out
 * of room for the list of valid ranks and suits). */
static void odd_tokens_are_quoted_readably(void **state) {
  (void)state;
  tv_deck d;
  tv_err e;
  tv_card c;
  char buf[64];
  make(&d, "A K Q J T 9 8 7 6 5 4 3 2", 1, NULL);
  static const struct {
    const char *tok;
    size_t len;
    const char *shown;
  } cases[] = {
      {"Q\x01S", 3, "\"Q\\x01S\""},
      {"Q\0S", 3, "\"Q\\x00S\""},
      {"\xff\xfe", 2, "\"\\xFF\\xFE\""},
      {"\xe2\x99", 2, "\"\\xE2\\x99\""}, /* a cut ♠ */
      {"Q\xe2\x99\xa0\xe2\x99\xa0", 7, "\"Q\u2660\u2660\""},
      {"Q\"S", 3, "\"Q\\\"S\""},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    assert_int_equal(tv_card_parse(&d, cases[i].tok, cases[i].len, &c, &e),
                     TV_EINVAL);
    assert_non_null(strstr(e.msg, cases[i].shown));
  }
  char long_tok[300];
  memset(long_tok, 'Q', sizeof long_tok);
  assert_int_equal(tv_card_parse(&d, long_tok, sizeof long_tok, &c, &e),
                   TV_EINVAL);
  assert_non_null(strstr(e.msg, "QQQ...\" in this deck"));
  assert_non_null(strstr(e.msg, "(S H D C)"));
  tv_token_quote("\xe2\x99\xa0", 3, buf, 4); /* too small: empty */
  assert_string_equal(buf, "");
}

static void bad_deck_descriptions_fail_cleanly(void **state) {
  (void)state;
  tv_deck d;
  tv_err e;
  assert_int_equal(tv_deck_init(&d, "", "A K", &e), TV_EINVAL);
  assert_int_equal(tv_deck_init(&d, "S H", "", &e), TV_EINVAL);
  assert_int_equal(tv_deck_init(&d, "S S", "A K", &e), TV_EINVAL);
  assert_non_null(strstr(e.msg, "\"S\""));
  assert_int_equal(tv_deck_init(&d, "S H", "A A", &e), TV_EINVAL);
  assert_int_equal(
      tv_deck_init(&d, "S H D C E", "A K Q J T 9 8 7 6 5 4 3 2", &e),
      TV_ERANGE); /* 65 kinds */
  assert_int_equal(tv_deck_init(&d, "S H", "TOOLONGNAME", &e), TV_EINVAL);
  /* A name must be writable in a card list (hand.h separators). */
  static const char *unwritable[] = {"A\nK", "A;", "{A", "A\x01", "\xff"};
  for (size_t i = 0; i < sizeof unwritable / sizeof *unwritable; i++) {
    assert_int_equal(tv_deck_init(&d, "S H", unwritable[i], &e), TV_EINVAL);
    assert_non_null(strstr(e.msg, "rank name \""));
    assert_non_null(strstr(e.msg, "cannot be written in a card"));
    assert_int_equal(tv_deck_init(&d, unwritable[i], "A K", &e), TV_EINVAL);
    assert_non_null(strstr(e.msg, "suit name \""));
  }
  assert_non_null(strstr(e.msg, "\"\\xFF\""));
  assert_int_equal(tv_deck_init(&d, "\u2660 \u2665", "A \u00c4", &e), TV_OK);
  assert_int_equal(tv_deck_init(&d, "S H D C", "A K Q J T 9 8 7 6 5 4 3 2", &e),
                   TV_OK);
  assert_int_equal(tv_deck_set_copies(&d, 5, &e), TV_ERANGE); /* 260 > 255 */
  assert_int_equal(tv_deck_set_copies(&d, 0, &e), TV_ERANGE);
  assert_int_equal(d.ncards, 52); /* unchanged by the failures */
}

/* Jokers: one extra kind of identical copies, named X. */
static void jokers_are_one_kind_with_copies(void **state) {
  (void)state;
  tv_deck d;
  tv_err e;
  tv_card c;
  make(&d, "A K Q J T 9 8 7 6 5 4 3 2", 1, NULL);
  assert_int_equal(tv_deck_add_jokers(&d, 2, 50, &e), TV_OK);
  assert_int_equal(d.ncards, 54);
  assert_int_equal(tv_card_parse(&d, "x", 1, &c, &e), TV_OK);
  assert_int_equal(c, d.joker);
  assert_int_equal(tv_suit(&d, c), d.nsuits);
  assert_int_equal(tv_points(&d, c), 50);
  assert_int_equal(tv_card_parse(&d, "joker", 5, &c, &e), TV_OK);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(hosgin_deck_has_80_cards_worth_480),
      cmocka_unit_test(kosel_deck_has_36_cards_worth_120),
      cmocka_unit_test(besigue_decks_of_two_and_three_packs),
      cmocka_unit_test(hokm_deck_strips_one_two),
      cmocka_unit_test(card_notations_parse_to_the_same_kind),
      cmocka_unit_test(print_parse_round_trip_in_every_style),
      cmocka_unit_test(ascii_and_unicode_names),
      cmocka_unit_test(bad_cards_are_named_in_the_error),
      cmocka_unit_test(odd_tokens_are_quoted_readably),
      cmocka_unit_test(bad_deck_descriptions_fail_cleanly),
      cmocka_unit_test(jokers_are_one_kind_with_copies),
  };
  return cmocka_run_group_tests_name("deck", tests, NULL, NULL);
}
