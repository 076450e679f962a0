/*
 * test_trick.c - the pure C trick engine (vm/trick.c, vm/trick_why.c) on
 * the card-play rules of RULES.md, written here as tv_trick_rules data,
 * and on the worked examples of EXAMPLES.md.
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

static void make_deck(tv_deck *d, const char *ranks, const char *points,
                      int copies) {
  tv_err e;
  assert_int_equal(tv_deck_init(d, "S H D C", ranks, &e), TV_OK);
  for (int r = 0; points && *points; r++) {
    tv_deck_set_points(d, r, (int)strtol(points, (char **)&points, 10));
  }
  assert_int_equal(tv_deck_set_copies(d, copies, &e), TV_OK);
}

static tv_hand H(const tv_deck *d, const char *s) {
  tv_hand h;
  tv_err e;
  tv_hand_clear(&h);
  if (tv_hand_parse(d, s, &h, &e) != TV_OK) fail_msg("%s: %s", s, e.msg);
  return h;
}

static tv_card C(const tv_deck *d, const char *s) {
  tv_card c;
  tv_err e;
  assert_int_equal(tv_card_parse(d, s, strlen(s), &c, &e), TV_OK);
  return c;
}

static void play(tv_trick *t, int seat, const char *cards, bool down) {
  tv_hand p = H(t->deck, cards);
  tv_err e;
  assert_int_equal(tv_trick_play(t, seat, &p, down, &e), TV_OK);
}

/* Sets the rank order of every suit of r to order[0..n-1]. */
static void set_order(tv_trick_rules *r, const uint8_t *order, size_t n) {
  for (int s = 0; s < TV_MAX_SUITS; s++)
    memcpy(r->order[s], order, n);
}

/* Plays each token of 'cards' as a one-card play, seats 0, 1, 2, ... */
static void play_each(tv_trick *t, const char *cards) {
  char tok[8];
  while (*cards) {
    size_t n = strcspn(cards, " ");
    if (n && n < sizeof tok) {
      memcpy(tok, cards, n);
      tok[n] = 0;
      play(t, t->nplays, tok, false);
    }
    cards += n + (cards[n] == ' ');
  }
}

static void assert_hand(const tv_deck *d, const tv_hand *got,
                        const char *want) {
  tv_hand w = H(d, want);
  char a[128], b[128];
  tv_hand_format(d, got, TV_STYLE_ASCII, a, sizeof a);
  tv_hand_format(d, &w, TV_STYLE_ASCII, b, sizeof b);
  if (!tv_hand_equal(got, &w)) fail_msg("got %s, want %s", a, b);
}

/* The legal cards of 'hand' in t equal 'want', and tv_trick_check agrees
 * card by card. */
static void assert_legal(const tv_trick *t, const char *hand,
                         const char *want) {
  tv_hand h = H(t->deck, hand), legal, w = H(t->deck, want);
  tv_trick_legal(t, &h, &legal);
  assert_hand(t->deck, &legal, want);
  for (int k = 0; k < TV_MAX_KINDS; k++) {
    if (!h.n[k]) continue;
    tv_hand one;
    tv_hand_clear(&one);
    tv_hand_add(&one, (tv_card)k, 1);
    tv_status st = tv_trick_check(t, &h, &one, false, TV_STYLE_ASCII, NULL);
    assert_int_equal(st == TV_OK, w.n[k] > 0);
  }
}

/* The reason tv_trick_check gives for 'cards' from 'hand'. */
static tv_trick_why why(const tv_trick *t, const char *hand, const char *cards,
                        bool down) {
  tv_trick_why w;
  tv_hand h = H(t->deck, hand), p = H(t->deck, cards);
  const tv_hand *hp = hand ? &h : NULL;
  memset(&w, 0, sizeof w);
  if (tv_trick_check(t, hp, &p, down, TV_STYLE_ASCII, &w) == TV_OK)
    w.rule = TV_RULE_OK;
  return w;
}

static tv_trick_rules follow_rules(int head, int ref, int on_void) {
  tv_trick_rules r;
  tv_trick_rules_default(&r);
  r.follow = 1;
  r.head = (uint8_t)head;
  r.head_ref = (uint8_t)ref;
  r.on_void = (uint8_t)on_void;
  return r;
}

static tv_trick_rules set_rules(unsigned sizes, tv_card top, int down) {
  tv_trick_rules r;
  tv_trick_rules_default(&r);
  r.lead_sizes = (uint16_t)sizes;
  r.top = top;
  r.wild_top = top != TV_NO_CARD;
  r.face_down = (uint8_t)down;
  return r;
}

#define SIZES(...) sizes_of((const int[]){__VA_ARGS__, 0})
static unsigned sizes_of(const int *s) {
  unsigned m = 0;
  for (; *s; s++)
    m |= 1u << *s;
  return m;
}

#define HOSGIN_RANKS "A T K Q J"
#define KOSEL_RANKS  "A T K Q J 9 8 7 6"
#define KOSEL_POINTS "11 10 4 3 2 0 0 0 0"

/* ---- one-card obligations ----------------------------------------------- */

/* HOK-R3: follow the led suit if possible, otherwise any card; no
 * obligation to trump or to beat. */
static void hokm_follow_only(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, "A K Q J T 9 8 7 6 5 4 3 2", NULL, 1);
  tv_trick_rules r = follow_rules(TV_HEAD_NEVER, TV_REF_WINNER, TV_VOID_ANY);
  tv_trick t;
  tv_trick_init(&t, &d, &r, tv_deck_find_suit(&d, "D", 1));
  play(&t, 0, "KS", false);
  assert_legal(&t, "AS 2S KD 3H", "AS 2S");
  assert_legal(&t, "KD 3H", "KD 3H");
  tv_trick_why w = why(&t, "AS 2S KD 3H", "KD", false);
  assert_int_equal(w.rule, TV_RULE_FOLLOW);
  assert_string_equal(w.because, "must follow S: you hold AS 2S");
  assert_hand(&d, &w.satisfy, "AS 2S");
  assert_string_equal(tv_trick_rule_name(w.rule), "must_follow");
}

/* BES-R6: while the talon lasts any card may be played; the trick winner
 * is still the general one (highest trump, else highest of the led suit). */
