/*
 * meld.c - scoring hands with compiled meld tables (meld_compile.c checks
 * and compiles them).
 *
 * Built for the inner loop of simulations: a 25- or 30-card hand is scored
 * for every trump in a few hundred nanoseconds. Scoring first reads the
 * count array once into the multiplicity of every meld in every suit
 * (trump-independent), then sums points per trump from those numbers.
 * Nothing is allocated; the compiled table is plain data.
 */
#include "meld.h"

#include <string.h>

/* Multiplicities of every meld: [meld][suit] for EACH/TRUMP, [meld][0]
 * for the others. */
typedef struct counts {
  uint16_t m[TV_MELD_MAX][TV_MAX_SUITS];
} counts;

/* ======================================================================
 * Counting: one pass over the hand
 * ====================================================================== */

static unsigned min_in_suit(const tv_meld_table *t, int i, const tv_hand *h,
                            int s) {
  const uint8_t *n = h->n + s * t->nranks;
  unsigned m = 255;
  for (int j = 0; j < t->nrank_list[i]; j++) {
    unsigned v = n[t->rank_list[i][j]];
    m = v < m ? v : m;
  }
  return m;
}

static unsigned count_global(const tv_meld_table *t, int i, const tv_hand *h) {
  const tv_meld_spec *s = &t->m[i];
  unsigned m = 255, sum = 0;
  switch (s->scope) {
  case TV_MELD_ALL:
    for (int su = 0; su < t->nsuits && m; su++) {
      unsigned v = min_in_suit(t, i, h, su);
      m = v < m ? v : m;
    }
    return m;
  case TV_MELD_ANY:
    for (int su = 0; su < t->nsuits; su++)
      for (int j = 0; j < t->nrank_list[i]; j++)
        sum += h->n[su * t->nranks + t->rank_list[i][j]];
    return sum / s->size;
  default: /* TV_MELD_CARDS */
    for (int j = 0; j < t->nkind_list[i]; j++) {
      int k = t->kind_list[i][j];
      unsigned v = h->n[k] / s->need[k];
      m = v < m ? v : m;
    }
    return m;
  }
}

static void count_all(const tv_meld_table *t, const tv_hand *h, counts *c) {
  for (int i = 0; i < t->nmelds; i++) {
    if (tv_meld_per_suit(&t->m[i]))
      for (int s = 0; s < t->nsuits; s++)
        c->m[i][s] = (uint16_t)min_in_suit(t, i, h, s);
    else
      c->m[i][0] = (uint16_t)count_global(t, i, h);
  }
}

/* ======================================================================
 * Points
 * ====================================================================== */

static int64_t points_at(const tv_meld_spec *s, unsigned m, int in_trump) {
  if (m == 0) return 0;
  const int32_t *p =
      in_trump && s->has_trump_points ? s->trump_points : s->points;
  if (s->nlevels == 0) return (int64_t)p[0] * m;
  return p[(m < s->nlevels ? m : s->nlevels) - 1];
}

static unsigned level_of(const tv_meld_spec *s, unsigned m) {
  return s->nlevels && m > s->nlevels ? s->nlevels : m;
}

static unsigned uses_of(const tv_meld_spec *s, unsigned m) {
  if (s->nlevels == 0 || m == 0) return m;
  unsigned lv = level_of(s, m);
  return s->uses[lv - 1] ? s->uses[lv - 1] : lv;
}

/* Points that meld i's instance at suit sa (using u copies) already
 * counts for the melds it includes; with 'inc' set, also records them per
 * included instance (slot 0 for a meld that is not per suit). */
static int64_t deduct(const tv_meld_table *t, int i, int sa, unsigned u,
                      int trump, int64_t (*inc)[TV_MAX_SUITS]) {
  const tv_meld_spec *a = &t->m[i];
  int64_t sum = 0;
  for (int j = 0; j < a->ninc; j++) {
    int b = a->inc_meld[j];
    const tv_meld_spec *bs = &t->m[b];
    unsigned x = a->inc_times[j] * u;
    int from = 0, to = 1; /* suits of b's instances to take points off */
    if (bs->scope == TV_MELD_EACH) {
      if (a->scope == TV_MELD_ALL)
        to = t->nsuits;
      else
        from = sa, to = sa + 1;
    } else if (bs->scope == TV_MELD_TRUMP) {
      if (trump < 0 || (a->scope != TV_MELD_ALL && sa != trump)) continue;
      from = trump, to = trump + 1;
    }
    for (int s = from; s < to; s++) {
      int64_t p = points_at(bs, x, tv_meld_per_suit(bs) && s == trump);
      sum += p;
      if (inc) inc[b][s] += p;
    }
  }
  return sum;
}

