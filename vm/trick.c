/*
 * trick.c - the trick engine: the beats relation, set matching, the
 * one-card obligations, plays, legal cards and random playouts. The rules
 * are checked in trick_rules.c, legal plays enumerated in trick_plays.c,
 * and the sentences (why a play is illegal, why a play wins) written in
 * trick_why.c.
 *
 * Built for playouts: a legal-card query is a handful of 64-bit mask
 * operations over the hand's kinds, a play is a copy of at most
 * TV_TRICK_MAX_SET bytes plus one matching against the best set, and
 * nothing allocates.
 */
#include "trick.h"
#include "trick_mask.h"
#include <string.h>

/* ======================================================================
 * The beats relation
 * ====================================================================== */

int tv_trick_suit(const tv_trick *t, tv_card c) {
  return t->key[c] >> 8;
}

int tv_trick_place(const tv_trick *t, tv_card c) {
  return t->key[c] & 255;
}

bool tv_trick_beats(const tv_trick *t, tv_card c, tv_card b) {
  tv_card top = t->rules->top;
  if (c == top) return b != top;
  if (b == top) return false;
  unsigned kc = t->key[c], kb = t->key[b];
  if ((kc ^ kb) < 256) return (kc & 255) < (kb & 255); /* same suit */
  return t->trump >= 0 && (int)(kc >> 8) == t->trump;
}

/* Depth-first matching of c[i..] to the unused cards of b; 'used' fixes i,
 * so a failed 'used' is remembered in 'dead' and never tried again. */
static bool match(const tv_trick *t, const tv_card *c, const tv_card *b, int n,
                  int i, unsigned used, uint8_t *pair, uint64_t *dead) {
  if (i == n) return true;
  if (dead[used >> 6] >> (used & 63) & 1) return false;
  for (int j = 0; j < n; j++) {
    if ((used >> j & 1) || !tv_trick_beats(t, c[i], b[j])) continue;
    pair[i] = (uint8_t)j;
    if (match(t, c, b, n, i + 1, used | 1u << j, pair, dead)) return true;
  }
  dead[used >> 6] |= TV_BIT(used & 63);
  return false;
}

bool tv_trick_set_beats(const tv_trick *t, const tv_card *c, const tv_card *b,
                        int n, uint8_t *pair) {
  if (n < 1 || n > TV_TRICK_MAX_SET) return false;
  if (n == 1) {
    if (pair) pair[0] = 0;
    return tv_trick_beats(t, c[0], b[0]);
  }
  uint64_t dead[(1 << TV_TRICK_MAX_SET) / 64] = {0};
  uint8_t scratch[TV_TRICK_MAX_SET];
  return match(t, c, b, n, 0, 0, pair ? pair : scratch, dead);
}

/* ======================================================================
 * Tricks and plays
 * ====================================================================== */

/* The order a trump choice uses: the declared order it names, the order
 * declared for its suit, or NULL (the rules' own ranks). */
static const tv_trick_order *order_of(const tv_trick_rules *r, int choice) {
  if (choice >= TV_TRUMP_ORDER && choice - TV_TRUMP_ORDER < r->norders)
    return &r->orders[choice - TV_TRUMP_ORDER];
  for (int i = 0; choice >= 0 && i < r->norders; i++)
    if (r->orders[i].suit == choice) return &r->orders[i];
  return NULL;
}

/* The per-kind keys and suit masks of trick t under order o (or the
 * rules' own ranks): a listed trump takes its place in the list, every
 * other card its suit's place after them (64 + the rank's place), so that
 * "beats" compares two small integers. Suits fit in eight bits, places
 * too. */
static void fill_keys(tv_trick *t, const tv_trick_order *o) {
  const tv_deck *d = t->deck;
  const tv_trick_rules *r = t->rules;
  const uint8_t(*order)[TV_MAX_RANKS] = o ? o->order : r->order;
  memset(t->key, 0, sizeof t->key);
  memset(t->suit_mask, 0, sizeof t->suit_mask);
  for (int k = 0; k < d->nkinds; k++) {
    int suit = tv_suit(d, (tv_card)k), place = 0;
    if (suit < d->nsuits) place = 64 + order[suit][tv_rank(d, (tv_card)k)];
    if (k == r->top && t->trump >= 0) suit = t->trump;
    t->key[k] = (uint16_t)(suit << 8 | place);
  }
  for (int j = 0; o && j < o->ntrumps; j++)
    t->key[o->trumps[j]] = (uint16_t)(t->trump << 8 | j);
  for (int k = 0; k < d->nkinds; k++)
    t->suit_mask[t->key[k] >> 8] |= TV_BIT(k);
}

