/*
 * meld.c - compiling meld tables and scoring hands with them.
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

static int is_per_suit(const tv_meld_spec *s) {
  return s->scope == TV_MELD_EACH || s->scope == TV_MELD_TRUMP;
}

/* ======================================================================
 * Validation
 * ====================================================================== */

/* Copies of 'kind' one occurrence of meld s needs in its instance 'suit'
 * (ignored for ALL and CARDS). ANY needs no particular kind: 0. */
static int need_of(const tv_meld_spec *s, const tv_deck *d, int kind,
                   int suit) {
  int nsuited = d->nsuits * d->nranks;
  if (s->scope == TV_MELD_CARDS) return s->need[kind];
  if (kind >= nsuited || !(s->ranks >> (kind % d->nranks) & 1)) return 0;
  if (s->scope == TV_MELD_ALL) return 1;
  if (s->scope == TV_MELD_ANY) return 0;
  return kind / d->nranks == suit;
}

static tv_status check_pattern(const tv_meld_spec *s, const tv_deck *d,
                               tv_err *e) {
  if (s->scope > TV_MELD_CARDS)
    return tv_fail(e, TV_EINVAL, "meld '%s': unknown pattern kind %d", s->name,
                   s->scope);
  if (s->scope == TV_MELD_CARDS) {
    int any = 0;
    for (int k = 0; k < TV_MAX_KINDS; k++) {
      if (s->need[k] && k >= d->nkinds)
        return tv_fail(e, TV_EINVAL, "meld '%s': card %d is not in the deck",
                       s->name, k);
      if (s->need[k] > TV_MAX_COPIES)
        return tv_fail(e, TV_ERANGE,
                       "meld '%s': more than %d copies of a "
                       "card",
                       s->name, TV_MAX_COPIES);
      any |= s->need[k];
    }
    return any ? TV_OK : tv_fail(e, TV_EINVAL, "meld '%s': no cards", s->name);
  }
  if (s->ranks == 0)
    return tv_fail(e, TV_EINVAL, "meld '%s': no ranks", s->name);
  if (s->ranks >> d->nranks)
    return tv_fail(e, TV_EINVAL, "meld '%s': a rank beyond the deck's %d",
                   s->name, d->nranks);
  if (s->scope == TV_MELD_ANY && s->size == 0)
    return tv_fail(e, TV_EINVAL, "meld '%s': size must be at least 1", s->name);
  return TV_OK;
}

static tv_status check_list(const tv_meld_spec *s, const int32_t *p,
                            const char *key, tv_err *e) {
  int n = s->nlevels ? s->nlevels : 1;
  for (int j = 0; j < n; j++)
    if (p[j] > TV_MELD_POINTS_MAX || p[j] < -TV_MELD_POINTS_MAX)
      return tv_fail(e, TV_ERANGE,
                     "meld '%s': %s[%d] = %ld is beyond "
                     "+-%d",
                     s->name, key, j + 1, (long)p[j], TV_MELD_POINTS_MAX);
  return TV_OK;
}

static tv_status check_points(const tv_meld_spec *s, tv_err *e) {
  if (s->nlevels > TV_MELD_LEVELS)
    return tv_fail(e, TV_ERANGE, "meld '%s': more than %d point levels",
                   s->name, TV_MELD_LEVELS);
  if (s->has_trump_points && !is_per_suit(s))
    return tv_fail(e, TV_EINVAL,
                   "meld '%s': trump points need a per-suit "
                   "or trump meld",
                   s->name);
  tv_status st = check_list(s, s->points, "points", e);
  if (st == TV_OK && s->has_trump_points)
    st = check_list(s, s->trump_points, "trump_points", e);
  int prev = 1;
  for (int j = 0; st == TV_OK && j < s->nlevels; j++) {
    int u = s->uses[j] ? s->uses[j] : j + 1;
    if (u < prev || u > j + 1)
      return tv_fail(e, TV_EINVAL,
                     "meld '%s': uses[%d] = %d must be within "
                     "%d..%d",
                     s->name, j + 1, u, prev, j + 1);
    prev = u;
  }
  return st;
}

/* Does one occurrence of A (instance suit 0) hold 'times' occurrences of B
 * wherever A includes B? */
static int contains(const tv_meld_spec *a, const tv_meld_spec *b, int times,
                    const tv_deck *d) {
  if (b->scope == TV_MELD_ANY) {
    int held = 0;
    for (int k = 0; k < d->nsuits * d->nranks; k++)
      if (b->ranks >> (k % d->nranks) & 1) held += need_of(a, d, k, 0);
    return held >= times * b->size;
  }
  int nb = is_per_suit(b) && a->scope == TV_MELD_ALL ? d->nsuits : 1;
  for (int sb = 0; sb < nb; sb++)
    for (int k = 0; k < d->nkinds; k++)
      if (times * need_of(b, d, k, sb) > need_of(a, d, k, 0)) return 0;
  return 1;
}

