/*
 * sandbox_pattern.c - a worst-case bound on Lua pattern matching.
 *
 * Lua's matcher backtracks: each quantified item may be retried at every
 * length, so "a-a-a-a-b" on 300 bytes runs for seconds inside one C call,
 * where no time budget can stop it. This file bounds the steps from the
 * pattern's shape and the subject, without matching: the bound is
 * starts * (r+1)^k, where starts is 1 for an anchored pattern and n+1
 * otherwise, k counts the items that may be retried at many lengths (plus
 * one if some item may scan and then fail) and r is the longest run of
 * subject bytes those items can match (n for %b and back references).
 * Measured (-O2, random patterns at the largest subject let through):
 * under half a second of matching.
 * The classes follow the Lua manual's pattern rules (its isalpha & co.).
 */
#include "sandbox_pattern.h"

#include <ctype.h>
#include <string.h>

#define MAX_COST  1e8 /* estimated steps one pattern call may take */
#define MAX_ITEMS 128 /* items analysed; longer patterns: cruder bound */

/* One item of a pattern: a single-character class ('c', possibly
 * quantified), a variable-length match without choices (%b, a back
 * reference: 'v'), a frontier ('z') or the end anchor ('$'). */
typedef struct pat_item {
  const char *p, *ep; /* the class, for 'c' */
  char kind, quant;
} pat_item;

static int class_has(int cl, int c) {
  int res;
  switch (tolower(cl)) {
  case 'a':
    res = isalpha(c);
    break;
  case 'c':
    res = iscntrl(c);
    break;
  case 'd':
    res = isdigit(c);
    break;
  case 'g':
    res = isgraph(c);
    break;
  case 'l':
    res = islower(c);
    break;
  case 'p':
    res = ispunct(c);
    break;
  case 's':
    res = isspace(c);
    break;
  case 'u':
    res = isupper(c);
    break;
  case 'w':
    res = isalnum(c);
    break;
  case 'x':
    res = isxdigit(c);
    break;
  default:
    return cl == c;
  }
  return isupper(cl) ? !res : res != 0;
}

/* Whether the item's class [p, ep) matches the byte c. */
static int item_has(const pat_item *it, int c) {
  const unsigned char *p = (const unsigned char *)it->p;
  const unsigned char *ep = (const unsigned char *)it->ep;
  if (*p == '.') return 1;
  if (*p == '%') return p + 1 < ep && class_has(p[1], c);
  if (*p != '[') return *p == c;
  int neg = p + 1 < ep && p[1] == '^';
  for (p += neg ? 2 : 1; p < ep - 1; p++) {
    if (*p == '%' && p + 1 < ep - 1) {
      if (class_has(*++p, c)) return !neg;
    } else if (p + 2 < ep - 1 && p[1] == '-') {
      if (p[0] <= c && c <= p[2]) return !neg;
      p += 2;
    } else if (*p == c)
      return !neg;
  }
  return neg;
}

/* Past the ']' of the set starting at p, as Lua finds it (a ']' right
 * after '[' or '[^' belongs to the set). */
static const char *set_end(const char *p, const char *end) {
  p++;
  if (p < end && *p == '^') p++;
  do {
    if (p >= end) return end;
    if (*p++ == '%') p++;
  } while (p < end && *p != ']');
  return p < end ? p + 1 : end;
}

static int is_quantifier(char c) {
  return c == '*' || c == '+' || c == '-' || c == '?';
}

/* Splits [p, end) into at most 'max' items; -1 if there are more.
 * Malformed patterns need no care: the real function reports them. */
static int split_pattern(const char *p, const char *end, pat_item *it,
                         int max) {
  int n = 0;
  while (p < end) {
    if (*p == '(' || *p == ')') {
      p++;
      continue;
    }
    if (n == max) return -1;
    pat_item *x = &it[n++];
    x->p = p;
    x->quant = 0;
    x->kind = 'c';
    if (*p == '$' && p + 1 == end) {
      x->kind = '$';
      p++;
    } else if (*p == '%' && p + 1 < end && p[1] == 'b') {
      x->kind = 'v';
      p = end - p > 4 ? p + 4 : end;
    } else if (*p == '%' && p + 1 < end && p[1] == 'f') {
      x->kind = 'z';
      p += 2;
      if (p < end && *p == '[') p = set_end(p, end);
    } else if (*p == '%' && p + 1 < end && isdigit((unsigned char)p[1])) {
      x->kind = 'v';
      p += 2;
    } else {
      if (*p == '%')
        p = end - p > 2 ? p + 2 : end;
      else
        p = *p == '[' ? set_end(p, end) : p + 1;
      x->ep = p;
      if (p < end && is_quantifier(*p)) x->quant = *p++;
    }
  }
  return n;
}