static void besigue_talon_free_play(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, "A T K Q J 9 8 7", "11 10 4 3 2 0 0 0", 2);
  tv_trick_rules r;
  tv_trick_rules_default(&r);
  tv_trick t;
  tv_trick_init(&t, &d, &r, tv_deck_find_suit(&d, "H", 1));
  play(&t, 0, "AS", false);
  assert_legal(&t, "7S KH 8D", "7S KH 8D");
  play(&t, 1, "7H", false);
  assert_int_equal(tv_trick_winner(&t), 1);
  assert_int_equal(tv_trick_points(&t), 11);
}

typedef struct legal_case {
  const char *trick, *hand, *want;
} legal_case;

static void run_cases(const tv_deck *d, const tv_trick_rules *r, int trump,
                      const legal_case *cases, size_t n) {
  for (size_t i = 0; i < n; i++) {
    tv_trick t;
    tv_trick_init(&t, d, r, trump);
    play_each(&t, cases[i].trick);
    assert_legal(&t, cases[i].hand, cases[i].want);
  }
}

/* HOS-19 (HOS-R26): the nine cases with the default options
 * (overtrump_reference = "highest", no must_head_plain), trump D. */
static void hosgin_legal_cards_defaults(void **state) {
  (void)state;
  static const legal_case cases[] = {
      {"AS", "TS JS AD", "TS JS"},    {"AS", "JD AD KH", "JD AD"},
      {"AS KD", "JD AD KH", "JD AD"}, {"QD", "JD KD AD AS", "KD AD"},
      {"QD KD", "TD QD JD", "TD"},    {"QD", "JD AS", "JD"},
      {"QD", "AS KH", "AS KH"},       {"QD JD", "KD QD", "KD"},
      {"KS", "TS JS", "TS JS"},
  };
  tv_deck d;
  make_deck(&d, HOSGIN_RANKS, "11 10 4 3 2", 4);
  tv_trick_rules r =
      follow_rules(TV_HEAD_TRUMP_LED, TV_REF_WINNER, TV_VOID_TRUMP);
  run_cases(&d, &r, 2, cases, sizeof cases / sizeof cases[0]);
}

/* HOS-19 case 8 with overtrump_reference = "previous": beating the
 * predecessor JD is enough, so QD is legal too. */
static void hosgin_overtrump_reference_previous(void **state) {
  (void)state;
  static const legal_case cases[] = {{"QD JD", "KD QD", "KD QD"},
                                     {"QD", "JD KD AD AS", "KD AD"}};
  tv_deck d;
  make_deck(&d, HOSGIN_RANKS, NULL, 4);
  tv_trick_rules r =
      follow_rules(TV_HEAD_TRUMP_LED, TV_REF_PREVIOUS, TV_VOID_TRUMP);
  run_cases(&d, &r, 2, cases, sizeof cases / sizeof cases[0]);
}

/* HOS-19 case 9 with must_head_plain (head = always): following a plain
 * suit the player must beat KS if he can. */
static void hosgin_must_head_plain(void **state) {
  (void)state;
  static const legal_case cases[] = {{"KS", "TS JS", "TS"},
                                     {"KS AS", "TS JS", "TS JS"},
                                     {"AS KD", "JD AD KH", "JD AD"}};
  tv_deck d;
  make_deck(&d, HOSGIN_RANKS, NULL, 4);
  tv_trick_rules r = follow_rules(TV_HEAD_ALWAYS, TV_REF_WINNER, TV_VOID_TRUMP);
  run_cases(&d, &r, 2, cases, sizeof cases / sizeof cases[0]);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 2);
  play_each(&t, "KS");
  tv_trick_why w = why(&t, "TS JS", "JS", false);
  assert_int_equal(w.rule, TV_RULE_HEAD);
  assert_string_equal(w.because, "must follow S with a card that beats KS, "
                                 "the card winning so far: you hold TS");
}

/* HOS-R26 rule 2: the reason names the trump that must be overtrumped. */
static void hosgin_overtrump_reason(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, HOSGIN_RANKS, NULL, 4);
  tv_trick_rules r =
      follow_rules(TV_HEAD_TRUMP_LED, TV_REF_WINNER, TV_VOID_TRUMP);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 2);
  play_each(&t, "QD");
  tv_trick_why w = why(&t, "JD KD AD AS", "JD", false);
  assert_int_equal(w.rule, TV_RULE_HEAD);
  assert_string_equal(w.because,
                      "trump D was led, so you must play a higher trump "
                      "than QD, the card winning so far: you hold AD KD");
  assert_hand(&d, &w.satisfy, "KD AD");
  tv_trick_init(&t, &d, &r, 2);
  play_each(&t, "AS");
  w = why(&t, "JD AD KH", "KH", false);
  assert_int_equal(w.rule, TV_RULE_TRUMP);
  assert_string_equal(w.because,
                      "cannot follow S, so must play a trump: you hold AD JD");
}

/* BES-10 (BES-R14): after the talon, follow and win if possible, else
 * trump (winning if possible), else anything; trump H. */
static void besigue_strict_play(void **state) {
  (void)state;
  static const legal_case cases[] = {
      {"9S", "7S KS AH 8D", "KS"}, {"AS", "7S KS AH", "7S KS"},
      {"AS", "AH 8H 8D", "AH 8H"}, {"AS", "8D 9C", "8D 9C"},
      {"TS", "TS 9S", "TS 9S"},    {"KH", "QH 8H AS", "QH 8H"},
  };
  tv_deck d;
  make_deck(&d, "A T K Q J 9 8 7", "11 10 4 3 2 0 0 0", 2);
  tv_trick_rules r =
      follow_rules(TV_HEAD_ALWAYS, TV_REF_WINNER, TV_VOID_TRUMP_BEAT);
  run_cases(&d, &r, 1, cases, sizeof cases / sizeof cases[0]);
}

/* BES-R14 "win the trick so far": with a trump already in the trick a
 * void player must overtrump it if he can, and beating a partner's card
 * is required too (the engine does not know partners). */
static void besigue_trump_must_beat_winner(void **state) {
  (void)state;
  static const legal_case cases[] = {{"AS KH", "QH AH 8D", "AH"},
                                     {"AS KH", "QH 8H 8D", "QH 8H"},
                                     {"9S TS", "KS AS", "AS"}};
  tv_deck d;
  make_deck(&d, "A T K Q J 9 8 7", NULL, 2);
  tv_trick_rules r =
      follow_rules(TV_HEAD_ALWAYS, TV_REF_WINNER, TV_VOID_TRUMP_BEAT);
  run_cases(&d, &r, 1, cases, sizeof cases / sizeof cases[0]);
}