/* A total splits by what the trump changes: G does not depend on it,
 * plain[s] is what suit s adds when it is not trump, trump[s] what it adds
 * when it is. So total(T) = G + sum(plain) - plain[T] + trump[T], and all
 * trumps cost one pass. */
typedef struct split {
  int64_t g, plain[TV_MAX_SUITS], trump[TV_MAX_SUITS];
} split;

/* What a meld that is not per suit (uses u copies) already counts for the
 * melds it includes, split by suit. */
static void split_deduct(const tv_meld_table *t, int i, unsigned u, split *sp) {
  const tv_meld_spec *a = &t->m[i];
  for (int j = 0; j < a->ninc; j++) {
    const tv_meld_spec *b = &t->m[a->inc_meld[j]];
    unsigned x = a->inc_times[j] * u;
    if (b->scope == TV_MELD_EACH || b->scope == TV_MELD_TRUMP) {
      int64_t plain = b->scope == TV_MELD_EACH ? points_at(b, x, 0) : 0;
      int64_t trump = points_at(b, x, 1);
      for (int s = 0; s < t->nsuits; s++)
        sp->plain[s] -= plain, sp->trump[s] -= trump;
    } else {
      sp->g -= points_at(b, x, 0);
    }
  }
}

static void split_meld(const tv_meld_table *t, const counts *c, int i,
                       split *sp) {
  const tv_meld_spec *a = &t->m[i];
  if (!tv_meld_per_suit(a)) {
    unsigned m = c->m[i][0];
    if (m == 0) return;
    sp->g += points_at(a, m, 0);
    if (a->ninc) split_deduct(t, i, uses_of(a, m), sp);
    return;
  }
  for (int s = 0; s < t->nsuits; s++) {
    unsigned m = c->m[i][s];
    if (m == 0) continue;
    unsigned u = uses_of(a, m);
    if (a->scope == TV_MELD_EACH) {
      sp->plain[s] += points_at(a, m, 0);
      if (a->ninc) sp->plain[s] -= deduct(t, i, s, u, -1, NULL);
    }
    sp->trump[s] += points_at(a, m, 1);
    if (a->ninc) sp->trump[s] -= deduct(t, i, s, u, s, NULL);
  }
}

static void split_all(const tv_meld_table *t, const tv_hand *h, split *sp) {
  counts c;
  count_all(t, h, &c);
  memset(sp, 0, sizeof *sp);
  for (int i = 0; i < t->nmelds; i++)
    split_meld(t, &c, i, sp);
  for (int s = 0; s < t->nsuits; s++)
    sp->g += sp->plain[s];
}

static int valid_trump(const tv_meld_table *t, int trump) {
  return trump >= 0 && trump < t->nsuits ? trump : -1;
}

int64_t tv_meld_score(const tv_meld_table *t, const tv_hand *h, int trump) {
  split sp;
  split_all(t, h, &sp);
  trump = valid_trump(t, trump);
  return trump < 0 ? sp.g : sp.g - sp.plain[trump] + sp.trump[trump];
}

void tv_meld_score_all(const tv_meld_table *t, const tv_hand *h, int64_t *out) {
  split sp;
  split_all(t, h, &sp);
  for (int s = 0; s < t->nsuits; s++)
    out[s] = sp.g - sp.plain[s] + sp.trump[s];
}

/* ======================================================================
 * Breakdown, cards used, locking
 * ====================================================================== */

/* Calls 'fn' for each instance of a meld present in h with trump. */
typedef void (*instance_fn)(const tv_meld_table *t, int i, int s, unsigned m,
                            void *ud);

static void each_instance(const tv_meld_table *t, const counts *c, int trump,
                          instance_fn fn, void *ud) {
  for (int i = 0; i < t->nmelds; i++) {
    int scope = t->m[i].scope;
    for (int s = 0; s < t->nsuits; s++) {
      if (scope == TV_MELD_TRUMP && s != trump) continue;
      int slot = tv_meld_per_suit(&t->m[i]) ? s : 0;
      if (c->m[i][slot])
        fn(t, i, tv_meld_per_suit(&t->m[i]) ? s : -1, c->m[i][slot], ud);
      if (!tv_meld_per_suit(&t->m[i])) break;
    }
  }
}

