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
  for (int k = d->nkinds - 1; k >= 0; k--)
    for (int i = 0; i < d->copies[k]; i++)
      p->c[n++] = (tv_card)k;
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

tv_status tv_pile_deal(tv_pile *p, tv_hand *const *hands, int nseats,
                       const int *pattern, int npackets, tv_err *e) {
  int need = 0;
  for (int i = 0; i < npackets; i++) {
    if (pattern[i] < 0)
      return tv_fail(e, TV_ERANGE, "packet %d has a negative size (%d)", i + 1,
                     pattern[i]);
    need += pattern[i] * nseats;
  }
  if (need > p->n)
    return tv_fail(e, TV_ERANGE,
                   "the pattern needs %d cards but the pile holds only %d",
                   need, p->n);
  for (int s = 0; s < nseats; s++) {
    int extra = 0;
    for (int i = 0; i < npackets; i++)
      extra += pattern[i];
    if (hands[s]->size + extra > TV_MAX_CARDS)
      return tv_fail(e, TV_ERANGE, "hand %d would hold too many cards", s + 1);
  }
  for (int i = 0; i < npackets; i++)
    for (int s = 0; s < nseats; s++)
      for (int k = 0; k < pattern[i]; k++) {
        tv_card c = p->c[--p->n];
        hands[s]->n[c]++;
        hands[s]->size++;
      }
  return TV_OK;
}