/* ---- winners --------------------------------------------------------------
 */

/* §0 general winner and HOS-R27: highest trump, else the highest card of
 * the led suit; of identical cards the first played wins. */
static void winner_and_identical_cards(void **state) {
  (void)state;
  tv_deck d;
  char buf[160];
  make_deck(&d, HOSGIN_RANKS, NULL, 4);
  tv_trick_rules r;
  tv_trick_rules_default(&r);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 2);
  play_each(&t, "KS AS AS");
  assert_int_equal(tv_trick_winner(&t), 1);
  tv_trick_explain(&t, TV_STYLE_ASCII, buf, sizeof buf);
  assert_string_equal(buf, "AS wins: highest card of the led suit S; no trump "
                           "was played; the later identical AS does not beat "
                           "it (the first of identical cards wins)");
  play_each(&t, "JD");
  assert_int_equal(tv_trick_winner(&t), 3);
  tv_trick_explain(&t, TV_STYLE_ASCII, buf, sizeof buf);
  assert_string_equal(buf, "JD wins: highest trump");
  tv_trick_init(&t, &d, &r, -1);
  play_each(&t, "KS AH");
  assert_int_equal(tv_trick_winner(&t), 0);
  tv_trick_explain(&t, TV_STYLE_UNICODE, buf, sizeof buf);
  assert_string_equal(buf, "K♠ wins: highest card of the led suit ♠; there "
                           "is no trump");
}

/* HOS-R5: the trick order is the rules' own (A T K Q J), which may differ
 * from the order the deck lists its ranks in (here A K Q J T). */
static void rank_order_override(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, "A K Q J T", NULL, 1);
  tv_trick_rules r;
  tv_trick_rules_default(&r);
  static const uint8_t order[] = {0, 2, 3, 4, 1}; /* A T K Q J */
  set_order(&r, order, sizeof order);
  tv_err e;
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_OK);
  tv_trick t;
  tv_trick_init(&t, &d, &r, -1);
  play_each(&t, "KS TS");
  assert_int_equal(tv_trick_winner(&t), 1);
  play_each(&t, "AS");
  assert_int_equal(tv_trick_winner(&t), 2);
}

/* ---- sets of several cards ---------------------------------------------- */

static tv_trick_rules kosel_rules(const tv_deck *d) {
  return set_rules(SIZES(1, 2, 3, 4), C(d, "6S"), TV_DOWN_ALLOWED);
}

/* KOZ-01 (KOZ-R8, KOZ-R9, KOZ-R10), trump H: AD KD JD (17) is beaten by
 * 7H 8H QH (3), which 6S KH TH (14, the Schocha) beats in turn; the fourth
 * player cannot beat it, so he may only play face down; the third wins. */
static void kosel_example_trick(void **state) {
  (void)state;
  tv_deck d;
  char buf[200];
  make_deck(&d, KOSEL_RANKS, KOSEL_POINTS, 1);
  tv_trick_rules r = kosel_rules(&d);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 1);
  play(&t, 0, "AD KD JD", false);
  assert_int_equal(tv_trick_points(&t), 17);
  play(&t, 1, "7H 8H QH", false);
  assert_int_equal(tv_trick_winner(&t), 1);
  assert_int_equal(tv_trick_points(&t), 20);
  tv_trick_why w = why(&t, "6S KH TH AS", "6S KH TH", false);
  assert_int_equal(w.rule, TV_RULE_OK);
  play(&t, 2, "6S KH TH", false);
  assert_int_equal(tv_trick_winner(&t), 2);
  assert_int_equal(tv_trick_points(&t), 34);
  w = why(&t, "AS TS KC QC", "AS TS KC", false);
  assert_int_equal(w.rule, TV_RULE_MUST_BEAT);
  assert_int_equal(w.satisfy.size, 0);
  assert_string_equal(w.because, "a face-up play must beat 6S TH KH card for "
                                 "card, and AS TS KC does not; play it face "
                                 "down");
  assert_int_equal(why(&t, "AS TS KC QC", "AS TS KC", true).rule, TV_RULE_OK);
  play(&t, 3, "AS TS KC", true);
  assert_int_equal(tv_trick_winner(&t), 2);
  assert_int_equal(tv_trick_points(&t), 34 + 25);
  tv_trick_explain(&t, TV_STYLE_ASCII, buf, sizeof buf);
  /* the seed's pairing, and the one the explanation shows (weakest
   * winner on the strongest card it beats): both are perfect matchings */
  assert_true(tv_trick_beats(&t, C(&d, "TH"), C(&d, "QH")));
  assert_true(tv_trick_beats(&t, C(&d, "KH"), C(&d, "8H")));
  assert_true(tv_trick_beats(&t, C(&d, "6S"), C(&d, "7H")));
  assert_string_equal(buf, "6S TH KH wins: it beats QH 8H 7H card for card "
                           "(KH>QH, TH>8H, 6S>7H); no later set beat it");
}

/* KOZ-R9, KOZ-R10 (BUR-R8 with face-down play): a card played face down
 * never wins, so a one-card trick is explained among the face-up cards,
 * and the face-down ones are counted, never named (every player reads
 * the sentence). Trump H, no top card. */
static void single_card_face_down_explained(void **state) {
  (void)state;
  tv_deck d;
  char buf[200];
  make_deck(&d, KOSEL_RANKS, KOSEL_POINTS, 1);
  tv_trick_rules r = set_rules(SIZES(1, 2, 3), TV_NO_CARD, TV_DOWN_ALLOWED);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 1);
  play(&t, 0, "7C", false);
  play(&t, 1, "TH", true);
  play(&t, 2, "AC", true);
  assert_int_equal(tv_trick_winner(&t), 0);
  tv_trick_explain(&t, TV_STYLE_ASCII, buf, sizeof buf);
  assert_string_equal(buf, "7C wins: the lead stands, every later play was "
                           "face down (a card played face down never wins)");
  tv_trick_init(&t, &d, &r, 1);
  play(&t, 0, "7C", false);
  play(&t, 1, "TH", false);
  play(&t, 2, "AH", true);
  assert_int_equal(tv_trick_winner(&t), 1);
  tv_trick_explain(&t, TV_STYLE_ASCII, buf, sizeof buf);
  assert_string_equal(buf, "TH wins: highest trump played face up; 1 card "
                           "played face down cannot win");
  tv_trick_init(&t, &d, &r, 1);
  play(&t, 0, "7C", false);
  play(&t, 1, "KC", false);
  play(&t, 2, "AH", true);
  play(&t, 3, "AC", true);
  assert_int_equal(tv_trick_winner(&t), 1);
  tv_trick_explain(&t, TV_STYLE_ASCII, buf, sizeof buf);
  assert_string_equal(buf, "KC wins: highest card of the led suit C; no "
                           "trump was played face up; 2 cards played face "
                           "down cannot win");
}

