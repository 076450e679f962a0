/*
 * test_trick_agree.c - the engine's two answers to "may this be played"
 * agree: a play (a multiset of cards, face up or down) passes
 * tv_trick_check exactly when tv_trick_each_play visits it. The legal list
 * of a set phase is the walk and a single action's check (g:try) may ask
 * the check alone (RULES.md §7, multi-card sets; KOZ-R7 to R10, BUR-R8),
 * so a house rule's position is judged the same either way.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "deck.h"
#include "hand.h"
#include "rng.h"
#include "trick.h"

#define MAX_SEEN 4096

typedef struct seen {
  int n;
  tv_hand play[MAX_SEEN];
  bool down[MAX_SEEN];
} seen;

static bool keep(const tv_hand *play, bool down, void *ud) {
  seen *s = ud;
  assert_true(s->n < MAX_SEEN);
  s->play[s->n] = *play;
  s->down[s->n] = down;
  s->n++;
  return true;
}

/* How many times the walk visited (play, down): 0 or 1. */
static int visits(const seen *s, const tv_hand *play, bool down) {
  int n = 0;
  for (int i = 0; i < s->n; i++)
    if (s->down[i] == down && tv_hand_equal(&s->play[i], play)) n++;
  return n;
}

/* Every sub-multiset of 'from' (kinds k.. added to 'cur') of at most
 * TV_TRICK_MAX_SET cards, face up and face down: checked against the
 * walk's visits. Returns the number of legal plays found. */
static int each_sub(const tv_trick *t, const tv_hand *from, const seen *s,
                    tv_hand *cur, int k) {
  int legal = 0;
  if (k == TV_MAX_KINDS) {
    for (int down = 0; down <= 1 && cur->size > 0; down++) {
      bool ok =
          tv_trick_check(t, from, cur, down, TV_STYLE_ASCII, NULL) == TV_OK;
      assert_int_equal(visits(s, cur, down), ok ? 1 : 0);
      legal += ok;
    }
    return legal;
  }
  for (int m = 0; m <= from->n[k] && cur->size + m <= TV_TRICK_MAX_SET; m++) {
    cur->n[k] = (uint8_t)m;
    cur->size = (uint16_t)(cur->size + m);
    legal += each_sub(t, from, s, cur, k + 1);
    cur->size = (uint16_t)(cur->size - m);
  }
  cur->n[k] = 0;
  return legal;
}

/* A random valid rule set for deck d: lead sizes, face-down play, a wild
 * top card, and suit obligations where the rules allow them. */
static tv_trick_rules random_rules(const tv_deck *d, tv_rng *r) {
  tv_trick_rules x;
  do {
    tv_trick_rules_default(&x);
    unsigned sizes = (unsigned)tv_rng_below(r, 15) + 1; /* subsets of 1..4 */
    x.lead_sizes = (uint16_t)(sizes << 1);
    x.face_down = (uint8_t)tv_rng_below(r, 3);
    if (tv_rng_below(r, 2)) {
      x.top = (tv_card)tv_rng_below(r, (uint64_t)d->nkinds);
      x.wild_top = (uint8_t)tv_rng_below(r, 2);
    }
    if (x.lead_sizes == 1u << 1 && x.face_down == TV_DOWN_NEVER &&
        tv_rng_below(r, 2)) {
      x.follow = 1;
      x.head = (uint8_t)tv_rng_below(r, 3);
      x.on_void = (uint8_t)tv_rng_below(r, 3);
    }
  } while (tv_trick_rules_check(&x, d, NULL) != TV_OK);
  return x;
}

/* A hand of 'n' random cards of d (at most the copies the deck holds). */
static tv_hand random_hand(const tv_deck *d, tv_rng *r, int n, int copies) {
  tv_hand h;
  tv_hand_clear(&h);
  while (h.size < n) {
    tv_card c = (tv_card)tv_rng_below(r, (uint64_t)d->nkinds);
    if (h.n[c] < copies) tv_hand_add(&h, c, 1);
  }
  return h;
}

/* Over random rules, trumps, tricks in progress and hands: the check and
 * the walk name the same plays, and the walk names each once. */
static void check_and_walk_agree(void **state) {
  (void)state;
  tv_rng r;
  tv_rng_seed(&r, 2026);
  int positions = 0, legal = 0;
  for (int copies = 1; copies <= 2; copies++) {
    tv_deck d;
    tv_err e;
    assert_int_equal(tv_deck_init(&d, "S H D C", "A T K Q J 9 8 7 6", &e),
                     TV_OK);
    assert_int_equal(tv_deck_set_copies(&d, copies, &e), TV_OK);
    for (int round = 0; round < 300; round++) {
      tv_trick_rules x = random_rules(&d, &r);
      tv_trick t;
      tv_trick_init(&t, &d, &x, (int)tv_rng_below(&r, 5) - 1);
      int before = (int)tv_rng_below(&r, 4);
      for (int seat = 0; seat <= before; seat++) {
        tv_hand h = random_hand(&d, &r, 1 + (int)tv_rng_below(&r, 7), copies);
        seen *s = test_malloc(sizeof *s);
        s->n = 0;
        assert_true(tv_trick_each_play(&t, &h, keep, s) >= 0);
        tv_hand cur;
        tv_hand_clear(&cur);
        int n = each_sub(&t, &h, s, &cur, 0);
        assert_int_equal(n, s->n);
        positions++;
        legal += n;
        tv_hand p;
        bool down;
        if (seat < before && tv_trick_random(&t, &h, &r, &p, &down))
          assert_int_equal(tv_trick_play(&t, seat, &p, down, &e), TV_OK);
        test_free(s);
        if (seat < before && t.nplays != seat + 1) break;
      }
    }
  }
  assert_true(positions > 1000 && legal > positions);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(check_and_walk_agree),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