static tv_status check_includes(const tv_meld_spec *specs, int n, int i,
                                const tv_deck *d, tv_err *e) {
  const tv_meld_spec *a = &specs[i];
  if (a->ninc > TV_MELD_INCLUDES)
    return tv_fail(e, TV_ERANGE, "meld '%s': includes more than %d melds",
                   a->name, TV_MELD_INCLUDES);
  if (a->ninc && a->scope == TV_MELD_ANY)
    return tv_fail(e, TV_EINVAL,
                   "meld '%s': a meld of any suits cannot "
                   "include other melds",
                   a->name);
  for (int j = 0; j < a->ninc; j++) {
    int b = a->inc_meld[j], times = a->inc_times[j];
    if (b >= n || b == i)
      return tv_fail(e, TV_EINVAL, "meld '%s': includes %s", a->name,
                     b == i ? "itself" : "a meld that does not exist");
    if (times < 1)
      return tv_fail(e, TV_EINVAL, "meld '%s': includes '%s' 0 times", a->name,
                     specs[b].name);
    if (a->scope == TV_MELD_CARDS && is_per_suit(&specs[b]))
      return tv_fail(e, TV_EINVAL,
                     "meld '%s': a fixed set of cards cannot "
                     "include the per-suit meld '%s'",
                     a->name, specs[b].name);
    if (!contains(a, &specs[b], times, d))
      return tv_fail(e, TV_EINVAL,
                     "meld '%s': includes '%s' x%d, but its "
                     "cards do not hold that",
                     a->name, specs[b].name, times);
  }
  return TV_OK;
}

/* Inclusion must be acyclic: reach[i] = melds reachable from i. */
static tv_status check_cycles(const tv_meld_spec *specs, int n, tv_err *e) {
  uint32_t reach[TV_MELD_MAX] = {0};
  for (int i = 0; i < n; i++)
    for (int j = 0; j < specs[i].ninc; j++)
      reach[i] |= UINT32_C(1) << specs[i].inc_meld[j];
  for (int round = 0; round < n; round++)
    for (int i = 0; i < n; i++)
      for (int b = 0; b < n; b++)
        if (reach[i] >> b & 1) reach[i] |= reach[b];
  for (int i = 0; i < n; i++)
    if (reach[i] >> i & 1)
      return tv_fail(e, TV_EINVAL,
                     "meld '%s': includes itself through a "
                     "cycle of includes",
                     specs[i].name);
  return TV_OK;
}

static tv_status check_name(const tv_meld_spec *specs, int i, tv_err *e) {
  const char *name = specs[i].name;
  if (memchr(name, '\0', TV_MELD_NAME_MAX) == NULL)
    return tv_fail(e, TV_ERANGE, "meld #%d: name longer than %d bytes", i + 1,
                   TV_MELD_NAME_MAX - 1);
  if (name[0] == '\0')
    return tv_fail(e, TV_EINVAL, "meld #%d: empty name", i + 1);
  for (int j = 0; j < i; j++)
    if (strcmp(specs[j].name, name) == 0)
      return tv_fail(e, TV_EINVAL, "meld #%d: duplicate name '%s'", i + 1,
                     name);
  return TV_OK;
}

static void build_lists(tv_meld_table *t, int i, const tv_deck *d) {
  const tv_meld_spec *s = &t->m[i];
  t->nrank_list[i] = t->nkind_list[i] = 0;
  for (int r = 0; r < d->nranks; r++)
    if (s->ranks >> r & 1) t->rank_list[i][t->nrank_list[i]++] = (uint8_t)r;
  if (s->scope == TV_MELD_CARDS)
    for (int k = 0; k < d->nkinds; k++)
      if (s->need[k]) t->kind_list[i][t->nkind_list[i]++] = (uint8_t)k;
}

tv_status tv_meld_compile(tv_meld_table *t, const tv_deck *d,
                          const tv_meld_spec *specs, int n, tv_err *e) {
  if (n < 0 || n > TV_MELD_MAX)
    return tv_fail(e, TV_ERANGE, "%d melds: a table holds 0 to %d", n,
                   TV_MELD_MAX);
  tv_status st = TV_OK;
  for (int i = 0; st == TV_OK && i < n; i++) {
    st = check_name(specs, i, e);
    if (st == TV_OK) st = check_pattern(&specs[i], d, e);
    if (st == TV_OK) st = check_points(&specs[i], e);
  }
  for (int i = 0; st == TV_OK && i < n; i++)
    st = check_includes(specs, n, i, d, e);
  if (st == TV_OK) st = check_cycles(specs, n, e);
  if (st != TV_OK) return st;
  memset(t, 0, sizeof *t);
  t->nmelds = (uint8_t)n;
  t->nsuits = d->nsuits;
  t->nranks = d->nranks;
  for (int i = 0; i < n; i++) {
    t->m[i] = specs[i];
    build_lists(t, i, d);
  }
  return TV_OK;
}

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
    if (is_per_suit(&t->m[i]))
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
      int64_t p = points_at(bs, x, is_per_suit(bs) && s == trump);
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
  if (!is_per_suit(a)) {
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
      int slot = is_per_suit(&t->m[i]) ? s : 0;
      if (c->m[i][slot])
        fn(t, i, is_per_suit(&t->m[i]) ? s : -1, c->m[i][slot], ud);
      if (!is_per_suit(&t->m[i])) break;
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
