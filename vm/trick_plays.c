/*
 * trick_plays.c - the legal plays of a hand: every play enumerated
 * (tv_trick_each_play: leads by effective suit and size, followers' sets
 * face up or down), the kinds some lead contains, and a uniformly random
 * legal play.
 */
#include "trick.h"
#include "trick_mask.h"

typedef struct walk {
  const tv_trick *t;
  tv_trick_each_fn fn;
  void *ud;
  int count;
  long sets; /* sets looked at, up to TV_TRICK_WALK_MAX */
  bool stop, too_many;
  bool skip_top_only; /* a lead of top cards only belongs to another suit */
  int nk;
  tv_card kinds[TV_MAX_KINDS];
  const tv_hand *from;
  tv_hand cur;
} walk;

static void visit(walk *w, const tv_hand *play, bool down) {
  if (w->stop) return;
  w->count++;
  if (w->fn && !w->fn(play, down, w->ud)) w->stop = true;
}

/* A follower's set: face down when allowed, face up when it may be. */
static void visit_follow(walk *w) {
  const tv_trick *t = w->t;
  const tv_trick_entry *best = &t->p[t->best];
  bool full = w->cur.size == t->size, beats = false;
  if (t->rules->face_down == TV_DOWN_NEVER) {
    visit(w, &w->cur, false);
    return;
  }
  if (t->rules->face_down == TV_DOWN_SHORT) {
    visit(w, &w->cur, !full);
    return;
  }
  visit(w, &w->cur, true);
  if (full) {
    tv_card c[TV_TRICK_MAX_SET];
    int n = 0;
    for (int i = 0; i < w->nk; i++)
      for (int j = 0; j < w->cur.n[w->kinds[i]]; j++)
        c[n++] = w->kinds[i];
    beats = tv_trick_set_beats(t, c, best->c, n, NULL);
  }
  if (beats) visit(w, &w->cur, false);
}

/* Every sub-multiset of size 'left' of w->kinds[i..] (counts from
 * w->from), added to w->cur. */
static void subsets(walk *w, int i, int left, bool lead) {
  if (w->stop) return;
  if (++w->sets > TV_TRICK_WALK_MAX) {
    w->stop = w->too_many = true;
    return;
  }
  if (left == 0) {
    if (!lead)
      visit_follow(w);
    else if (!(w->skip_top_only && w->cur.n[w->t->rules->top] == w->cur.size) &&
             tv_trick_lead_shape(w->t, &w->cur) == TV_RULE_OK)
      visit(w, &w->cur, false);
    return;
  }
  if (i == w->nk) return;
  tv_card k = w->kinds[i];
  int max = w->from->n[k] < left ? w->from->n[k] : left;
  for (int m = max; m >= 0 && !w->stop; m--) {
    w->cur.n[k] = (uint8_t)m;
    w->cur.size = (uint16_t)(w->cur.size + m);
    subsets(w, i + 1, left - m, lead);
    w->cur.size = (uint16_t)(w->cur.size - m);
  }
  w->cur.n[k] = 0;
}

static void walk_kinds(walk *w, const tv_hand *from, uint64_t m) {
  w->from = from;
  w->nk = 0;
  for (; m; m &= m - 1)
    w->kinds[w->nk++] = (tv_card)__builtin_ctzll(m);
}

/* Leads: per effective suit, its cards plus a wild top card; a lead of
 * top cards only is visited once, under the top card's own suit. */
static void each_lead(walk *w, const tv_hand *h) {
  const tv_trick *t = w->t;
  const tv_trick_rules *r = t->rules;
  tv_trick_rule rule;
  uint64_t held = tv_held_mask(h);
  if (r->lead_sizes == 2) held = tv_trick_card_mask(t, held, &rule);
  uint64_t wild =
      r->wild_top && r->top != TV_NO_CARD ? held & TV_BIT(r->top) : 0;
  for (int s = 0; s <= t->deck->nsuits + 1 && !w->stop; s++) {
    uint64_t own = held & tv_trick_suit_mask(t, s) & ~wild;
    bool home = wild && s == tv_trick_suit(t, r->top);
    if (!own && !home) continue;
    walk_kinds(w, h, own | wild);
    w->skip_top_only = wild && !home;
    for (int n = 1; n <= TV_TRICK_MAX_SET && !w->stop; n++)
      if (r->lead_sizes >> n & 1) subsets(w, 0, n, true);
  }
}

