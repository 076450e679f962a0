/*
 * sandbox_pattern.c - a worst-case bound on Lua pattern matching.
 *
 * Lua's matcher backtracks: each quantified item may be retried at every
 * length, so "a-a-a-a-b" on 300 bytes runs for seconds inside one C call,
 * where no time budget can stop it. This file bounds the steps from the
 * pattern's shape and the subject's length, without matching: the bound
 * is starts * (n+1)^k, where k counts the items that may be retried at
 * many lengths, plus one if some item may scan the subject and then fail.
 * The classes follow the Lua manual's pattern rules (its isalpha & co.).
 */
#include "sandbox_pattern.h"

#include <ctype.h>

#define MAX_COST  1e9 /* estimated steps one pattern call may take */
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

/* The exponent k of the bound starts * (n+1)^k on matching steps: each
 * quantified item that may be retried at many lengths multiplies the
 * work by n; items that may scan the subject and then fail add one more
 * factor n. Patterns too long to analyse count every quantifier.
 * Without 'refine', every quantified item counts as a choice. */
static int pattern_exponent(const char *p, size_t lp, int refine) {
  pat_item it[MAX_ITEMS];
  int n = split_pattern(p, p + lp, it, MAX_ITEMS);
  int choices = 0, scans = 0;
  if (n < 0) {
    for (size_t i = 0; i < lp; i++)
      choices += is_quantifier(p[i]);
    return choices + 1;
  }
  for (int i = 0; i < n; i++) {
    if (it[i].kind == 'v')
      scans |= !always_matches(it, i + 1, n);
    else if (it[i].kind == 'c' && it[i].quant != 0 &&
             !always_matches(it, i + 1, n)) {
      if (refine && stops_once(it, i, n))
        scans = 1;
      else
        choices++;
    }
  }
  return choices + scans;
}

static double pattern_cost(double starts, size_t n, size_t lp, int k) {
  double steps = starts;
  for (int i = 0; i < k && steps <= MAX_COST; i++)
    steps *= (double)n + 1.0;
  return steps + starts * (double)lp;
}

int tl_pattern_too_complex(const char *p, size_t lp, size_t n, int anchors) {
  int anchored = anchors && lp > 0 && *p == '^';
  if (anchored) {
    p++;
    lp--;
  }
  double starts = anchored ? 1.0 : (double)n + 1.0;
  /* the crude bound first: most calls pass it, and it is cheaper */
  return pattern_cost(starts, n, lp, pattern_exponent(p, lp, 0)) > MAX_COST &&
         pattern_cost(starts, n, lp, pattern_exponent(p, lp, 1)) > MAX_COST;
}
