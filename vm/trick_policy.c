/*
 * trick_policy.c - a rule of thumb for the followers of a random playout.
 *
 * A future played uniformly at random judges a card by what careless
 * players would do next: a high card led into a partner's trick, a trump
 * thrown away. A search learns more from futures in which the followers
 * play as most players would, knowing nothing of any game but the trick
 * rules: take the trick with the lowest card that wins it, let a side's
 * winning card stand and throw the lowest, and throw the lowest when the
 * trick cannot be won. Half the leads are the leader's highest card
 * outside trumps (an ace cashed), the others random. The legal cards are
 * the rules' (the caller's mask), so the policy never breaks a rule.
 */
#include "trick.h"

/* How strong c is in trick t: any trump above any other card, then by
 * place in its suit (0 the highest). */
static int height(const tv_trick *t, tv_card c) {
  int suit = t->key[c] >> 8, place = t->key[c] & 0xFF;
  return (suit == t->trump ? 1 << 9 : 0) + (255 - place);
}

/* How good c is to lead: any card outside trumps above any trump, then by
 * place (the ace of a side suit first). */
static int lead_height(const tv_trick *t, tv_card c) {
  int suit = t->key[c] >> 8, place = t->key[c] & 0xFF;
  return (suit == t->trump ? 0 : 1 << 9) + (255 - place);
}

/* How good c is to lead when tricks cost: any card outside trumps above
 * any trump, then the lowest first. */
static int duck_lead(const tv_trick *t, tv_card c) {
  int suit = t->key[c] >> 8, place = t->key[c] & 0xFF;
  return (suit == t->trump ? 0 : 1 << 9) + place;
}

/* The held kind of 'legal' with the largest f (the first in kind order
 * among equals), or TV_NO_CARD. */
static tv_card top_by(const tv_trick *t, const tv_hand *h, uint64_t legal,
                      int (*f)(const tv_trick *, tv_card)) {
  tv_card top = TV_NO_CARD;
  for (uint64_t b = legal; b; b &= b - 1) {
    tv_card c = (tv_card)__builtin_ctzll(b);
    if (h->n[c] && (top == TV_NO_CARD || f(t, c) > f(t, top))) top = c;
  }
  return top;
}

tv_card tv_trick_policy_pick(const tv_trick *t, const tv_hand *h,
                             uint64_t legal, int seat, const tv_trick_policy *p,
                             tv_rng *r) {
  if (!p || p->percent <= 0) return TV_NO_CARD;
  if (t->nplays == 0) /* half the leads: the highest card outside trumps */
    return tv_rng_below(r, 2)
               ? top_by(t, h, legal, p->duck ? duck_lead : lead_height)
               : TV_NO_CARD;
  if (t->size != 1) return TV_NO_CARD;
  if (p->percent < 100 && (int)tv_rng_below(r, 100) >= p->percent)
    return TV_NO_CARD;
  const tv_trick_entry *best = &t->p[t->best];
  bool ours = p->side[best->seat - 1] == p->side[seat - 1];
  tv_card low = TV_NO_CARD, win = TV_NO_CARD, under = TV_NO_CARD;
  for (uint64_t b = legal; b; b &= b - 1) {
    tv_card c = (tv_card)__builtin_ctzll(b);
    if (h->n[c] == 0) continue;
    int hc = height(t, c);
    bool beats = !best->down && tv_trick_beats(t, c, best->c[0]);
    if (low == TV_NO_CARD || hc < height(t, low)) low = c;
    if (!ours && beats && (win == TV_NO_CARD || hc < height(t, win))) win = c;
    if (!beats && (under == TV_NO_CARD || hc > height(t, under))) under = c;
  }
  if (p->duck) return under != TV_NO_CARD ? under : low;
  return win != TV_NO_CARD ? win : low;
}