/* The trick's trump suit under choice 'trump' with order o, as
 * tv_trick_init sets it. */
static int8_t trump_suit(const tv_deck *d, const tv_trick_order *o, int trump) {
  if (o && o->suit >= 0) return o->suit;
  if (o) return (int8_t)(o->ntrumps ? d->nsuits + 1 : -1);
  return (int8_t)(trump >= 0 && trump < d->nsuits ? trump : -1);
}

/* The part of tv_trick_init that the keys do not change: the trump suit
 * and choice, the suits closed to leads, and an empty trick. */
static void start(tv_trick *t, const tv_trick_order *o, int trump) {
  const tv_trick_rules *r = t->rules;
  t->trump = trump_suit(t->deck, o, trump);
  /* a suit names its choice, however it was given */
  t->choice = (int8_t)(o && o->suit < 0 ? trump : t->trump);
  t->nplays = 0;
  unsigned closed = r->unbroken;
  if (r->unbroken_trump && t->trump >= 0) closed |= 1u << t->trump;
  tv_trick_set_progress(t, 0, closed);
  tv_trick_clear(t);
}

void tv_trick_init(tv_trick *t, const tv_deck *d, const tv_trick_rules *r,
                   int trump) {
  const tv_trick_order *o = order_of(r, trump);
  t->deck = d;
  t->rules = r;
  start(t, o, trump);
  fill_keys(t, o);
}

void tv_trick_reset(tv_trick *t, int trump) {
  const tv_trick_rules *r = t->rules;
  const tv_trick_order *o = order_of(r, trump);
  /* fill_keys reads the choice only through o, and the trump suit only
   * for the top card and a trump order's list */
  bool same = o == order_of(r, t->choice) &&
              (trump_suit(t->deck, o, trump) == t->trump ||
               (!o && r->top == TV_NO_CARD));
  start(t, o, trump);
  if (!same) fill_keys(t, o);
}

const char *tv_trick_trump_name(const tv_trick *t) {
  const tv_trick_order *o = order_of(t->rules, t->choice);
  if (o && t->choice >= TV_TRUMP_ORDER) return o->name;
  if (t->choice >= 0 && t->choice < t->deck->nsuits)
    return t->deck->suit_name[t->choice];
  return NULL;
}

void tv_trick_set_progress(tv_trick *t, int done, unsigned closed) {
  t->done = (uint8_t)(done < 0 ? 0 : done > 255 ? 255 : done);
  t->closed = (uint16_t)(closed & ((1u << (t->deck->nsuits + 2)) - 1));
}

void tv_trick_clear(tv_trick *t) {
  if (t->nplays && t->done < 255) t->done++;
  t->led = -1;
  t->size = 0;
  t->nplays = 0;
  t->best = 0;
}

/* The led suit of a lead: that of its first card that is not a wild top
 * card; the top card alone leads its effective suit. */
static int lead_suit(const tv_trick *t, const tv_trick_entry *p) {
  for (int i = 0; i < p->n; i++)
    if (!(t->rules->wild_top && p->c[i] == t->rules->top))
      return tv_trick_suit(t, p->c[i]);
  return tv_trick_suit(t, p->c[0]);
}

/* Starts entry nplays for seat, with no card yet. */
static tv_trick_entry *open_entry(tv_trick *t, int seat, bool down) {
  tv_trick_entry *p = &t->p[t->nplays];
  p->seat = seat;
  p->n = 0;
  p->down = down;
  p->beat = 0xFF;
  return p;
}

/* The suits p's cards open to leads: a named breaking card opens all, a
 * card of a closed suit its own (when playing it breaks it). */
static void note_breaks(tv_trick *t, const tv_trick_entry *p) {
  const tv_trick_rules *r = t->rules;
  for (int i = 0; i < p->n; i++) {
    if (r->breaks & TV_BIT(p->c[i]))
      t->closed = 0;
    else if (r->break_on_play)
      t->closed &= (uint16_t) ~(1u << tv_trick_suit(t, p->c[i]));
  }
}

/* Counts the filled entry p in: the lead sets the led suit and size, a
 * later face-up set that beats the best becomes the best. */