/* BUR-01 (BUR-R8, pairing as KOZ-R8 without a top card), trump D: 9D JS
 * beats QS 7S; of C's cards KD 8D 9S only KD 8D beats it. Bura's default
 * plays non-beating sets face up, and they do not win. */
static void bura_example_trick(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, KOSEL_RANKS, KOSEL_POINTS, 1);
  tv_trick_rules r = set_rules(SIZES(1, 2, 3), TV_NO_CARD, TV_DOWN_NEVER);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 2);
  play(&t, 0, "QS 7S", false);
  play(&t, 1, "9D JS", false);
  assert_int_equal(tv_trick_winner(&t), 1);
  tv_card kd8d[2] = {C(&d, "KD"), C(&d, "8D")},
          x[2] = {C(&d, "8D"), C(&d, "9S")};
  tv_card best[2] = {C(&d, "9D"), C(&d, "JS")},
          y[2] = {C(&d, "KD"), C(&d, "9S")};
  assert_true(tv_trick_set_beats(&t, kd8d, best, 2, NULL));
  assert_false(tv_trick_set_beats(&t, x, best, 2, NULL));
  assert_false(tv_trick_set_beats(&t, y, best, 2, NULL));
  tv_trick u = t;
  play(&u, 2, "8D 9S", false);
  assert_int_equal(tv_trick_winner(&u), 1);
  play(&t, 2, "KD 8D", false);
  assert_int_equal(tv_trick_winner(&t), 2);
  assert_int_equal(why(&u, "AC", "AC", true).rule, TV_RULE_NO_DOWN);
}

typedef struct shape_case {
  const char *lead;
  bool valid;
} shape_case;

static void run_shapes(const tv_deck *d, const tv_trick_rules *r, int trump,
                       const shape_case *cases, size_t n) {
  for (size_t i = 0; i < n; i++) {
    tv_trick t;
    tv_trick_init(&t, d, r, trump);
    tv_hand lead = H(d, cases[i].lead);
    tv_status st = tv_trick_check(&t, NULL, &lead, false, TV_STYLE_ASCII, NULL);
    if ((st == TV_OK) != cases[i].valid)
      fail_msg("lead %s: want %s", cases[i].lead,
               cases[i].valid ? "valid" : "invalid");
  }
}

/* KOZ-05 (KOZ-R7): 1-4 cards of one suit, or n-1 of one suit plus the
 * Schocha; the Schocha alone is a lead. Trump C, so 6S is wild here. */
static void kosel_lead_shapes(void **state) {
  (void)state;
  static const shape_case cases[] = {
      {"AH KH 6S", true},    {"AH KD", false},      {"6S", true},
      {"AH KH QH JH", true}, {"AH KH QH 6S", true}, {"AH KH QH JH TH", false},
  };
  tv_deck d;
  make_deck(&d, KOSEL_RANKS, KOSEL_POINTS, 1);
  tv_trick_rules r = kosel_rules(&d);
  run_shapes(&d, &r, 3, cases, sizeof cases / sizeof cases[0]);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 3);
  tv_trick_why w = why(&t, "AH KD QD", "AH KD", false);
  assert_int_equal(w.rule, TV_RULE_LEAD_SUIT);
  assert_string_equal(w.because, "the cards of a lead must all be of one "
                                 "suit; AH and KD differ (6S may join any "
                                 "suit)");
}

/* BUR-03 (BUR-R7): 1, 2 or 3 cards of one suit. */
static void bura_lead_shapes(void **state) {
  (void)state;
  static const shape_case cases[] = {{"AS KS QS", true},
                                     {"AS KD", false},
                                     {"AS KS QS JS", false},
                                     {"9C", true}};
  tv_deck d;
  make_deck(&d, KOSEL_RANKS, NULL, 1);
  tv_trick_rules r = set_rules(SIZES(1, 2, 3), TV_NO_CARD, TV_DOWN_NEVER);
  run_shapes(&d, &r, 2, cases, sizeof cases / sizeof cases[0]);
}

/* KZM-01 (KZM-R2): a lead is 1 or 3 cards, never 2 or 4. */
static void kosel_pot_lead_sizes(void **state) {
  (void)state;
  static const shape_case cases[] = {{"AS", true},
                                     {"AS KS", false},
                                     {"AS KS QS", true},
                                     {"AS KS QS JS", false}};
  tv_deck d;
  make_deck(&d, KOSEL_RANKS, NULL, 1);
  tv_trick_rules r = set_rules(SIZES(1, 3), TV_NO_CARD, TV_DOWN_NEVER);
  run_shapes(&d, &r, 2, cases, sizeof cases / sizeof cases[0]);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 2);
  tv_trick_why w = why(&t, "AS KS QH", "AS KS", false);
  assert_int_equal(w.rule, TV_RULE_LEAD_SIZE);
  assert_string_equal(w.because, "a lead is 1 or 3 cards, not 2");
  assert_hand(&d, &w.satisfy, "AS KS QH");
}

/* KOZ-R9 consequence: a set holding the Schocha can no longer be beaten;
 * KOZ-R3: the Schocha is the highest trump whatever the trump is. */