static int is_optional(const pat_item *it) {
  return it->kind == 'c' &&
         (it->quant == '*' || it->quant == '-' || it->quant == '?');
}

/* Whether items i.. match at the end of the subject. */
static int matches_at_end(const pat_item *it, int i, int n) {
  for (; i < n; i++)
    if (!is_optional(&it[i]) && it[i].kind != '$') return 0;
  return 1;
}

/* Whether items i.. match wherever they are tried, at the first try:
 * optional items, or '.*' / '.-' followed by what matches at the end. */
static int always_matches(const pat_item *it, int i, int n) {
  for (; i < n; i++) {
    if (!is_optional(&it[i])) return 0;
    if (*it[i].p == '.' && it[i].quant != '?' && matches_at_end(it, i + 1, n))
      return 1;
  }
  return 1;
}

/* Whether the quantified item i can stop only at one place: the next
 * item is the end anchor or a required byte the item cannot match. */
static int stops_once(const pat_item *it, int i, int n) {
  if (i + 1 >= n) return 0;
  const pat_item *x = &it[i], *y = &it[i + 1];
  if (y->kind == '$') return 1;
  if (y->kind != 'c' || (y->quant != 0 && y->quant != '+')) return 0;
  for (int c = 0; c < 256; c++)
    if (item_has(x, c) && item_has(y, c)) return 0;
  return 1;
}

/* What makes a pattern slow: 'choices' quantified items that may be
 * retried at many lengths (each multiplies the work by the length of a
 * run it can match), and items that may scan and then fail (one more
 * factor: a run for a single-byte class, the subject for %b and back
 * references). 'in' marks the bytes of every counted class. */
typedef struct pat_shape {
  int choices, scans_class, scans_subject;
  unsigned char in[256];
} pat_shape;

static void mark_class(pat_shape *sh, const pat_item *it) {
  for (int c = 0; c < 256; c++)
    if (item_has(it, c)) sh->in[c] = 1;
}

/* Fills 'sh'; 0 if the pattern is too long to analyse. Without 'refine',
 * every quantified item counts as a choice and no class is marked. */
static int pattern_shape(const char *p, size_t lp, int refine, pat_shape *sh) {
  pat_item it[MAX_ITEMS];
  int n = split_pattern(p, p + lp, it, MAX_ITEMS);
  memset(sh, 0, sizeof *sh);
  if (n < 0) return 0;
  for (int i = 0; i < n; i++) {
    if (always_matches(it, i + 1, n)) continue; /* scans once, succeeds */
    if (it[i].kind == 'v') {
      sh->scans_subject = 1;
    } else if (it[i].kind == 'c' && it[i].quant != 0) {
      if (refine && stops_once(it, i, n))
        sh->scans_class = 1;
      else
        sh->choices++;
      if (refine) mark_class(sh, &it[i]);
    }
  }
  return 1;
}

/* The longest run of subject bytes marked in 'in'. */
static size_t longest_run(const unsigned char *in, const char *s, size_t n) {
  size_t best = 0, run = 0;
  for (size_t i = 0; i < n; i++) {
    run = in[(unsigned char)s[i]] ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/* starts * (run+1)^choices * (scan factor) + starts * lp */
static double pattern_cost(const pat_shape *sh, double starts, double run,
                           double n, size_t lp) {
  double steps = starts;
  for (int i = 0; i < sh->choices && steps <= MAX_COST; i++)
    steps *= run + 1.0;
  if (sh->scans_subject)
    steps *= n + 1.0;
  else if (sh->scans_class)
    steps *= run + 1.0;
  return steps + starts * (double)lp;
}

/* Patterns too long to analyse: every quantifier is a choice. */
static double crude_cost(const char *p, size_t lp, double starts, double n) {
  pat_shape sh;
  memset(&sh, 0, sizeof sh);
  for (size_t i = 0; i < lp; i++)
    sh.choices += is_quantifier(p[i]);
  sh.scans_subject = 1;
  return pattern_cost(&sh, starts, n, n, lp);
}

int tl_pattern_too_complex(const char *p, size_t lp, const char *s, size_t n,
                           int anchors) {
  int anchored = anchors && lp > 0 && *p == '^';
  if (anchored) {
    p++;
    lp--;
  }
  double starts = anchored ? 1.0 : (double)n + 1.0;
  pat_shape sh;
  if (!pattern_shape(p, lp, 0, &sh))
    return crude_cost(p, lp, starts, (double)n) > MAX_COST;
  /* the quick bound first (runs as long as the subject): most calls pass */
  if (pattern_cost(&sh, starts, (double)n, (double)n, lp) <= MAX_COST) return 0;
  pattern_shape(p, lp, 1, &sh);
  double run = (double)longest_run(sh.in, s, n);
  return pattern_cost(&sh, starts, run, (double)n, lp) > MAX_COST;
}
