/*
 * meld_compile.c - checking a meld table against a deck and compiling it
 * (tv_meld_compile): patterns, points, inclusions and their cycles, then
 * the flat per-meld lists that scoring (meld.c) walks.
 */
#include "meld.h"

#include <string.h>

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
  if (s->has_trump_points && !tv_meld_per_suit(s))
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
  int nb = tv_meld_per_suit(b) && a->scope == TV_MELD_ALL ? d->nsuits : 1;
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
    if (a->scope == TV_MELD_CARDS && tv_meld_per_suit(&specs[b]))
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
