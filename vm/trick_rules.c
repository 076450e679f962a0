/*
 * trick_rules.c - the rules of card play: their defaults, the trump orders
 * they declare and how a trump choice is named, and the check that they
 * fit a deck and fit together (tv_trick_rules_check).
 */
#include "trick.h"
#include <ctype.h>
#include <string.h>

/* ======================================================================
 * Rules
 * ====================================================================== */

void tv_trick_rules_default(tv_trick_rules *r) {
  memset(r, 0, sizeof *r);
  r->lead_sizes = 1u << 1;
  r->top = TV_NO_CARD;
  r->break_on_play = 1;
  for (int s = 0; s < TV_MAX_SUITS; s++)
    for (int i = 0; i < TV_MAX_RANKS; i++)
      r->order[s][i] = (uint8_t)i;
}

/* ======================================================================
 * Trump orders
 * ====================================================================== */

/* 'name' (len bytes) equals the NUL-terminated 'z', ignoring ASCII case. */
static bool same_name(const char *name, size_t len, const char *z) {
  size_t i = 0;
  for (; i < len && z[i]; i++)
    if (tolower((unsigned char)name[i]) != tolower((unsigned char)z[i]))
      return false;
  return i == len && z[i] == '\0';
}

static int find_order(const tv_trick_rules *r, const char *name, size_t len) {
  for (int i = 0; i < r->norders; i++)
    if (same_name(name, len, r->orders[i].name)) return i;
  return -1;
}

tv_trick_order *tv_trick_rules_add_order(tv_trick_rules *r, const tv_deck *d,
                                         const char *name, size_t len,
                                         tv_err *e) {
  if (r->norders >= TV_TRICK_MAX_ORDERS) {
    tv_fail(e, TV_ERANGE, "key 'trumps': at most %d trump orders",
            TV_TRICK_MAX_ORDERS);
    return NULL;
  }
  if (len == 0 || len >= TV_TRICK_ORDER_NAME) {
    tv_fail(e, TV_EINVAL,
            "key 'trumps': an order's name has 1 to %d bytes, not %d",
            TV_TRICK_ORDER_NAME - 1, (int)len);
    return NULL;
  }
  if (find_order(r, name, len) >= 0) {
    tv_fail(e, TV_EINVAL, "key 'trumps': two orders are named \"%.*s\"",
            (int)len, name);
    return NULL;
  }
  tv_trick_order *o = &r->orders[r->norders++];
  memset(o, 0, sizeof *o);
  memcpy(o->name, name, len);
  o->suit = (int8_t)tv_deck_find_suit(d, name, len);
  memcpy(o->order, r->order, sizeof o->order);
  return o;
}

int tv_trick_rules_choice(const tv_trick_rules *r, const tv_deck *d,
                          const char *name, size_t len) {
  int i = find_order(r, name, len);
  if (i >= 0)
    return r->orders[i].suit >= 0 ? r->orders[i].suit : TV_TRUMP_ORDER + i;
  int s = tv_deck_find_suit(d, name, len);
  return s >= 0 ? s : TV_TRUMP_NONE - 1;
}

/* Each of d's suits ranked by a permutation of its ranks. 'what' names the
 * order in the message. */
static tv_status check_order(const uint8_t (*order)[TV_MAX_RANKS],
                             const tv_deck *d, const char *what, tv_err *e) {
  for (int s = 0; s < d->nsuits; s++) {
    unsigned seen = 0;
    for (int i = 0; i < d->nranks; i++) {
      if (order[s][i] >= d->nranks || (seen >> order[s][i] & 1))
        return tv_fail(e, TV_EINVAL,
                       "key '%s': must rank each of the deck's %d ranks of "
                       "%s once",
                       what, d->nranks, d->suit_name[s]);
      seen |= 1u << order[s][i];
    }
  }
  return TV_OK;
}

/* An order's name, suit, cards (distinct cards of d) and rank orders. */
static tv_status check_trump_order(const tv_trick_rules *r, int i,
                                   const tv_deck *d, tv_err *e) {
  const tv_trick_order *o = &r->orders[i];
  const char *nul = memchr(o->name, '\0', sizeof o->name);
  size_t len = nul ? (size_t)(nul - o->name) : sizeof o->name;
  if (len == 0 || len == sizeof o->name || find_order(r, o->name, len) != i)
    return tv_fail(e, TV_EINVAL, "key 'trumps': order %d has a bad name",
                   i + 1);
  if (o->suit != tv_deck_find_suit(d, o->name, len))
    return tv_fail(e, TV_EINVAL,
                   "key 'trumps': order %s must make its own suit trump",
                   o->name);
  if (o->ntrumps > d->nkinds)
    return tv_fail(e, TV_EINVAL, "key 'trumps': order %s lists %d cards",
                   o->name, o->ntrumps);
  uint64_t seen = 0;
  for (int j = 0; j < o->ntrumps; j++) {
    tv_card c = o->trumps[j];
    if (c >= d->nkinds || (seen >> c & 1))
      return tv_fail(e, TV_EINVAL,
                     "key 'trumps': order %s lists a card twice or one "
                     "outside the deck",
                     o->name);
    seen |= (uint64_t)1 << c;
  }
  return check_order(o->order, d, "trumps", e);
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
  if (r->norders > TV_TRICK_MAX_ORDERS)
    return tv_fail(e, TV_EINVAL, "key 'trumps': at most %d trump orders",
                   TV_TRICK_MAX_ORDERS);
  tv_status st = check_order(r->order, d, "ranks", e);
  for (int i = 0; st == TV_OK && i < r->norders; i++)
    st = check_trump_order(r, i, d, e);
  if (st == TV_OK) st = check_switches(r, e);
  return st != TV_OK ? st : check_hand_rules(r, d, e);
}
