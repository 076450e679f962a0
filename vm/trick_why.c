/*
 * trick_why.c - the teaching side of the trick engine: which rule forbids
 * a play and which held cards would satisfy it, as English sentences that
 * name the cards (why the winner wins: trick_explain.c).
 *
 * Only the explaining calls build text; tv_trick_check with why == NULL
 * is a plain predicate.
 */
#include "trick_mask.h"
#include "trick_text.h"
#include <string.h>

static const char *const rule_names[] = {
    "ok",           "not_in_hand",         "empty",        "trick_full",
    "lead_size",    "lead_suit",           "lead_face_up", "play_size",
    "no_face_down", "must_beat",           "must_follow",  "must_head",
    "must_trump",   "must_trump_and_beat", "first_lead",   "not_broken",
    "first_trick",  "short_face_down",
};

const char *tv_trick_rule_name(tv_trick_rule rule) {
  return rule_names[rule];
}

/* ======================================================================
 * Finding the rule
 * ====================================================================== */

static bool add_up(const tv_hand *play, bool down, void *ud) {
  if (!down) *(uint64_t *)ud |= tv_hand_mask(play);
  return true;
}

static void play_cards(const tv_hand *play, tv_card *c) {
  int n = 0;
  for (int k = 0; k < TV_MAX_KINDS; k++)
    for (int j = 0; j < play->n[k] && n < TV_TRICK_MAX_SET; j++)
      c[n++] = (tv_card)k;
}

static tv_trick_rule lead_rule(const tv_trick *t, const tv_hand *hand,
                               const tv_hand *play, bool down, uint64_t *sat) {
  tv_hand legal;
  if (down) return TV_RULE_LEAD_UP;
  tv_trick_rule rule = tv_trick_lead_shape(t, play);
  if (rule != TV_RULE_OK && hand) {
    tv_trick_legal(t, hand, &legal);
    *sat = tv_hand_mask(&legal);
  }
  if (rule != TV_RULE_OK || !hand || t->rules->lead_sizes != 1u << 1)
    return rule;
  uint64_t m = tv_trick_card_mask(t, tv_hand_mask(hand), &rule);
  if (m & tv_hand_mask(play)) return TV_RULE_OK;
  *sat = m;
  return rule;
}

/* The face of a follower's set: face down where the rules forbid it, face
 * up only for a full set that beats the best set when hiding is allowed;
 * under TV_DOWN_SHORT face down exactly when short of cards (the size was
 * checked: a short play is all the hand holds). */
static tv_trick_rule face_rule(const tv_trick *t, const tv_hand *hand,
                               const tv_hand *play, bool down, uint64_t *sat) {
  tv_card c[TV_TRICK_MAX_SET];
  if (t->rules->face_down == TV_DOWN_SHORT)
    return down == (play->size < t->size) ? TV_RULE_OK : TV_RULE_SHORT_DOWN;
  if (down)
    return t->rules->face_down == TV_DOWN_NEVER ? TV_RULE_NO_DOWN : TV_RULE_OK;
  if (t->rules->face_down == TV_DOWN_NEVER) return TV_RULE_OK;
  play_cards(play, c);
  if (play->size == t->size &&
      tv_trick_set_beats(t, c, t->p[t->best].c, t->size, NULL))
    return TV_RULE_OK;
  if (hand) tv_trick_each_play(t, hand, add_up, sat);
  return TV_RULE_MUST_BEAT;
}

static tv_trick_rule find_rule(const tv_trick *t, const tv_hand *hand,
                               const tv_hand *play, bool down, uint64_t *sat) {
  *sat = 0;
  if (play->size == 0) return TV_RULE_EMPTY;
  if (t->nplays >= TV_TRICK_MAX_PLAYS) return TV_RULE_FULL;
  if (hand && !tv_hand_contains(hand, play)) return TV_RULE_NOT_HELD;
  if (t->nplays == 0) return lead_rule(t, hand, play, down, sat);
  int need = hand && hand->size < t->size ? hand->size : t->size;
  if (play->size != need) {
    *sat = hand ? tv_hand_mask(hand) : 0;
    return TV_RULE_PLAY_SIZE;
  }
  tv_trick_rule rule = face_rule(t, hand, play, down, sat);
  if (rule != TV_RULE_OK || t->size != 1 || !hand || down) return rule;
  uint64_t m = tv_trick_card_mask(t, tv_hand_mask(hand), &rule);
  if (m & tv_hand_mask(play)) return TV_RULE_OK;
  *sat = m;
  return rule;
}

/* ======================================================================
 * Sentences
 * ====================================================================== */

