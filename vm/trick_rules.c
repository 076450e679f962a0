/*
 * trick_rules.c - the rules of card play: their defaults and the check
 * that they fit a deck and fit together (tv_trick_rules_check).
 */
#include "trick.h"
#include <string.h>

/* ======================================================================
 * Rules
 * ====================================================================== */

void tv_trick_rules_default(tv_trick_rules *r) {
  memset(r, 0, sizeof *r);
  r->lead_sizes = 1u << 1;
  r->top = TV_NO_CARD;
  r->break_on_play = 1;
  for (int i = 0; i < TV_MAX_RANKS; i++)
    r->order[i] = (uint8_t)i;
}

static tv_status check_order(const tv_trick_rules *r, const tv_deck *d,
                             tv_err *e) {
  unsigned seen = 0;
  for (int i = 0; i < d->nranks; i++) {
    if (r->order[i] >= d->nranks || (seen >> r->order[i] & 1))
      return tv_fail(e, TV_EINVAL,
                     "key 'ranks': must name each of the deck's %d ranks "
                     "once",
                     d->nranks);
    seen |= 1u << r->order[i];
  }
  return TV_OK;
}

static tv_status check_switches(const tv_trick_rules *r, tv_err *e) {
  if (!r->follow && r->head != TV_HEAD_NEVER)
    return tv_fail(e, TV_EINVAL, "key 'head': needs follow = true");
  if (!r->follow && r->on_void != TV_VOID_ANY)
    return tv_fail(e, TV_EINVAL, "key 'void': needs follow = true");
  if (r->follow && r->lead_sizes != 1u << 1)
    return tv_fail(e, TV_EINVAL,
                   "key 'follow': suit obligations apply to one-card "
                   "tricks only, but lead_sizes allows more cards");
  if (r->follow && r->face_down != TV_DOWN_NEVER)
    return tv_fail(e, TV_EINVAL,
                   "key 'face_down': a face-down play cannot follow suit; "
                   "use it with follow = false");
  if (r->head_ref != TV_REF_WINNER && r->head == TV_HEAD_NEVER &&
      r->on_void != TV_VOID_TRUMP_BEAT)
    return tv_fail(e, TV_EINVAL,
                   "key 'head_reference': needs head = \"trump_led\" or "
                   "\"always\", or void = \"trump_beat\"");
  if (r->wild_top && r->top == TV_NO_CARD)
    return tv_fail(e, TV_EINVAL, "key 'wild_top': needs a 'top' card");
  return TV_OK;
}

bool tv_trick_rules_hand(const tv_trick_rules *r) {
  return r->unbroken || r->unbroken_trump || r->breaks || r->unforced ||
         r->first_lead || r->first_bar;
}

/* The hand rules: kinds and suits of the deck, one-card face-up tricks,
 * and breaking cards only where a suit can be closed. */
static tv_status check_hand_rules(const tv_trick_rules *r, const tv_deck *d,
                                  tv_err *e) {
  uint64_t kinds = d->nkinds >= 64 ? ~0ull : ((uint64_t)1 << d->nkinds) - 1;
  if ((r->breaks | r->unforced | r->first_lead | r->first_bar) & ~kinds)
    return tv_fail(e, TV_EINVAL, "hand rules name a card outside the deck");
  if (r->unbroken >> (d->nsuits + 1))
    return tv_fail(e, TV_EINVAL, "key 'unbroken': not a suit of this deck");
  if (!tv_trick_rules_hand(r)) return TV_OK;
  if (r->lead_sizes != 1u << 1 || r->face_down != TV_DOWN_NEVER)
    return tv_fail(e, TV_EINVAL,
                   "hand rules (unbroken, first_lead, not_on_first_trick) "
                   "apply to one-card face-up tricks only");
  if ((r->breaks || r->unforced) && !r->unbroken && !r->unbroken_trump)
    return tv_fail(e, TV_EINVAL,
                   "keys 'breaks' and 'never_forced_to_lead' need "
                   "'unbroken' suits");
  return TV_OK;
}

tv_status tv_trick_rules_check(const tv_trick_rules *r, const tv_deck *d,
                               tv_err *e) {
  if (r->top != TV_NO_CARD && r->top >= d->nkinds)
    return tv_fail(e, TV_EINVAL, "key 'top': not a card of this deck");
  if (r->lead_sizes == 0 || (r->lead_sizes & 1) ||
      r->lead_sizes >> (TV_TRICK_MAX_SET + 1))
    return tv_fail(e, TV_EINVAL,
                   "key 'lead_sizes': sizes must lie in 1..%d, at least "
                   "one",
                   TV_TRICK_MAX_SET);
  tv_status st = check_order(r, d, e);
  if (st == TV_OK) st = check_switches(r, e);
  return st != TV_OK ? st : check_hand_rules(r, d, e);
}