int tv_trick_each_play(const tv_trick *t, const tv_hand *h, tv_trick_each_fn fn,
                       void *ud) {
  walk w = {.t = t, .fn = fn, .ud = ud};
  tv_hand_clear(&w.cur);
  if (h->size == 0 || t->nplays >= TV_TRICK_MAX_PLAYS) return 0;
  if (t->nplays == 0) {
    each_lead(&w, h);
    return w.too_many ? -1 : w.count;
  }
  /* one-card tricks: a follower with a card is never short */
  if (t->size == 1 && t->rules->face_down != TV_DOWN_ALLOWED) {
    tv_trick_rule rule;
    uint64_t m = tv_trick_card_mask(t, tv_held_mask(h), &rule);
    for (; m && !w.stop; m &= m - 1) {
      tv_hand_clear(&w.cur);
      tv_hand_add(&w.cur, (tv_card)__builtin_ctzll(m), 1);
      visit(&w, &w.cur, false);
    }
    return w.count;
  }
  walk_kinds(&w, h, tv_held_mask(h));
  subsets(&w, 0, h->size < t->size ? h->size : t->size, false);
  return w.too_many ? -1 : w.count;
}

static bool add_mask(const tv_hand *play, bool down, void *ud) {
  uint64_t *m = ud;
  (void)down;
  *m |= tv_held_mask(play);
  return true;
}

uint64_t tv_trick_lead_mask(const tv_trick *t, const tv_hand *h, bool *ok) {
  uint64_t m = 0;
  *ok = true;
  if (t->rules->lead_sizes & 2) return tv_held_mask(h);
  if (tv_trick_each_play(t, h, add_mask, &m) < 0) {
    *ok = false;
    return 0;
  }
  return m;
}

/* The plays a first walk keeps for tv_trick_random, so that a hand with
 * few plays (a short hand of sets, as in most set games) is walked once; more
 * plays than this and the k-th is found by a second walk. */
#define KEEP_PLAYS 64

typedef struct keep {
  int n;
  tv_hand play[KEEP_PLAYS];
  bool down[KEEP_PLAYS];
} keep;

static bool keep_play(const tv_hand *play, bool down, void *ud) {
  keep *k = ud;
  if (k->n < KEEP_PLAYS) {
    k->play[k->n] = *play;
    k->down[k->n] = down;
  }
  k->n++;
  return true;
}

typedef struct pick {
  int k;
  tv_hand *play;
  bool *down;
} pick;

static bool take_kth(const tv_hand *play, bool down, void *ud) {
  pick *p = ud;
  if (p->k-- > 0) return true;
  *p->play = *play;
  *p->down = down;
  return false;
}

int tv_trick_random_among(const tv_trick *t, const tv_hand *h, tv_rng *r,
                          int extra, tv_hand *play, bool *down) {
  keep k;
  k.n = 0;
  int n = tv_trick_each_play(t, h, keep_play, &k);
  if (n < 0) return TV_TRICK_TOO_MANY;
  if (extra < 0) extra = 0;
  if (n + extra == 0) return -1;
  int i = (int)tv_rng_below(r, (uint64_t)n + (uint64_t)extra);
  if (i >= n) return i - n + 1;
  if (i < KEEP_PLAYS) {
    *play = k.play[i];
    *down = k.down[i];
    return 0;
  }
  pick p = {i, play, down};
  tv_trick_each_play(t, h, take_kth, &p);
  return 0;
}

bool tv_trick_random(const tv_trick *t, const tv_hand *h, tv_rng *r,
                     tv_hand *play, bool *down) {
  return tv_trick_random_among(t, h, r, 0, play, down) == 0;
}