static void schocha_set_is_unbeatable(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, KOSEL_RANKS, NULL, 1);
  tv_trick_rules r = kosel_rules(&d);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 2);
  play(&t, 0, "7C 6S", false);
  assert_int_equal(tv_trick_suit(&t, C(&d, "6S")), 2);
  assert_true(tv_trick_beats(&t, C(&d, "6S"), C(&d, "AD")));
  assert_false(tv_trick_beats(&t, C(&d, "AD"), C(&d, "6S")));
  tv_hand h = H(&d, "AD TD KD AC"), up;
  tv_hand_clear(&up);
  int n = tv_trick_each_play(&t, &h, NULL, NULL);
  assert_int_equal(n, 6); /* the 6 pairs, face down only */
  assert_int_equal(why(&t, "AD TD KD AC", "AD AC", false).rule,
                   TV_RULE_MUST_BEAT);
}

/* KZM-R8: a follower holding fewer cards than the lead plays them all,
 * face down, and cannot win. */
static void short_hand_plays_all_face_down(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, KOSEL_RANKS, NULL, 1);
  tv_trick_rules r = set_rules(SIZES(1, 3), TV_NO_CARD, TV_DOWN_ALLOWED);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 2);
  play(&t, 0, "9S 8S 7S", false);
  assert_int_equal(why(&t, "AD TD", "AD", true).rule, TV_RULE_PLAY_SIZE);
  assert_int_equal(why(&t, "AD TD", "AD TD", false).rule, TV_RULE_MUST_BEAT);
  assert_int_equal(why(&t, "AD TD", "AD TD", true).rule, TV_RULE_OK);
  play(&t, 1, "AD TD", true);
  assert_int_equal(tv_trick_winner(&t), 0);
}

/* KZM-R8 with open play (face_down = "short"): every full set is played
 * face up, beating or not (BUR-R8), but a follower holding fewer cards
 * than the lead plays them all face down, and cannot win. */
static void short_hand_goes_face_down_in_open_play(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, KOSEL_RANKS, NULL, 1);
  tv_trick_rules r = set_rules(SIZES(1, 3), TV_NO_CARD, TV_DOWN_SHORT);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 2);
  play(&t, 0, "9S 8S 7S", false);
  tv_trick_why w = why(&t, "AS TS", "AS TS", false);
  assert_int_equal(w.rule, TV_RULE_SHORT_DOWN);
  assert_string_equal(
      w.because, "you hold fewer cards than the lead: play all 2 face down");
  assert_int_equal(why(&t, "AS TS", "AS TS", true).rule, TV_RULE_OK);
  assert_int_equal(why(&t, "AD TD KD", "AD TD KD", true).rule,
                   TV_RULE_SHORT_DOWN);
  assert_int_equal(why(&t, "AD TD KD", "AD TD KD", false).rule, TV_RULE_OK);
  tv_hand h = H(&d, "AS TS"), p;
  bool down = false;
  assert_int_equal(tv_trick_each_play(&t, &h, NULL, NULL), 1);
  tv_rng rng;
  tv_rng_seed(&rng, 3);
  assert_true(tv_trick_random(&t, &h, &rng, &p, &down));
  assert_true(down);
  play(&t, 1, "AS TS", true); /* would beat 9S 8S if it were a full set */
  play(&t, 2, "6S 6H 6D", false);
  assert_int_equal(tv_trick_winner(&t), 0);
}

/* KOZ-R9: every play the enumeration yields passes the legality check, and
 * a random play is one of them. */
static bool check_each(const tv_hand *p, bool down, void *ud) {
  const tv_trick *t = ((const tv_trick **)ud)[0];
  const tv_hand *h = ((const tv_hand **)ud)[1];
  assert_int_equal(tv_trick_check(t, h, p, down, TV_STYLE_ASCII, NULL), TV_OK);
  return true;
}

static void random_plays_are_legal(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, KOSEL_RANKS, KOSEL_POINTS, 1);
  tv_trick_rules r = kosel_rules(&d);
  tv_rng rng;
  tv_rng_seed(&rng, 7);
  for (int round = 0; round < 200; round++) {
    tv_trick t;
    tv_trick_init(&t, &d, &r, (int)tv_rng_below(&rng, 4));
    for (int seat = 0; seat < 4; seat++) {
      tv_hand h, p;
      bool down;
      tv_hand_clear(&h);
      while (h.size < 4) {
        tv_card c = (tv_card)tv_rng_below(&rng, 36);
        if (!h.n[c]) tv_hand_add(&h, c, 1);
      }
      const void *ud[2] = {&t, &h};
      tv_trick_each_play(&t, &h, check_each, ud);
      assert_true(tv_trick_random(&t, &h, &rng, &p, &down));
      assert_int_equal(tv_trick_check(&t, &h, &p, down, TV_STYLE_ASCII, NULL),
                       TV_OK);
      tv_err e;
      assert_int_equal(tv_trick_play(&t, seat, &p, down, &e), TV_OK);
    }
  }
}

/* An action a game lists after the plays (Bura's claim, BUR-R10): one
 * draw over the plays and the extras, as a draw from the legal list; the
 * k-th extra is returned as k, an empty list as -1. */
static void random_among_draws_the_extras_too(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, KOSEL_RANKS, KOSEL_POINTS, 1);
  tv_trick_rules r = kosel_rules(&d);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 0);
  tv_hand h = H(&d, "AS KS 7D"), none, p;
  tv_hand_clear(&none);
  bool down = false;
  int n = tv_trick_each_play(&t, &h, NULL, NULL);
  assert_true(n > 1);
  tv_rng a, b;
  tv_rng_seed(&a, 11);
  tv_rng_seed(&b, 11);
  int seen[3] = {0, 0, 0};
  for (int i = 0; i < 600; i++) {
    int want = (int)tv_rng_below(&b, (uint64_t)n + 2);
    int k = tv_trick_random_among(&t, &h, &a, 2, &p, &down);
    assert_int_equal(k, want >= n ? want - n + 1 : 0);
    if (k == 0)
      assert_int_equal(tv_trick_check(&t, &h, &p, down, TV_STYLE_ASCII, NULL),
                       TV_OK);
    seen[k]++;
  }
  assert_true(seen[0] > 0 && seen[1] > 0 && seen[2] > 0);
  assert_int_equal(tv_trick_random_among(&t, &none, &a, 0, &p, &down), -1);
  assert_int_equal(tv_trick_random_among(&t, &none, &a, 1, &p, &down), 1);
  assert_int_equal(tv_trick_random_among(&t, &h, &a, -3, &p, &down), 0);
}