typedef struct breakdown_ud {
  int trump, n, cap;
  tv_meld_item *items;
  int64_t inc[TV_MELD_MAX][TV_MAX_SUITS];
} breakdown_ud;

static void record_deductions(const tv_meld_table *t, int i, int s, unsigned m,
                              void *ud) {
  breakdown_ud *b = ud;
  deduct(t, i, s < 0 ? 0 : s, uses_of(&t->m[i], m), b->trump, b->inc);
}

static void record_item(const tv_meld_table *t, int i, int s, unsigned m,
                        void *ud) {
  breakdown_ud *b = ud;
  const tv_meld_spec *sp = &t->m[i];
  if (b->n < b->cap) {
    tv_meld_item *it = &b->items[b->n];
    it->meld = (uint8_t)i;
    it->suit = (int8_t)s;
    it->count = (uint16_t)m;
    it->level = (uint8_t)level_of(sp, m);
    it->uses = (uint16_t)uses_of(sp, m);
    it->points = points_at(sp, m, s >= 0 && s == b->trump);
    it->included = b->inc[i][s < 0 ? 0 : s];
  }
  b->n++;
}

int tv_meld_breakdown(const tv_meld_table *t, const tv_hand *h, int trump,
                      tv_meld_item *items, int cap) {
  counts c;
  breakdown_ud b;
  memset(&b, 0, sizeof b);
  b.trump = valid_trump(t, trump);
  b.items = items;
  b.cap = cap;
  count_all(t, h, &c);
  each_instance(t, &c, b.trump, record_deductions, &b);
  each_instance(t, &c, b.trump, record_item, &b);
  return b.n;
}

static void add_any_cards(const tv_meld_table *t, const tv_hand *h, int i,
                          unsigned want, tv_hand *out) {
  const tv_meld_spec *s = &t->m[i];
  for (int k = 0; k < t->nsuits * t->nranks && want; k++) {
    if (!(s->ranks >> (k % t->nranks) & 1)) continue;
    unsigned take = h->n[k] < want ? h->n[k] : want;
    out->n[k] = (uint8_t)(out->n[k] + take);
    want -= take;
  }
}

static void pattern_cards(const tv_meld_table *t, const tv_hand *h, int i,
                          int suit, unsigned uses, tv_hand *out) {
  const tv_meld_spec *s = &t->m[i];
  memset(out, 0, sizeof *out);
  if (s->scope == TV_MELD_ANY) {
    add_any_cards(t, h, i, uses * s->size, out);
  } else if (s->scope == TV_MELD_CARDS) {
    for (int j = 0; j < t->nkind_list[i]; j++) {
      int k = t->kind_list[i][j];
      out->n[k] = (uint8_t)(s->need[k] * uses);
    }
  } else {
    int from = suit < 0 ? 0 : suit, to = suit < 0 ? t->nsuits : suit + 1;
    for (int su = from; su < to; su++)
      for (int j = 0; j < t->nrank_list[i]; j++)
        out->n[su * t->nranks + t->rank_list[i][j]] = (uint8_t)uses;
  }
  out->size = 0;
  for (int k = 0; k < TV_MAX_KINDS; k++)
    out->size += out->n[k];
}

void tv_meld_item_cards(const tv_meld_table *t, const tv_hand *h,
                        const tv_meld_item *it, tv_hand *out) {
  pattern_cards(t, h, it->meld, it->suit, it->uses, out);
}

typedef struct locked_ud {
  const tv_hand *h;
  tv_hand *out;
} locked_ud;

static void lock_instance(const tv_meld_table *t, int i, int s, unsigned m,
                          void *ud) {
  locked_ud *l = ud;
  tv_hand used;
  pattern_cards(t, l->h, i, s, uses_of(&t->m[i], m), &used);
  for (int k = 0; k < TV_MAX_KINDS; k++)
    if (used.n[k] > l->out->n[k]) {
      l->out->size = (uint16_t)(l->out->size + used.n[k] - l->out->n[k]);
      l->out->n[k] = used.n[k];
    }
}

void tv_meld_locked(const tv_meld_table *t, const tv_hand *h, int trump,
                    tv_hand *out) {
  counts c;
  locked_ud l = {h, out};
  memset(out, 0, sizeof *out);
  count_all(t, h, &c);
  each_instance(t, &c, valid_trump(t, trump), lock_instance, &l);
}