static void close_entry(tv_trick *t, tv_trick_entry *p) {
  if (t->closed) note_breaks(t, p);
  if (t->nplays == 0) {
    t->size = p->n;
    t->led = (int8_t)lead_suit(t, p);
    t->best = 0;
  } else if (!p->down && p->n == t->size &&
             tv_trick_set_beats(t, p->c, t->p[t->best].c, p->n, NULL)) {
    p->beat = t->best;
    t->best = t->nplays;
  }
  t->nplays++;
}

tv_status tv_trick_play(tv_trick *t, int seat, const tv_hand *play, bool down,
                        tv_err *e) {
  if (play->size < 1 || play->size > TV_TRICK_MAX_SET)
    return tv_fail(e, TV_ERANGE, "a play has 1 to %d cards, not %d",
                   TV_TRICK_MAX_SET, play->size);
  if (t->nplays >= TV_TRICK_MAX_PLAYS)
    return tv_fail(e, TV_ERANGE, "the trick is full (%d plays)",
                   TV_TRICK_MAX_PLAYS);
  tv_trick_entry *p = open_entry(t, seat, down);
  /* The cards in kind order, eight counts at a time; stop when all are
   * found. */
  for (int w = 0; w < TV_MAX_KINDS && p->n < play->size; w += 8) {
    uint64_t word;
    memcpy(&word, play->n + w, sizeof word);
    if (!word) continue;
    for (int b = 0; b < 8; b++)
      for (int j = 0; j < play->n[w + b]; j++)
        p->c[p->n++] = (tv_card)(w + b);
  }
  close_entry(t, p);
  return TV_OK;
}

tv_status tv_trick_play_card(tv_trick *t, int seat, tv_card c, bool down,
                             tv_err *e) {
  if (c >= t->deck->nkinds)
    return tv_fail(e, TV_ERANGE, "no card kind %d in this deck", c);
  if (t->nplays >= TV_TRICK_MAX_PLAYS)
    return tv_fail(e, TV_ERANGE, "the trick is full (%d plays)",
                   TV_TRICK_MAX_PLAYS);
  tv_trick_entry *p = open_entry(t, seat, down);
  p->c[p->n++] = c;
  close_entry(t, p);
  return TV_OK;
}

tv_trick_rule tv_trick_card_rule(const tv_trick *t, tv_card c, bool down) {
  const tv_trick_rules *r = t->rules;
  if (t->nplays >= TV_TRICK_MAX_PLAYS) return TV_RULE_FULL;
  if (t->nplays == 0)
    return down                ? TV_RULE_LEAD_UP
           : r->lead_sizes & 2 ? TV_RULE_OK
                               : TV_RULE_LEAD_SIZE;
  if (t->size != 1) return TV_RULE_PLAY_SIZE;
  if (r->face_down == TV_DOWN_NEVER) return down ? TV_RULE_NO_DOWN : TV_RULE_OK;
  if (r->face_down == TV_DOWN_SHORT)
    return down ? TV_RULE_SHORT_DOWN : TV_RULE_OK;
  if (down) return TV_RULE_OK;
  return tv_trick_beats(t, c, t->p[t->best].c[0]) ? TV_RULE_OK
                                                  : TV_RULE_MUST_BEAT;
}

/* ======================================================================
 * One-card obligations
 * ====================================================================== */

uint64_t tv_trick_suit_mask(const tv_trick *t, int s) {
  return s >= 0 && s <= t->deck->nsuits + 1 ? t->suit_mask[s] : 0;
}

tv_card tv_trick_reference(const tv_trick *t) {
  if (t->nplays == 0) return TV_NO_CARD;
  const tv_trick_entry *last = &t->p[t->nplays - 1];
  if (t->rules->head_ref == TV_REF_PREVIOUS && !last->down) return last->c[0];
  return t->p[t->best].c[0];
}

/* The kinds of 'm' that beat card b. */
static uint64_t beating(const tv_trick *t, uint64_t m, tv_card b) {
  uint64_t out = 0;
  for (uint64_t rest = m; rest; rest &= rest - 1) {
    tv_card k = (tv_card)__builtin_ctzll(rest);
    if (tv_trick_beats(t, k, b)) out |= TV_BIT(k);
  }
  return out;
}