/* A hand far too large for its play size (sets of 8 against 40 cards:
 * C(40, 8) = 76,904,685 sets) is not walked for hours: the walk stops at
 * TV_TRICK_WALK_MAX sets and says so; nothing is drawn from the
 * generator, and the legal cards of a lead are refused the same way. A
 * hand of the same size with plays few enough is walked whole. */
static void a_walk_stops_at_its_bound(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, "A K Q J T 9 8 7 6 5 4 3 2", NULL, 1);
  tv_trick_rules r = set_rules(SIZES(8), TV_NO_CARD, TV_DOWN_ALLOWED);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 0);
  tv_hand big =
              H(&d, "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AD KD QD JD TD 9D "
                    "8D 7D 6D 5D 4D 3D 2D AC KC QC JC TC 9C 8C 7C 6C 5C 4C "
                    "3C 2C 2S"),
          p, legal;
  assert_int_equal(big.size, 40);
  bool down;
  tv_rng a, b;
  tv_rng_seed(&a, 3);
  tv_rng_seed(&b, 3);
  play(&t, 1, "AS KS QS JS TS 9S 8S 7S", false);
  assert_int_equal(tv_trick_each_play(&t, &big, NULL, NULL), -1);
  assert_int_equal(tv_trick_random_among(&t, &big, &a, 0, &p, &down),
                   TV_TRICK_TOO_MANY);
  assert_false(tv_trick_random(&t, &big, &a, &p, &down));
  assert_int_equal(tv_rng_below(&a, 1000000), tv_rng_below(&b, 1000000));
  tv_hand small = H(&d, "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H");
  /* C(12, 8) sets, each face down, and none beats the lead face up */
  assert_int_equal(tv_trick_each_play(&t, &small, NULL, NULL), 495);
  tv_trick_clear(&t);
  tv_hand spades = H(&d, "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S");
  assert_true(tv_trick_legal(&t, &spades, &legal));
  assert_int_equal(legal.size, 13);
  /* a leader of 225 cards of one suit (15 ranks, 15 copies each) with
   * leads of 2 to 8: too many leads to look at */
  tv_deck wide;
  tv_err e;
  assert_int_equal(
      tv_deck_init(&wide, "S", "A B E F G I J K L M N O P Q R", &e), TV_OK);
  assert_int_equal(tv_deck_set_copies(&wide, 15, &e), TV_OK);
  tv_trick_rules all =
      set_rules(SIZES(2, 3, 4, 5, 6, 7, 8), TV_NO_CARD, TV_DOWN_ALLOWED);
  tv_trick_init(&t, &wide, &all, 0);
  tv_hand lead;
  tv_hand_clear(&lead);
  for (int rk = 0; rk < wide.nranks; rk++)
    tv_hand_add(&lead, tv_kind(&wide, 0, rk), 15);
  assert_int_equal(lead.size, 225);
  assert_int_equal(tv_trick_each_play(&t, &lead, NULL, NULL), -1);
  assert_false(tv_trick_legal(&t, &lead, &legal));
  assert_int_equal(legal.size, 0);
}

/* ---- random playout of a trick ---------------------------------------- */

/* tv_trick_play_out (HOK-R3 rules, seeds 1..300): every card it plays is
 * one tv_trick_legal allowed at that moment, leaves its hand, and is the
 * card that picking index tv_rng_below(size) of the legal Hand draws (the
 * g:random of the framework); the seats go round from the given one. */
static void play_out_draws_like_a_legal_pick(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, "A K Q J T 9 8 7 6 5 4 3 2", NULL, 1);
  tv_trick_rules r = follow_rules(TV_HEAD_NEVER, TV_REF_WINNER, TV_VOID_ANY);
  for (uint64_t seed = 1; seed <= 300; seed++) {
    tv_rng deal, a, b;
    tv_rng_seed(&deal, seed);
    tv_hand hands[4], copy[4], *hp[4];
    for (int s = 0; s < 4; s++) {
      tv_hand_clear(&hands[s]);
      while (hands[s].size < 1 + (int)(seed % 13)) {
        tv_card c = (tv_card)tv_rng_below(&deal, 52);
        bool taken = false;
        for (int o = 0; o < 4; o++)
          taken = taken || hands[o].n[c];
        if (!taken) tv_hand_add(&hands[s], c, 1);
      }
      copy[s] = hands[s];
      hp[s] = &hands[s];
    }
    int trump = (int)(seed % 5) - 1, first = 1 + (int)(seed % 4);
    tv_trick t, u;
    tv_trick_init(&t, &d, &r, trump);
    tv_trick_init(&u, &d, &r, trump);
    tv_rng_seed(&a, seed * 7);
    tv_rng_seed(&b, seed * 7);
    tv_card cards[4];
    int seats[4], played;
    tv_err e;
    assert_int_equal(tv_trick_play_out(&t, hp, 4, 0, first, &a, 99, cards,
                                       seats, &played, &e),
                     TV_OK);
    assert_int_equal(played, 4);
    assert_int_equal(t.nplays, 4);
    for (int i = 0, s = first; i < 4; i++, s = s % 4 + 1) {
      tv_hand legal;
      tv_trick_legal(&u, &copy[s - 1], &legal);
      tv_card want = tv_hand_nth(&legal, (int)tv_rng_below(&b, legal.size));
      assert_int_equal(cards[i], want);
      assert_int_equal(seats[i], s);
      assert_int_equal(t.p[i].seat, s);
      tv_hand_remove(&copy[s - 1], want, 1);
      assert_true(tv_hand_equal(&copy[s - 1], &hands[s - 1]));
      tv_trick_play_card(&u, s, want, false, NULL);
    }
    assert_int_equal(tv_trick_winner(&t), tv_trick_winner(&u));
  }
}

/* Copies count as cards (a two-deck hand): a card held twice is drawn
 * twice as often, as picking from the legal Hand would; 'max' stops the
 * playout early and a later call finishes the trick. */
