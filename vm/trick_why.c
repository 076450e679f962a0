/*
 * trick_why.c - the teaching side of the trick engine: which rule forbids
 * a play and which held cards would satisfy it, and why the winning play
 * wins, as English sentences that name the cards.
 *
 * Only the explaining calls build text; tv_trick_check with why == NULL
 * is a plain predicate.
 */
#include "trick.h"
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define BIT(k) ((uint64_t)1 << (k))

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

typedef struct text {
  char *buf;
  size_t cap, len;
  const tv_trick *t;
  tv_style style;
} text;

static void add(text *x, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void add(text *x, const char *fmt, ...) {
  size_t room = x->len < x->cap ? x->cap - x->len : 0;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(room ? x->buf + x->len : NULL, room, fmt, ap);
  va_end(ap);
  if (n > 0) x->len += (size_t)n;
}

static void add_card(text *x, tv_card c) {
  char name[32];
  tv_card_format(x->t->deck, c, x->style, name, sizeof name);
  add(x, "%s", name);
}

static void add_suit(text *x, int s) {
  const tv_deck *d = x->t->deck;
  if (s == d->nsuits + 1)
    add(x, "trump");
  else if (s < 0 || s >= d->nsuits)
    add(x, "jokers");
  else
    add(x, "%s",
        x->style == TV_STYLE_ASCII ? d->suit_name[s] : d->suit_glyph[s]);
}

static void add_set(text *x, const tv_card *c, int n) {
  for (int i = 0; i < n; i++) {
    if (i) add(x, " ");
    add_card(x, c[i]);
  }
}

static void add_reference(text *x) {
  const tv_trick *t = x->t;
  add_card(x, tv_trick_reference(t));
  bool prev = t->rules->head_ref == TV_REF_PREVIOUS &&
              !t->p[t->nplays - 1].down && t->nplays - 1 != t->best;
  add(x, prev ? ", the previous card" : ", the card winning so far");
}

static void say_lead_size(text *x, int n) {
  unsigned sizes = x->t->rules->lead_sizes;
  int count = __builtin_popcount(sizes), i = 0;
  add(x, "a lead is ");
  for (int s = 1; s <= TV_TRICK_MAX_SET; s++) {
    if (!(sizes >> s & 1)) continue;
    i++;
    add(x, "%s%d", i == 1 ? "" : i == count ? " or " : ", ", s);
  }
  add(x, " card%s, not %d", sizes == 2u ? "" : "s", n);
}

static void say_lead_suit(text *x, const tv_hand *play) {
  const tv_trick *t = x->t;
  tv_card first = TV_NO_CARD;
  add(x, "the cards of a lead must all be of one suit; ");
  for (int k = 0; k < TV_MAX_KINDS; k++) {
    if (!play->n[k] || (t->rules->wild_top && k == t->rules->top)) continue;
    if (first == TV_NO_CARD) {
      first = (tv_card)k;
    } else if (tv_trick_suit(t, (tv_card)k) != tv_trick_suit(t, first)) {
      add_card(x, first);
      add(x, " and ");
      add_card(x, (tv_card)k);
      add(x, " differ");
      break;
    }
  }
  if (t->rules->wild_top) {
    add(x, " (");
    add_card(x, t->rules->top);
    add(x, " may join any suit)");
  }
}

static void say_size(text *x, const tv_hand *hand, const tv_hand *play) {
  const tv_trick *t = x->t;
  if (hand && hand->size < t->size)
    add(x, "you hold fewer cards than the lead, so you must play all %d",
        hand->size);
  else
    add(x, "you must play %d card%s, as many as the lead, not %d", t->size,
        t->size == 1 ? "" : "s", play->size);
}

static void say_must_beat(text *x, const tv_hand *play) {
  tv_card c[TV_TRICK_MAX_SET];
  const tv_trick_entry *best = &x->t->p[x->t->best];
  play_cards(play, c);
  add(x, "a face-up play must beat ");
  add_set(x, best->c, best->n);
  add(x, "%s, and ", best->n > 1 ? " card for card" : "");
  add_set(x, c, play->size < TV_TRICK_MAX_SET ? play->size : TV_TRICK_MAX_SET);
  add(x, " does not; play it face down");
}

static void say_missing(text *x, const tv_hand *hand, const tv_hand *play) {
  add(x, "you do not hold");
  for (int k = 0; k < TV_MAX_KINDS; k++) {
    if (play->n[k] <= hand->n[k]) continue;
    add(x, " ");
    add_card(x, (tv_card)k);
    if (play->n[k] > 1) add(x, " x%d", play->n[k]);
  }
}

/* The kinds of m with the copies 'held' has of each, as a hand prints
 * them ("Q♥×2 J♥"), so the evidence matches the "instead" list. */
static void add_held(text *x, uint64_t m, const tv_hand *held) {
  for (bool first = true; m; m &= m - 1, first = false) {
    tv_card k = (tv_card)__builtin_ctzll(m);
    if (!first) add(x, " ");
    add_card(x, k);
    if (held && held->n[k] > 1)
      add(x, x->style == TV_STYLE_ASCII ? "x%d" : "\u00d7%d", held->n[k]);
  }
}

/* " (J♦ counts as ♥)", " (J♣ J♠ count as trump)": the cards of m that
 * the trump order moved out of their printed suit, so that a sentence
 * naming them by their printed names does not read as wrong. Only trumps
 * move (the order's cards, the top card). */
static void add_counts_as(text *x, uint64_t m) {
  const tv_trick *t = x->t;
  uint64_t moved = 0;
  for (; m; m &= m - 1) {
    tv_card k = (tv_card)__builtin_ctzll(m);
    if (tv_trick_suit(t, k) != tv_suit(t->deck, k)) moved |= BIT(k);
  }
  if (!moved) return;
  add(x, " (");
  add_held(x, moved, NULL);
  add(x, " count%s as ", moved & (moved - 1) ? "" : "s");
  add_suit(x, t->trump);
  add(x, ")");
}

static void say_obligation(text *x, tv_trick_rule rule, uint64_t sat,
                           const tv_hand *hand, const tv_hand *play) {
  const tv_trick *t = x->t;
  if (rule == TV_RULE_FOLLOW) {
    add(x, "must follow ");
    add_suit(x, t->led);
  } else if (rule == TV_RULE_HEAD && t->led == t->trump) {
    add(x, "trump ");
    add_suit(x, t->led);
    add(x, " was led, so you must play a higher trump than ");
    add_reference(x);
  } else if (rule == TV_RULE_HEAD) {
    add(x, "must follow ");
    add_suit(x, t->led);
    add(x, " with a card that beats ");
    add_reference(x);
  } else {
    add(x, "cannot follow ");
    add_suit(x, t->led);
    add(x, ", so must play a trump");
    if (rule == TV_RULE_TRUMP_BEAT) {
      add(x, " that beats ");
      add_reference(x);
    }
  }
  add(x, ": you hold ");
  add_held(x, sat, hand);
  add_counts_as(x, sat | tv_hand_mask(play));
}

/* The kinds of m in words, joined with 'join': whole suits as "any ♣"
 * (or "♥ cards" when not 'any'), the other cards by name. */
static void add_kinds(text *x, uint64_t m, const char *join, bool any) {
  const tv_trick *t = x->t;
  bool first = true;
  for (int s = 0; s <= t->deck->nsuits + 1; s++) {
    uint64_t suit = tv_trick_suit_mask(t, s);
    if (!suit || (m & suit) != suit) continue;
    add(x, "%s%s", first ? "" : join, any ? "any " : "");
    add_suit(x, s);
    add(x, any ? "" : " cards");
    m &= ~suit;
    first = false;
  }
  for (; m; m &= m - 1, first = false) {
    add(x, "%s", first ? "" : join);
    add_card(x, (tv_card)__builtin_ctzll(m));
  }
}

/* "♥" or "trump ♥", for each suit still closed. */
static void add_closed(text *x) {
  const tv_trick *t = x->t;
  bool first = true;
  for (unsigned c = t->closed; c; c &= c - 1, first = false) {
    int s = __builtin_ctz(c);
    add(x, "%s%s", first ? "" : " or ",
        t->rules->unbroken_trump && s == t->trump ? "trump " : "");
    add_suit(x, s);
  }
}

static void say_hand_rule(text *x, tv_trick_rule rule, uint64_t sat,
                          const tv_hand *hand) {
  const tv_trick_rules *r = x->t->rules;
  if (rule == TV_RULE_FIRST_LEAD) {
    add(x, "the first trick of the hand is led with ");
    add_kinds(x, r->first_lead, " or ", true);
  } else if (rule == TV_RULE_UNBROKEN) {
    add_closed(x);
    if (r->breaks || r->break_on_play) {
      add(x, " may not be led until broken (until ");
      unsigned c = x->t->closed;
      if (r->break_on_play && (c & (c - 1))) add(x, "a card of the suit");
      if (r->break_on_play && !(c & (c - 1))) {
        add(x, "a ");
        add_suit(x, __builtin_ctz(c));
      }
      if (r->break_on_play && r->breaks) add(x, " or ");
      if (r->breaks) add_kinds(x, r->breaks, " or ", true);
      add(x, " has been played), unless you hold nothing else");
    } else {
      add(x, " may not be led while you hold another card");
    }
  } else {
    add_kinds(x, r->first_bar, " and ", false);
    add(x, " may not be played to the first trick while you may play "
           "another card");
  }
  add(x, ": you hold ");
  add_held(x, sat, hand);
}

static void say(text *x, tv_trick_rule rule, const tv_hand *hand,
                const tv_hand *play, uint64_t sat) {
  switch (rule) {
  case TV_RULE_OK:
    break;
  case TV_RULE_NOT_HELD:
    say_missing(x, hand, play);
    break;
  case TV_RULE_EMPTY:
    add(x, "a play needs at least one card");
    break;
  case TV_RULE_FULL:
    add(x, "the trick is already full (%d plays)", TV_TRICK_MAX_PLAYS);
    break;
  case TV_RULE_LEAD_SIZE:
    say_lead_size(x, play->size);
    break;
  case TV_RULE_LEAD_SUIT:
    say_lead_suit(x, play);
    break;
  case TV_RULE_LEAD_UP:
    add(x, "the lead is played face up");
    break;
  case TV_RULE_PLAY_SIZE:
    say_size(x, hand, play);
    break;
  case TV_RULE_NO_DOWN:
    add(x, "face-down play is not allowed here; play the cards face up");
    break;
  case TV_RULE_SHORT_DOWN:
    if (play->size < x->t->size)
      add(x, "you hold fewer cards than the lead: play all %d face down",
          play->size);
    else
      add(x, "a full set is played face up; only a player short of cards "
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

static tv_style sentence_style(tv_style style) {
  return style == TV_STYLE_COLOR ? TV_STYLE_UNICODE : style;
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
  text x = {why->because, sizeof why->because, 0, t, sentence_style(style)};
  why->because[0] = '\0';
  say(&x, rule, hand, play, sat);
  return TV_EILLEGAL;
}

/* ======================================================================
 * Why the winner wins
 * ====================================================================== */

/* "; the later identical A♠ does not beat it ..." when one was played. */
static void say_identical(text *x, tv_card w) {
  const tv_trick *t = x->t;
  for (int i = t->best + 1; i < t->nplays; i++) {
    if (t->p[i].down || t->p[i].c[0] != w) continue;
    add(x, "; the later identical ");
    add_card(x, w);
    add(x, " does not beat it (the first of identical cards wins)");
    return;
  }
}

static void explain_single(text *x) {
  const tv_trick *t = x->t;
  tv_card w = t->p[t->best].c[0];
  add_card(x, w);
  if (w == t->rules->top) {
    add(x, " wins: the top card beats every other card");
    return;
  }
  if (t->trump >= 0 && tv_trick_suit(t, w) == t->trump) {
    add(x, " wins: highest trump");
    add_counts_as(x, BIT(w));
  } else {
    add(x, " wins: highest card of the led suit ");
    add_suit(x, t->led);
    add(x, t->trump >= 0 ? "; no trump was played" : "; there is no trump");
  }
  say_identical(x, w);
}

/* Strength for display: the top card, then trumps, then the rest, each
 * by its place in its suit; higher is stronger. */
static int strength(const tv_trick *t, tv_card c) {
  if (c == t->rules->top) return 1024;
  int s = 256 - tv_trick_place(t, c);
  return t->trump >= 0 && tv_trick_suit(t, c) == t->trump ? s + 256 : s;
}

static void sort_by_strength(const tv_trick *t, tv_card *c, int n, int dir) {
  for (int i = 1; i < n; i++)
    for (int j = i;
         j > 0 && dir * (strength(t, c[j]) - strength(t, c[j - 1])) < 0; j--) {
      tv_card tmp = c[j];
      c[j] = c[j - 1];
      c[j - 1] = tmp;
    }
}

/* The pairing shown: weakest winners first, each taking the strongest card
 * it beats, listed from the strongest beaten card down ("TH>QH, KH>8H,
 * 6S>7H"); the matching search is complete, so this only orders a valid
 * pairing. */
static void add_pairing(text *x, const tv_trick_entry *p,
                        const tv_trick_entry *b) {
  tv_card cs[TV_TRICK_MAX_SET], bs[TV_TRICK_MAX_SET];
  uint8_t pair[TV_TRICK_MAX_SET];
  memcpy(cs, p->c, p->n);
  memcpy(bs, b->c, b->n);
  sort_by_strength(x->t, cs, p->n, 1);
  sort_by_strength(x->t, bs, b->n, -1);
  tv_trick_set_beats(x->t, cs, bs, p->n, pair);
  add(x, " (");
  for (int j = 0; j < b->n; j++)
    for (int i = 0; i < p->n; i++) {
      if (pair[i] != j) continue;
      add(x, j ? ", " : "");
      add_card(x, cs[i]);
      add(x, ">");
      add_card(x, bs[j]);
    }
  add(x, ")");
}

static void explain_set(text *x) {
  const tv_trick *t = x->t;
  const tv_trick_entry *p = &t->p[t->best];
  add_set(x, p->c, p->n);
  if (p->beat == 0xFF) {
    add(x, " wins: the lead stands, %s",
        t->nplays > 1 ? "no later set beat it card for card"
                      : "nobody has played yet");
    return;
  }
  const tv_trick_entry *b = &t->p[p->beat];
  add(x, " wins: it beats ");
  add_set(x, b->c, b->n);
  add(x, " card for card");
  add_pairing(x, p, b);
  add(x, "%s", t->best + 1 < t->nplays ? "; no later set beat it" : "");
}

size_t tv_trick_explain(const tv_trick *t, tv_style style, char *buf,
                        size_t cap) {
  text x = {buf, cap, 0, t, sentence_style(style)};
  if (cap) buf[0] = '\0';
  if (t->nplays == 0)
    add(&x, "nobody has played yet");
  else if (t->size == 1)
    explain_single(&x);
  else
    explain_set(&x);
  return x.len;
}