static void add_reference(tv_text *x) {
  const tv_trick *t = x->t;
  tx_card(x, tv_trick_reference(t));
  bool prev = t->rules->head_ref == TV_REF_PREVIOUS &&
              !t->p[t->nplays - 1].down && t->nplays - 1 != t->best;
  tx_add(x, prev ? ", the previous card" : ", the card winning so far");
}

static void say_lead_size(tv_text *x, int n) {
  unsigned sizes = x->t->rules->lead_sizes;
  int count = __builtin_popcount(sizes), i = 0;
  tx_add(x, "a lead is ");
  for (int s = 1; s <= TV_TRICK_MAX_SET; s++) {
    if (!(sizes >> s & 1)) continue;
    i++;
    tx_add(x, "%s%d", i == 1 ? "" : i == count ? " or " : ", ", s);
  }
  tx_add(x, " card%s, not %d", sizes == 2u ? "" : "s", n);
}

static void say_lead_suit(tv_text *x, const tv_hand *play) {
  const tv_trick *t = x->t;
  tv_card first = TV_NO_CARD;
  tx_add(x, "the cards of a lead must all be of one suit; ");
  for (int k = 0; k < TV_MAX_KINDS; k++) {
    if (!play->n[k] || (t->rules->wild_top && k == t->rules->top)) continue;
    if (first == TV_NO_CARD) {
      first = (tv_card)k;
    } else if (tv_trick_suit(t, (tv_card)k) != tv_trick_suit(t, first)) {
      tx_card(x, first);
      tx_add(x, " and ");
      tx_card(x, (tv_card)k);
      tx_add(x, " differ");
      break;
    }
  }
  if (t->rules->wild_top) {
    tx_add(x, " (");
    tx_card(x, t->rules->top);
    tx_add(x, " may join any suit)");
  }
}

static void say_size(tv_text *x, const tv_hand *hand, const tv_hand *play) {
  const tv_trick *t = x->t;
  if (hand && hand->size < t->size)
    tx_add(x, "you hold fewer cards than the lead, so you must play all %d",
           hand->size);
  else
    tx_add(x, "you must play %d card%s, as many as the lead, not %d", t->size,
           t->size == 1 ? "" : "s", play->size);
}

static void say_must_beat(tv_text *x, const tv_hand *play) {
  tv_card c[TV_TRICK_MAX_SET];
  const tv_trick_entry *best = &x->t->p[x->t->best];
  play_cards(play, c);
  tx_add(x, "a face-up play must beat ");
  tx_set(x, best->c, best->n);
  tx_add(x, "%s, and ", best->n > 1 ? " card for card" : "");
  tx_set(x, c, play->size < TV_TRICK_MAX_SET ? play->size : TV_TRICK_MAX_SET);
  tx_add(x, " does not; play it face down");
}

static void say_missing(tv_text *x, const tv_hand *hand, const tv_hand *play) {
  tx_add(x, "you do not hold");
  for (int k = 0; k < TV_MAX_KINDS; k++) {
    if (play->n[k] <= hand->n[k]) continue;
    tx_add(x, " ");
    tx_card(x, (tv_card)k);
    if (play->n[k] > 1) tx_add(x, " x%d", play->n[k]);
  }
}

static void say_obligation(tv_text *x, tv_trick_rule rule, uint64_t sat,
                           const tv_hand *hand, const tv_hand *play) {
  const tv_trick *t = x->t;
  if (rule == TV_RULE_FOLLOW) {
    tx_add(x, "must follow ");
    tx_suit(x, t->led);
  } else if (rule == TV_RULE_HEAD && t->led == t->trump) {
    tx_add(x, "trump ");
    tx_suit(x, t->led);
    tx_add(x, " was led, so you must play a higher trump than ");
    add_reference(x);
  } else if (rule == TV_RULE_HEAD) {
    tx_add(x, "must follow ");
    tx_suit(x, t->led);
    tx_add(x, " with a card that beats ");
    add_reference(x);
  } else {
    tx_add(x, "cannot follow ");
    tx_suit(x, t->led);
    tx_add(x, ", so must play a trump");
    if (rule == TV_RULE_TRUMP_BEAT) {
      tx_add(x, " that beats ");
      add_reference(x);
    }
  }
  tx_add(x, ": you hold ");
  tx_held(x, sat, hand);
  tx_counts_as(x, sat | tv_hand_mask(play));
}

/* The kinds of m in words, joined with 'join': whole suits as "any ♣"
 * (or "♥ cards" when not 'any'), the other cards by name. */
static void add_kinds(tv_text *x, uint64_t m, const char *join, bool any) {
  const tv_trick *t = x->t;
  bool first = true;
  for (int s = 0; s <= t->deck->nsuits + 1; s++) {
    uint64_t suit = tv_trick_suit_mask(t, s);
    if (!suit || (m & suit) != suit) continue;
    tx_add(x, "%s%s", first ? "" : join, any ? "any " : "");
    tx_suit(x, s);
    tx_add(x, any ? "" : " cards");
    m &= ~suit;
    first = false;
  }
  for (; m; m &= m - 1, first = false) {
    tx_add(x, "%s", first ? "" : join);
    tx_card(x, (tv_card)__builtin_ctzll(m));
  }
}