static void play_out_counts_copies_and_stops_at_max(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, HOSGIN_RANKS, NULL, 2);
  tv_trick_rules r = follow_rules(TV_HEAD_NEVER, TV_REF_WINNER, TV_VOID_ANY);
  tv_rng rng;
  tv_rng_seed(&rng, 11);
  int twice = 0, runs = 3000;
  for (int i = 0; i < runs; i++) {
    tv_hand h = H(&d, "AS AS KS"), other = H(&d, "QS");
    tv_hand *hp[2] = {&h, &other};
    tv_trick t;
    tv_trick_init(&t, &d, &r, -1);
    tv_card c;
    int played;
    assert_int_equal(
        tv_trick_play_out(&t, hp, 2, 0, 1, &rng, 1, &c, NULL, &played, NULL),
        TV_OK);
    assert_int_equal(played, 1);
    twice += c == C(&d, "AS");
    assert_int_equal(
        tv_trick_play_out(&t, hp, 2, 0, 2, &rng, 5, NULL, NULL, &played, NULL),
        TV_OK);
    assert_int_equal(played, 1);
    assert_int_equal(other.size, 0);
  }
  /* 2 of 3 cards are AS: about 2000 of 3000, far from 1500 (kinds) */
  assert_in_range(twice, 1850, 2150);
}

/* Bad input is refused before anything is played: sets or face-down
 * rules, a seat outside 1..n, a full trick, an empty hand in the way. */
static void play_out_refuses_bad_input(void **state) {
  (void)state;
  tv_deck d;
  make_deck(&d, HOSGIN_RANKS, NULL, 1);
  tv_trick_rules one = follow_rules(TV_HEAD_NEVER, TV_REF_WINNER, TV_VOID_ANY);
  tv_trick_rules sets = set_rules(SIZES(1, 2), TV_NO_CARD, TV_DOWN_NEVER);
  tv_rng rng;
  tv_rng_seed(&rng, 1);
  tv_hand a = H(&d, "AS KS"), b = H(&d, "AH"), none = H(&d, "");
  tv_hand *hp[2] = {&a, &b}, *hole[2] = {&a, &none};
  tv_trick t;
  tv_err e;
  int played = -1;
  tv_trick_init(&t, &d, &sets, -1);
  assert_int_equal(
      tv_trick_play_out(&t, hp, 2, 0, 1, &rng, 9, NULL, NULL, &played, &e),
      TV_EINVAL);
  assert_non_null(strstr(e.msg, "one-card"));
  tv_trick_init(&t, &d, &one, -1);
  assert_int_equal(
      tv_trick_play_out(&t, hp, 2, 0, 3, &rng, 9, NULL, NULL, &played, &e),
      TV_EINVAL);
  assert_int_equal(
      tv_trick_play_out(&t, hp, 0, 0, 1, &rng, 9, NULL, NULL, &played, &e),
      TV_EINVAL);
  assert_int_equal(
      tv_trick_play_out(&t, hole, 2, 0, 1, &rng, 9, NULL, NULL, &played, &e),
      TV_EINVAL);
  assert_non_null(strstr(e.msg, "seat 2"));
  assert_int_equal(a.size, 2);
  assert_int_equal(t.nplays, 0);
  assert_int_equal(played, 0);
  assert_int_equal(
      tv_trick_play_out(&t, hp, 2, 0, 1, &rng, 9, NULL, NULL, &played, &e),
      TV_OK);
  assert_int_equal(
      tv_trick_play_out(&t, hp, 2, 0, 1, &rng, 9, NULL, NULL, &played, &e),
      TV_EINVAL);
  assert_non_null(strstr(e.msg, "already"));
}

/* The joker as the top card (no seed; the highest trump of many joker
 * games): with a trump it is a trump that beats the ace of trumps, must
 * be played to follow a trump lead, and leads trump; with no trump it is
 * a suit of its own that still beats everything. A top card outside the
 * deck is refused. */
static void joker_as_top_card(void **state) {
  (void)state;
  tv_deck d;
  tv_err e;
  make_deck(&d, "A K Q J", NULL, 1);
  assert_int_equal(tv_deck_add_jokers(&d, 1, 0, &e), TV_OK);
  tv_trick_rules r = follow_rules(TV_HEAD_NEVER, TV_REF_WINNER, TV_VOID_ANY);
  r.top = d.joker;
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_OK);
  tv_trick t;
  tv_trick_init(&t, &d, &r, 1); /* hearts */
  play_each(&t, "AH X");
  assert_int_equal(tv_trick_winner(&t), 1);
  assert_true(tv_trick_suit(&t, d.joker) == 1);
  assert_legal(&t, "KH X AS", "KH X"); /* the joker follows hearts */
  tv_trick_init(&t, &d, &r, 1);
  play_each(&t, "X");
  assert_int_equal(t.led, 1); /* a joker lead is a trump lead */
  assert_legal(&t, "KH AS", "KH");
  tv_trick_init(&t, &d, &r, -1); /* no trump */
  play_each(&t, "AS X");
  assert_int_equal(tv_trick_winner(&t), 1);
  assert_legal(&t, "X KS", "KS"); /* a joker is not a spade */
  r.top = (tv_card)(d.nkinds);
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_EINVAL);
  assert_string_equal(e.msg, "key 'top': not a card of this deck");
}

/* The beats relation of trick.h written out naively (suit and rank by
 * division, the top card moved to trump), to check the per-kind keys. */
static bool naive_beats(const tv_trick *t, tv_card c, tv_card b) {
  const tv_trick_rules *r = t->rules;
  if (c == r->top) return b != r->top;
  if (b == r->top) return false;
  int cs = tv_suit(t->deck, c), bs = tv_suit(t->deck, b);
  if (c == r->top && t->trump >= 0) cs = t->trump;
  if (cs == bs && cs < t->deck->nsuits)
    return r->order[cs][tv_rank(t->deck, c)] <
           r->order[bs][tv_rank(t->deck, b)];
  if (cs == bs) return false; /* jokers: identical cards */
  return t->trump >= 0 && cs == t->trump;
}

/* The one-card fast path (tv_trick_card_rule, tv_trick_play_card) agrees
 * with tv_trick_check without a hand and with tv_trick_play, over random
 * tricks under several rule sets (Kosel with the Schocha and face-down
 * play, Bura, leads of 1 or 3 only, leads of 2 or 3 only, Hosgin follow,
 * open play with short followers face down),
 * every kind face up and down, with and without trump; and the beats
 * keys agree with the naive relation for every pair of kinds, a joker
 * and a non-natural trick order included. */