uint64_t tv_trick_follow_mask(const tv_trick *t, uint64_t held,
                              tv_trick_rule *rule) {
  const tv_trick_rules *r = t->rules;
  *rule = TV_RULE_OK;
  if (!r->follow || t->nplays == 0) return held;
  uint64_t led = held & tv_trick_suit_mask(t, t->led), up;
  if (led) {
    *rule = TV_RULE_FOLLOW;
    bool head = r->head == TV_HEAD_ALWAYS ||
                (r->head == TV_HEAD_TRUMP_LED && t->led == t->trump);
    if (head && (up = beating(t, led, tv_trick_reference(t)))) {
      *rule = TV_RULE_HEAD;
      return up;
    }
    return led;
  }
  uint64_t tr = held & tv_trick_suit_mask(t, t->trump);
  if (!tr || r->on_void == TV_VOID_ANY) return held;
  *rule = TV_RULE_TRUMP;
  if (r->on_void == TV_VOID_TRUMP_BEAT &&
      (up = beating(t, tr, tv_trick_reference(t)))) {
    *rule = TV_RULE_TRUMP_BEAT;
    return up;
  }
  return tr;
}

uint64_t tv_trick_closed_mask(const tv_trick *t) {
  uint64_t m = 0;
  for (unsigned c = t->closed; c; c &= c - 1)
    m |= tv_trick_suit_mask(t, __builtin_ctz(c));
  return m;
}

/* The kinds of 'held' a one-card lead may be: the first lead of the hand
 * if the rules name it and it is held, else no closed suit unless the
 * leader holds nothing else (or only cards he is never forced to lead). */
static uint64_t lead_kinds(const tv_trick *t, uint64_t held,
                           tv_trick_rule *rule) {
  const tv_trick_rules *r = t->rules;
  *rule = TV_RULE_OK;
  if (t->done == 0 && (held & r->first_lead)) {
    *rule = TV_RULE_FIRST_LEAD;
    return held & r->first_lead;
  }
  if (!t->closed) return held;
  uint64_t open = held & ~tv_trick_closed_mask(t);
  if (open == held || !(open & ~r->unforced)) return held;
  *rule = TV_RULE_UNBROKEN;
  return open;
}

uint64_t tv_trick_card_mask(const tv_trick *t, uint64_t held,
                            tv_trick_rule *rule) {
  uint64_t m = t->nplays ? tv_trick_follow_mask(t, held, rule)
                         : lead_kinds(t, held, rule);
  uint64_t bar = t->rules->first_bar;
  if (t->done == 0 && (m & bar) && *rule != TV_RULE_FOLLOW &&
      *rule != TV_RULE_HEAD && *rule != TV_RULE_FIRST_LEAD && (m & ~bar)) {
    *rule = TV_RULE_FIRST_TRICK;
    m &= ~bar;
  }
  return m;
}

tv_trick_rule tv_trick_lead_shape(const tv_trick *t, const tv_hand *play) {
  const tv_trick_rules *r = t->rules;
  if (play->size > TV_TRICK_MAX_SET || !(r->lead_sizes >> play->size & 1))
    return TV_RULE_LEAD_SIZE;
  if (play->size == 1) return TV_RULE_OK; /* one card is one suit */
  uint64_t m = tv_held_mask(play);
  if (r->wild_top && r->top != TV_NO_CARD) m &= ~TV_BIT(r->top);
  if (!m) return TV_RULE_OK; /* top cards only */
  int suit = tv_trick_suit(t, (tv_card)__builtin_ctzll(m));
  return (m & ~tv_trick_suit_mask(t, suit)) ? TV_RULE_LEAD_SUIT : TV_RULE_OK;
}

/* ======================================================================
 * Legal cards and legal plays
 * ====================================================================== */

static void restrict_to(const tv_hand *h, uint64_t m, tv_hand *out) {
  tv_hand_clear(out);
  for (; m; m &= m - 1) {
    int k = __builtin_ctzll(m);
    out->n[k] = h->n[k];
    out->size = (uint16_t)(out->size + h->n[k]);
  }
}

bool tv_trick_legal(const tv_trick *t, const tv_hand *h, tv_hand *out) {
  tv_trick_rule rule;
  uint64_t m;
  bool ok = true;
  if (t->nplays == 0 && !(t->rules->lead_sizes & 2))
    m = tv_trick_lead_mask(t, h, &ok);
  else if (t->nplays == 0 || t->size == 1)
    m = tv_trick_card_mask(t, tv_held_mask(h), &rule);
  else
    m = tv_held_mask(h); /* sets have no suit obligation */
  restrict_to(h, m, out);
  return ok;
}

/* ======================================================================
 * Random playout of a trick
 * ====================================================================== */

