/*
 * hand.c - hands as multisets of card kinds.
 *
 * The workload is many tiny operations per simulated card play, so every
 * function is a short loop over at most 64 bytes with no allocation; the
 * compiler vectorises the whole-hand loops.
 */
#include "hand.h"
#include <stdio.h>
#include <string.h>

void tv_hand_clear(tv_hand *h) {
  memset(h, 0, sizeof *h);
}

/* The sums are checked all at once, with no exit from the loop, so that
 * the compiler can add the kinds several at a time: a sum is too large
 * exactly when it has a bit above TV_MAX_COPIES (one less than a power of
 * two), so the OR of all sums is too. The conservation check of `talon
 * check` adds a dozen hands after every action. */
_Static_assert((TV_MAX_COPIES & (TV_MAX_COPIES + 1)) == 0,
               "TV_MAX_COPIES must be one less than a power of two");

tv_status tv_hand_union(tv_hand *dst, const tv_hand *a, const tv_hand *b) {
  unsigned bits = 0;
  for (int k = 0; k < TV_MAX_KINDS; k++)
    bits |= (unsigned)(a->n[k] + b->n[k]);
  if (bits > TV_MAX_COPIES) return TV_ERANGE;
  for (int k = 0; k < TV_MAX_KINDS; k++)
    dst->n[k] = (uint8_t)(a->n[k] + b->n[k]);
  dst->size = (uint16_t)(a->size + b->size);
  return TV_OK;
}

void tv_hand_diff(tv_hand *dst, const tv_hand *a, const tv_hand *b) {
  int size = 0;
  for (int k = 0; k < TV_MAX_KINDS; k++) {
    int v = a->n[k] - b->n[k];
    dst->n[k] = (uint8_t)(v > 0 ? v : 0);
    size += dst->n[k];
  }
  dst->size = (uint16_t)size;
}

void tv_hand_inter(tv_hand *dst, const tv_hand *a, const tv_hand *b) {
  int size = 0;
  for (int k = 0; k < TV_MAX_KINDS; k++) {
    dst->n[k] = a->n[k] < b->n[k] ? a->n[k] : b->n[k];
    size += dst->n[k];
  }
  dst->size = (uint16_t)size;
}

bool tv_hand_contains(const tv_hand *h, const tv_hand *sub) {
  for (int k = 0; k < TV_MAX_KINDS; k++)
    if (sub->n[k] > h->n[k]) return false;
  return true;
}

int tv_hand_excess(const tv_hand *h, const tv_hand *p) {
  int n = 0;
  for (int k = 0; k < TV_MAX_KINDS; k++)
    if (h->n[k] > p->n[k]) n += h->n[k] - p->n[k];
  return n;
}

bool tv_hand_equal(const tv_hand *a, const tv_hand *b) {
  return a->size == b->size && memcmp(a->n, b->n, sizeof a->n) == 0;
}

/* Random play asks for the i-th card of every legal set, so whole groups
 * of 8 counts are skipped at once: their sum is the top byte of the
 * product with 0x0101..01 (8 counts of at most TV_MAX_COPIES stay below
 * 256). */
_Static_assert(TV_MAX_COPIES * 8 < 256 && TV_MAX_KINDS % 8 == 0,
               "tv_hand_nth sums 8 counts in one byte");

tv_card tv_hand_nth(const tv_hand *h, int i) {
  if (i < 0 || i >= h->size) return TV_NO_CARD;
  int k = 0;
  for (; k + 8 <= TV_MAX_KINDS; k += 8) {
    uint64_t w;
    memcpy(&w, h->n + k, sizeof w);
    int sum = (int)((w * 0x0101010101010101u) >> 56);
    if (i < sum) break;
    i -= sum;
  }
  for (; k < TV_MAX_KINDS; k++) {
    if (i < h->n[k]) return (tv_card)k;
    i -= h->n[k];
  }
  return TV_NO_CARD;
}

uint64_t tv_hand_mask(const tv_hand *h) {
  uint64_t m = 0;
  for (int k = 0; k < TV_MAX_KINDS; k++)
    if (h->n[k]) m |= (uint64_t)1 << k;
  return m;
}

