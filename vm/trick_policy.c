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
#include <limits.h>

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

/* ===== tricks of sets */

/* The best plays of one follower so far, by the sum of their cards'
 * heights: the lowest that wins, the lowest of all, and the highest that
 * does not win. */
typedef struct set_choice {
  const tv_trick *t;
  const tv_trick_entry *best;
  bool ours;
  int win_h, low_h, under_h; /* INT_MIN: none yet */
  tv_hand win, low, under;
  bool win_down, low_down, under_down;
} set_choice;

/* Whether play c[0..n) (face down when 'down') takes the lead from the
 * trick's best play. */
static bool set_wins(const set_choice *ch, const tv_card *c, int n, bool down) {
  const tv_trick_entry *b = ch->best;
  return !down && !b->down && n == b->n &&
         tv_trick_set_beats(ch->t, c, b->c, n, NULL);
}

static void keep_if(bool better, tv_hand *slot, bool *slot_down, int *slot_h,
                    const tv_hand *play, bool down, int h) {
  if (!better) return;
  *slot = *play;
  *slot_down = down;
  *slot_h = h;
}

static bool consider(const tv_hand *play, bool down, void *ud) {
  set_choice *ch = ud;
  tv_card c[TV_TRICK_MAX_SET];
  int n = 0, h = 0;
  for (int k = 0; k < TV_MAX_KINDS && n < TV_TRICK_MAX_SET; k++)
    for (int i = 0; i < play->n[k] && n < TV_TRICK_MAX_SET; i++) {
      c[n++] = (tv_card)k;
      h += height(ch->t, (tv_card)k);
    }
  bool wins = set_wins(ch, c, n, down);
  keep_if(ch->low_h == INT_MIN || h < ch->low_h, &ch->low, &ch->low_down,
          &ch->low_h, play, down, h);
  keep_if(!ch->ours && wins && (ch->win_h == INT_MIN || h < ch->win_h),
          &ch->win, &ch->win_down, &ch->win_h, play, down, h);
  keep_if(!wins && (ch->under_h == INT_MIN || h > ch->under_h), &ch->under,
          &ch->under_down, &ch->under_h, play, down, h);
  return true;
}

bool tv_trick_policy_set(const tv_trick *t, const tv_hand *h, int seat,
                         const tv_trick_policy *p, tv_rng *r, tv_hand *play,
                         bool *down) {
  if (!p || p->percent <= 0 || t->nplays == 0) return false;
  if (p->percent < 100 && (int)tv_rng_below(r, 100) >= p->percent) return false;
  set_choice ch = {.t = t, .best = &t->p[t->best]};
  ch.ours = p->side[ch.best->seat - 1] == p->side[seat - 1];
  ch.win_h = ch.low_h = ch.under_h = INT_MIN;
  if (tv_trick_each_play(t, h, consider, &ch) <= 0) return false;
  if (p->duck && ch.under_h != INT_MIN) {
    *play = ch.under;
    *down = ch.under_down;
  } else if (!p->duck && ch.win_h != INT_MIN) {
    *play = ch.win;
    *down = ch.win_down;
  } else {
    *play = ch.low;
    *down = ch.low_down;
  }
  return true;
}