int tv_trick_seats_in(int nhands, uint32_t out) {
  if (nhands < 1 || nhands > TV_TRICK_MAX_PLAYS) return 0;
  return nhands - __builtin_popcount(out & ((1u << nhands) - 1));
}

int tv_trick_next_seat(int s, int nhands, uint32_t out) {
  do
    s = s % nhands + 1;
  while (out >> (s - 1) & 1);
  return s;
}

tv_status tv_trick_play_out(tv_trick *t, tv_hand *const hands[], int nhands,
                            uint32_t out, int seat, tv_rng *r, int max,
                            tv_card *cards, int *seats, int *played,
                            tv_err *e) {
  return tv_trick_play_out_by(t, hands, nhands, out, seat, r, NULL, max, cards,
                              seats, played, e);
}

tv_status tv_trick_play_out_by(tv_trick *t, tv_hand *const hands[], int nhands,
                               uint32_t out, int seat, tv_rng *r,
                               const tv_trick_policy *pol, int max,
                               tv_card *cards, int *seats, int *played,
                               tv_err *e) {
  const tv_trick_rules *rl = t->rules;
  int nin = tv_trick_seats_in(nhands, out);
  *played = 0;
  if (rl->lead_sizes != 2 || rl->face_down != TV_DOWN_NEVER)
    return tv_fail(e, TV_EINVAL,
                   "play_out needs rules of one-card face-up plays");
  if (nhands < 1 || nhands > TV_TRICK_MAX_PLAYS)
    return tv_fail(e, TV_EINVAL, "%d hands: 1 to %d expected", nhands,
                   TV_TRICK_MAX_PLAYS);
  if (nin < 1) return tv_fail(e, TV_EINVAL, "every seat sits out");
  if (t->nplays >= nin)
    return tv_fail(e, TV_EINVAL, "the trick already has %d plays",
                   (int)t->nplays);
  if (seat < 1 || seat > nhands)
    return tv_fail(e, TV_EINVAL, "seat %d: 1 to %d expected", seat, nhands);
  if (out >> (seat - 1) & 1)
    return tv_fail(e, TV_EINVAL, "seat %d sits out", seat);
  int n = nin - t->nplays;
  if (max < n) n = max < 0 ? 0 : max;
  for (int i = 0, s = seat; i < n; i++, s = tv_trick_next_seat(s, nhands, out))
    if (hands[s - 1]->size == 0)
      return tv_fail(e, TV_EINVAL, "seat %d has no card to play", s);
  for (int i = 0; i < n; i++, seat = tv_trick_next_seat(seat, nhands, out)) {
    tv_hand *h = hands[seat - 1];
    tv_trick_rule rule;
    /* tv_trick_legal's kinds without building the Hand */
    uint64_t m = tv_trick_card_mask(t, tv_held_mask(h), &rule);
    int size = 0;
    for (uint64_t b = m; b; b &= b - 1)
      size += h->n[__builtin_ctzll(b)];
    if (size == 0) { /* cannot happen with one-card plays */
      *played = i;
      return tv_fail(e, TV_EINVAL, "seat %d has no legal card", seat);
    }
    tv_card c = tv_trick_policy_pick(t, h, m, seat, pol, r);
    if (c == TV_NO_CARD) {
      /* the card tv_hand_nth would find in the legal Hand */
      int k = (int)tv_rng_below(r, (uint64_t)size);
      c = (tv_card)__builtin_ctzll(m);
      for (; k >= h->n[c]; c = (tv_card)__builtin_ctzll(m)) {
        k -= h->n[c];
        m &= m - 1;
      }
    }
    tv_hand_remove(h, c, 1);
    tv_trick_play_card(t, seat, c, false, NULL);
    if (cards) cards[i] = c;
    if (seats) seats[i] = seat;
  }
  *played = n;
  return TV_OK;
}

/* ======================================================================
 * Contents
 * ====================================================================== */

void tv_trick_cards(const tv_trick *t, tv_hand *out) {
  tv_hand_clear(out);
  for (int i = 0; i < t->nplays; i++)
    for (int j = 0; j < t->p[i].n; j++)
      tv_hand_add(out, t->p[i].c[j], 1);
}

int tv_trick_points(const tv_trick *t) {
  int sum = 0;
  for (int i = 0; i < t->nplays; i++)
    for (int j = 0; j < t->p[i].n; j++)
      sum += tv_points(t->deck, t->p[i].c[j]);
  return sum;
}