int tv_hand_suit_count(const tv_deck *d, const tv_hand *h, int s) {
  if (s == d->nsuits) return d->joker == TV_NO_CARD ? 0 : h->n[d->joker];
  if (s < 0 || s > d->nsuits) return 0;
  int n = 0;
  for (int r = 0; r < d->nranks; r++)
    n += h->n[tv_kind(d, s, r)];
  return n;
}

int tv_hand_points(const tv_deck *d, const tv_hand *h) {
  int pts = 0;
  for (int k = 0; k < d->nkinds; k++)
    if (h->n[k]) pts += h->n[k] * tv_points(d, (tv_card)k);
  return pts;
}

size_t tv_hand_format(const tv_deck *d, const tv_hand *h, tv_style style,
                      char *buf, size_t cap) {
  size_t used = 0;
  char card[48];
#define EMIT(...)                                                              \
  do {                                                                         \
    int w_ = snprintf(used < cap ? buf + used : NULL,                          \
                      used < cap ? cap - used : 0, __VA_ARGS__);               \
    used += (size_t)(w_ > 0 ? w_ : 0);                                         \
  } while (0)
  EMIT("{");
  int first = 1;
  for (int k = 0; k < d->nkinds; k++) {
    if (!h->n[k]) continue;
    tv_card_format(d, (tv_card)k, style, card, sizeof card);
    EMIT("%s%s", first ? "" : " ", card);
    if (h->n[k] > 1)
      EMIT(style == TV_STYLE_ASCII ? "x%d" : "\u00d7%d", h->n[k]);
    first = 0;
  }
  EMIT("}");
#undef EMIT
  return used;
}

/* Splits "QSx2", "QS*2", "QS×2" into the card part and a count. */
static size_t split_count(const char *tok, size_t len, int *count) {
  *count = 1;
  size_t i = len;
  while (i > 0 && tok[i - 1] >= '0' && tok[i - 1] <= '9')
    i--;
  if (i == len || i == 0) return len;
  size_t mark = 0;
  if (tok[i - 1] == 'x' || tok[i - 1] == 'X' || tok[i - 1] == '*')
    mark = 1;
  else if (i >= 2 && (unsigned char)tok[i - 2] == 0xC3 &&
           (unsigned char)tok[i - 1] == 0x97) /* U+00D7 */
    mark = 2;
  if (!mark || len - i > 2) return len;
  *count = 0;
  for (size_t k = i; k < len; k++)
    *count = *count * 10 + (tok[k] - '0');
  return i - mark;
}

static int is_sep(char c) {
  return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '{' ||
         c == '}' || c == ';';
}

tv_status tv_hand_parse(const tv_deck *d, const char *s, tv_hand *h,
                        tv_err *e) {
  tv_hand out = *h;
  tv_card last = TV_NO_CARD;
  int pos = 0;
  while (*s) {
    while (*s && is_sep(*s))
      s++;
    if (!*s) break;
    const char *start = s;
    while (*s && !is_sep(*s))
      s++;
    pos++;
    int count;
    size_t len = split_count(start, (size_t)(s - start), &count);
    size_t toklen = (size_t)(s - start);
    char tok[64];
    if (len == 0 && last == TV_NO_CARD)
      return tv_fail(e, TV_EINVAL, "card %d: count \"%s\" follows no card", pos,
                     tv_token_quote(start, toklen, tok, sizeof tok));
    if (len == 0) { /* a lone count: "QS x2" */
      if (count < 1 || tv_hand_add(&out, last, count - 1) != TV_OK)
        return tv_fail(e, TV_ERANGE, "card %d: bad count %d", pos, count);
      continue;
    }
    tv_card c;
    tv_err inner;
    tv_status st = tv_card_parse(d, start, len, &c, &inner);
    if (st != TV_OK) { /* name the whole token, count included */
      tv_err whole;
      if (len < toklen && tv_card_parse(d, start, toklen, &c, &whole) != TV_OK)
        inner = whole;
      return tv_fail(e, st, "card %d: %s", pos, inner.msg);
    }
    if (count < 1 || tv_hand_add(&out, c, count) != TV_OK)
      return tv_fail(e, TV_ERANGE, "card %d: %s: bad count %d", pos,
                     tv_token_quote(start, toklen, tok, sizeof tok), count);
    last = c;
  }
  *h = out;
  return TV_OK;
}