static void one_card_fast_path_agrees(void **state) {
  (void)state;
  tv_deck d;
  tv_err e;
  make_deck(&d, "A K Q J T 9 8 7 6", NULL, 1);
  assert_int_equal(tv_deck_add_jokers(&d, 1, 0, &e), TV_OK);
  tv_trick_rules rules[6] = {
      set_rules(SIZES(1, 2, 3, 4), C(&d, "6S"), TV_DOWN_ALLOWED),
      set_rules(SIZES(1, 2, 3), TV_NO_CARD, TV_DOWN_NEVER),
      set_rules(SIZES(1, 3), TV_NO_CARD, TV_DOWN_ALLOWED),
      set_rules(SIZES(2, 3), TV_NO_CARD, TV_DOWN_NEVER),
      follow_rules(TV_HEAD_TRUMP_LED, TV_REF_WINNER, TV_VOID_TRUMP),
      set_rules(SIZES(1, 3), TV_NO_CARD, TV_DOWN_SHORT),
  };
  static const uint8_t order[] = {0, 2, 3, 4, 1, 5, 6, 7, 8}; /* A T K Q J */
  set_order(&rules[0], order, sizeof order);
  tv_rng rng;
  tv_rng_seed(&rng, 11);
  for (int round = 0; round < 300; round++) {
    const tv_trick_rules *r = &rules[round % 6];
    tv_trick t;
    tv_trick_init(&t, &d, r, (int)tv_rng_below(&rng, 5) - 1);
    for (tv_card c = 0; c < d.nkinds; c++)
      for (tv_card b = 0; b < d.nkinds; b++)
        assert_int_equal(tv_trick_beats(&t, c, b), naive_beats(&t, c, b));
    int plays = (int)tv_rng_below(&rng, 4);
    for (int i = 0; i < plays; i++) { /* a random legal start */
      tv_hand h, p;
      bool down;
      tv_hand_clear(&h);
      while (h.size < 4)
        tv_hand_add(&h, (tv_card)tv_rng_below(&rng, d.nkinds), 1);
      if (!tv_trick_random(&t, &h, &rng, &p, &down)) {
        /* only a lead of several cards of one suit can be impossible */
        assert_true(t.nplays == 0 && !(r->lead_sizes & 2));
        break;
      }
      assert_int_equal(tv_trick_play(&t, i, &p, down, &e), TV_OK);
    }
    for (tv_card c = 0; c < d.nkinds; c++)
      for (int down = 0; down < 2; down++) {
        tv_hand one;
        tv_trick_why w;
        tv_hand_clear(&one);
        tv_hand_add(&one, c, 1);
        tv_status st = tv_trick_check(&t, NULL, &one, down, TV_STYLE_ASCII, &w);
        tv_trick_rule rule = tv_trick_card_rule(&t, c, down);
        assert_int_equal(rule, st == TV_OK ? TV_RULE_OK : w.rule);
        if (rule != TV_RULE_OK) continue;
        tv_trick a = t, b = t;
        assert_int_equal(tv_trick_play(&a, 9, &one, down, &e), TV_OK);
        assert_int_equal(tv_trick_play_card(&b, 9, c, down, &e), TV_OK);
        assert_int_equal(a.nplays, b.nplays);
        assert_int_equal(a.best, b.best);
        assert_int_equal(a.led, b.led);
        assert_int_equal(a.size, b.size);
        assert_memory_equal(&a.p[t.nplays], &b.p[t.nplays], sizeof a.p[0]);
      }
  }
}

/* The rules table's switches must fit together; each error names the key. */
static void rules_check_names_the_key(void **state) {
  (void)state;
  tv_deck d;
  tv_err e;
  make_deck(&d, KOSEL_RANKS, NULL, 1);
  tv_trick_rules r;
  tv_trick_rules_default(&r);
  r.head = TV_HEAD_ALWAYS;
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_EINVAL);
  assert_string_equal(e.msg, "key 'head': needs follow = true");
  r = follow_rules(TV_HEAD_NEVER, TV_REF_WINNER, TV_VOID_ANY);
  r.lead_sizes = (uint16_t)SIZES(1, 3);
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_EINVAL);
  assert_non_null(strstr(e.msg, "key 'follow'"));
  r = set_rules(SIZES(1), TV_NO_CARD, TV_DOWN_NEVER);
  r.wild_top = 1;
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_EINVAL);
  assert_string_equal(e.msg, "key 'wild_top': needs a 'top' card");
  tv_trick_rules_default(&r);
  r.order[0][1] = 0;
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_EINVAL);
  assert_non_null(strstr(e.msg, "key 'ranks'"));
  tv_trick_rules_default(&r);
  r.lead_sizes = 1u << (TV_TRICK_MAX_SET + 1);
  assert_int_equal(tv_trick_rules_check(&r, &d, &e), TV_EINVAL);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(hokm_follow_only),
      cmocka_unit_test(besigue_talon_free_play),
      cmocka_unit_test(hosgin_legal_cards_defaults),
      cmocka_unit_test(hosgin_overtrump_reference_previous),
      cmocka_unit_test(hosgin_must_head_plain),
      cmocka_unit_test(hosgin_overtrump_reason),
      cmocka_unit_test(besigue_strict_play),
      cmocka_unit_test(besigue_trump_must_beat_winner),
      cmocka_unit_test(winner_and_identical_cards),
      cmocka_unit_test(rank_order_override),
      cmocka_unit_test(kosel_example_trick),
      cmocka_unit_test(single_card_face_down_explained),
      cmocka_unit_test(bura_example_trick),
      cmocka_unit_test(kosel_lead_shapes),
      cmocka_unit_test(bura_lead_shapes),
      cmocka_unit_test(one_card_fast_path_agrees),
      cmocka_unit_test(joker_as_top_card),
      cmocka_unit_test(kosel_pot_lead_sizes),
      cmocka_unit_test(schocha_set_is_unbeatable),
      cmocka_unit_test(short_hand_plays_all_face_down),
      cmocka_unit_test(short_hand_goes_face_down_in_open_play),
      cmocka_unit_test(random_plays_are_legal),
      cmocka_unit_test(random_among_draws_the_extras_too),
      cmocka_unit_test(a_walk_stops_at_its_bound),
      cmocka_unit_test(play_out_draws_like_a_legal_pick),
      cmocka_unit_test(play_out_counts_copies_and_stops_at_max),
      cmocka_unit_test(play_out_refuses_bad_input),
      cmocka_unit_test(rules_check_names_the_key),
  };
  return cmocka_run_group_tests_name("trick", tests, NULL, NULL);
}