/* "♥" or "trump ♥", for each suit still closed. */
static void add_closed(tv_text *x) {
  const tv_trick *t = x->t;
  bool first = true;
  for (unsigned c = t->closed; c; c &= c - 1, first = false) {
    int s = __builtin_ctz(c);
    tx_add(x, "%s%s", first ? "" : " or ",
           t->rules->unbroken_trump && s == t->trump ? "trump " : "");
    tx_suit(x, s);
  }
}

static void say_hand_rule(tv_text *x, tv_trick_rule rule, uint64_t sat,
                          const tv_hand *hand) {
  const tv_trick_rules *r = x->t->rules;
  if (rule == TV_RULE_FIRST_LEAD) {
    tx_add(x, "the first trick of the hand is led with ");
    add_kinds(x, r->first_lead, " or ", true);
  } else if (rule == TV_RULE_UNBROKEN) {
    add_closed(x);
    if (r->breaks || r->break_on_play) {
      tx_add(x, " may not be led until broken (until ");
      unsigned c = x->t->closed;
      if (r->break_on_play && (c & (c - 1))) tx_add(x, "a card of the suit");
      if (r->break_on_play && !(c & (c - 1))) {
        tx_add(x, "a ");
        tx_suit(x, __builtin_ctz(c));
      }
      if (r->break_on_play && r->breaks) tx_add(x, " or ");
      if (r->breaks) add_kinds(x, r->breaks, " or ", true);
      tx_add(x, " has been played), unless you hold nothing else");
    } else {
      tx_add(x, " may not be led while you hold another card");
    }
  } else {
    add_kinds(x, r->first_bar, " and ", false);
    tx_add(x, " may not be played to the first trick while you may play "
              "another card");
  }
  tx_add(x, ": you hold ");
  tx_held(x, sat, hand);
}

static void say(tv_text *x, tv_trick_rule rule, const tv_hand *hand,
                const tv_hand *play, uint64_t sat) {
  switch (rule) {
  case TV_RULE_OK:
    break;
  case TV_RULE_NOT_HELD:
    say_missing(x, hand, play);
    break;
  case TV_RULE_EMPTY:
    tx_add(x, "a play needs at least one card");
    break;
  case TV_RULE_FULL:
    tx_add(x, "the trick is already full (%d plays)", TV_TRICK_MAX_PLAYS);
    break;
  case TV_RULE_LEAD_SIZE:
    say_lead_size(x, play->size);
    break;
  case TV_RULE_LEAD_SUIT:
    say_lead_suit(x, play);
    break;
  case TV_RULE_LEAD_UP:
    tx_add(x, "the lead is played face up");
    break;
  case TV_RULE_PLAY_SIZE:
    say_size(x, hand, play);
    break;
  case TV_RULE_NO_DOWN:
    tx_add(x, "face-down play is not allowed here; play the cards face up");
    break;
  case TV_RULE_SHORT_DOWN:
    if (play->size < x->t->size)
      tx_add(x, "you hold fewer cards than the lead: play all %d face down",
             play->size);
    else
      tx_add(x, "a full set is played face up; only a player short of cards "
                "plays face down");
    break;
  case TV_RULE_MUST_BEAT:
    say_must_beat(x, play);
    break;
  case TV_RULE_FIRST_LEAD:
  case TV_RULE_UNBROKEN:
  case TV_RULE_FIRST_TRICK:
    say_hand_rule(x, rule, sat, hand);
    break;
  default:
    say_obligation(x, rule, sat, hand, play);
    break;
  }
}

tv_status tv_trick_check(const tv_trick *t, const tv_hand *hand,
                         const tv_hand *play, bool down, tv_style style,
                         tv_trick_why *why) {
  uint64_t sat;
  tv_trick_rule rule = find_rule(t, hand, play, down, &sat);
  if (rule == TV_RULE_OK) return TV_OK;
  if (!why) return TV_EILLEGAL;
  why->rule = rule;
  tv_hand_clear(&why->satisfy);
  for (uint64_t m = hand ? sat : 0; m; m &= m - 1) {
    int k = __builtin_ctzll(m);
    why->satisfy.n[k] = hand->n[k];
    why->satisfy.size = (uint16_t)(why->satisfy.size + hand->n[k]);
  }
  tv_text x = {why->because, sizeof why->because, 0, t, tx_style(style)};
  why->because[0] = '\0';
  say(&x, rule, hand, play, sat);
  return TV_EILLEGAL;
}
