/*
 * pile.c - ordered piles and dealing.
 *
 * The top card is c[n-1] so that drawing, the common operation, is a
 * decrement; putting a card at the bottom (a turned-up trump) shifts the
 * pile once per deal at most.
 */
#include "pile.h"
#include <string.h>

void tv_pile_from_deck(tv_pile *p, const tv_deck *d) {
  int n = 0;
  /* one copy of most kinds: the inner loop skipped (a quiet game's stock
   * is refilled so at every hand) */
  for (int k = d->nkinds - 1; k >= 0; k--) {
    int copies = d->copies[k];
    if (copies == 1) {
      p->c[n++] = (tv_card)k;
      continue;
    }
    for (int i = 0; i < copies; i++)
      p->c[n++] = (tv_card)k;
  }
  p->n = (uint16_t)n;
}

void tv_pile_shuffle(tv_pile *p, tv_rng *r) {
  tv_rng_shuffle(r, p->c, p->n);
}

tv_status tv_pile_cut(tv_pile *p, int k, tv_err *e) {
  if (k < 0 || k > p->n)
    return tv_fail(e, TV_ERANGE, "cannot cut %d cards from a pile of %d", k,
                   p->n);
  tv_card tmp[TV_MAX_CARDS];
  /* Top k are c[n-k..n-1]; they go to the bottom, keeping their order. */
  memcpy(tmp, p->c + p->n - k, (size_t)k);
  memmove(p->c + k, p->c, (size_t)(p->n - k));
  memcpy(p->c, tmp, (size_t)k);
  return TV_OK;
}

tv_card tv_pile_draw(tv_pile *p) {
  return p->n ? p->c[--p->n] : TV_NO_CARD;
}

tv_status tv_pile_push(tv_pile *p, tv_card c) {
  if (p->n >= TV_MAX_CARDS) return TV_ERANGE;
  p->c[p->n++] = c;
  return TV_OK;
}

tv_status tv_pile_put_bottom(tv_pile *p, tv_card c) {
  if (p->n >= TV_MAX_CARDS) return TV_ERANGE;
  memmove(p->c + 1, p->c, p->n);
  p->c[0] = c;
  p->n++;
  return TV_OK;
}

/* The card that packet 'i' gives seat 's' as its k-th card, counted from
 * the top of the pile before the deal. */
static tv_card dealt_card(const tv_pile *p, int nseats, const int *pattern,
                          int i, int s, int k) {
  int off = 0;
  for (int j = 0; j < i; j++)
    off += pattern[j] * nseats;
  return p->c[p->n - 1 - (off + s * pattern[i] + k)];
}

/* Checks that hand 'h' can take every card dealt to it without passing
 * TV_MAX_COPIES of a kind (a hand filled before the deal, or listed for
 * two seats). */
static tv_status hand_fits(const tv_pile *p, tv_hand *const *hands, int nseats,
                           const int *pattern, int npackets, const tv_hand *h,
                           tv_err *e) {
  tv_hand got = *h;
  for (int s = 0; s < nseats; s++) {
    if (hands[s] != h) continue;
    for (int i = 0; i < npackets; i++)
      for (int k = 0; k < pattern[i]; k++)
        if (tv_hand_add(&got, dealt_card(p, nseats, pattern, i, s, k), 1))
          return tv_fail(e, TV_ERANGE,
                         "hand %d would hold more than %d copies of a card",
                         s + 1, TV_MAX_COPIES);
  }
  return TV_OK;
}

/* Whether every hand surely takes its 'each' cards without the card by
 * card test of hand_fits: no hand listed twice, and none holding so many
 * cards that 'each' more could pass TV_MAX_COPIES of one kind. A deal
 * from a shuffled stock (every deal of a simulation) passes this, and
 * hand_fits was most of its cost. */
static bool surely_fits(tv_hand *const *hands, int nseats, int each) {
  for (int s = 0; s < nseats; s++) {
    if (hands[s]->size + each > TV_MAX_COPIES) return false;
    for (int t = 0; t < s; t++)
      if (hands[t] == hands[s]) return false;
  }
  return true;
}

tv_status tv_pile_deal(tv_pile *p, tv_hand *const *hands, int nseats,
                       const int *pattern, int npackets, tv_err *e) {
  if (nseats < 0 || nseats > TV_MAX_CARDS || npackets < 0)
    return tv_fail(e, TV_ERANGE, "cannot deal to %d hands", nseats);
  long long need = 0;
  for (int i = 0; i < npackets; i++) {
    if (pattern[i] < 0 || pattern[i] > TV_MAX_CARDS)
      return tv_fail(e, TV_ERANGE, "packet %d has a bad size (%d)", i + 1,
                     pattern[i]);
    need += (long long)pattern[i] * nseats;
  }
  if (need > p->n)
    return tv_fail(e, TV_ERANGE,
                   "the pattern needs %lld cards but the pile holds only %d",
                   need, p->n);
  if (!surely_fits(hands, nseats, (int)(need / (nseats ? nseats : 1))))
    for (int s = 0; s < nseats; s++) {
      tv_status st =
          hand_fits(p, hands, nseats, pattern, npackets, hands[s], e);
      if (st != TV_OK) return st;
    }
  for (int i = 0; i < npackets; i++)
    for (int s = 0; s < nseats; s++)
      for (int k = 0; k < pattern[i]; k++)
        tv_hand_add(hands[s], tv_pile_draw(p), 1);
  return TV_OK;
}

/* Whether the pile holds fewer cards than the hands in play short of
 * 'size' (too few for a whole round). */
static bool round_short(const tv_pile *p, tv_hand *const *hands, int nseats,
                        uint32_t out, int size) {
  int need = 0;
  for (int s = 0; s < nseats; s++)
    if (hands[s]->size < size && !(out >> s & 1)) need++;
  return need > p->n;
}

tv_status tv_pile_replenish(tv_pile *p, tv_hand *const *hands, int nseats,
                            uint32_t out, int first, int size, bool whole,
                            int *drawn, tv_err *e) {
  *drawn = 0;
  if (first < 1 || first > nseats)
    return tv_fail(e, TV_EINVAL, "seat %d: 1 to %d expected", first, nseats);
  int before;
  do {
    before = *drawn;
    if (whole && round_short(p, hands, nseats, out, size)) return TV_OK;
    for (int i = 0, s = first - 1; i < nseats; i++, s = (s + 1) % nseats) {
      if (p->n == 0) return TV_OK;
      tv_hand *h = hands[s];
      if (h->size >= size || (out >> s & 1)) continue;
      if (tv_hand_add(h, tv_pile_draw(p), 1) != TV_OK)
        return tv_fail(e, TV_ERANGE, "a hand holds at most %d copies of a card",
                       TV_MAX_COPIES);
      ++*drawn;
    }
  } while (*drawn != before);
  return TV_OK;
}
