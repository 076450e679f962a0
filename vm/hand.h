/*
 * hand.h - hands as multisets of card kinds.
 *
 * A hand is a fixed array of per-kind counts plus its size: 66 bytes, no
 * pointers, no allocation, copied with '='. It holds up to TV_MAX_COPIES of
 * each kind (a deck of four packs gives a hand four identical cards). The
 * hand does not know its deck; functions that need names or points take the
 * deck. Iteration order is kind order: suit by suit, high to low.
 */
#ifndef TALON_HAND_H
#define TALON_HAND_H

#include <stdbool.h>
#include <stdint.h>
#include "deck.h"

typedef struct tv_hand {
  uint8_t n[TV_MAX_KINDS];
  uint16_t size;
} tv_hand;

/* Empties the hand. */
void tv_hand_clear(tv_hand *h);

/* Adds k copies of c; TV_ERANGE (hand unchanged) past TV_MAX_COPIES.
 * (Inline, as tv_hand_remove: the engine adds and removes a card at every
 * play, deal and trick won.) */
static inline tv_status tv_hand_add(tv_hand *h, tv_card c, int k) {
  if (c >= TV_MAX_KINDS || k < 0 || k > TV_MAX_COPIES - h->n[c])
    return TV_ERANGE;
  h->n[c] = (uint8_t)(h->n[c] + k);
  h->size = (uint16_t)(h->size + k);
  return TV_OK;
}

/* Removes k copies of c; TV_ENOCARD (hand unchanged) if fewer are held. */
static inline tv_status tv_hand_remove(tv_hand *h, tv_card c, int k) {
  if (c >= TV_MAX_KINDS || k < 0 || h->n[c] < k) return TV_ENOCARD;
  h->n[c] = (uint8_t)(h->n[c] - k);
  h->size = (uint16_t)(h->size - k);
  return TV_OK;
}

static inline int tv_hand_count(const tv_hand *h, tv_card c) {
  return h->n[c];
}

/* dst = a + b (counts added); TV_ERANGE and dst untouched on overflow.
 * dst may alias a or b. */
tv_status tv_hand_union(tv_hand *dst, const tv_hand *a, const tv_hand *b);

/* dst = a - b, counts floored at zero. dst may alias a or b. */
void tv_hand_diff(tv_hand *dst, const tv_hand *a, const tv_hand *b);

/* dst = min(a, b) per kind. dst may alias a or b. */
void tv_hand_inter(tv_hand *dst, const tv_hand *a, const tv_hand *b);

/* True when every count of 'sub' is <= the count in 'h'. */
bool tv_hand_contains(const tv_hand *h, const tv_hand *sub);

bool tv_hand_equal(const tv_hand *a, const tv_hand *b);

/* The number of cards of 'h' (copies counted) beyond what 'p' holds: zero
 * exactly when tv_hand_contains(p, h); "three of these four cards are
 * trumps" is an excess of at most one over the trumps. */
int tv_hand_excess(const tv_hand *h, const tv_hand *p);

/* The i-th card (0-based, copies counted) in kind order, or TV_NO_CARD. */
tv_card tv_hand_nth(const tv_hand *h, int i);

/* Bit k set when kind k is present (at least one copy). */
uint64_t tv_hand_mask(const tv_hand *h);

/* Number of cards of suit s (0..nsuits; nsuits counts jokers). */
int tv_hand_suit_count(const tv_deck *d, const tv_hand *h, int s);

/* Sum of card points over every card held, copies counted. */
int tv_hand_points(const tv_deck *d, const tv_hand *h);

/* Writes "{QS KS TH×2}"-style text in 'style' (ASCII uses "x2"); returns
 * the length needed, like snprintf. */
size_t tv_hand_format(const tv_deck *d, const tv_hand *h, tv_style style,
                      char *buf, size_t cap);

/* Parses a list of card tokens separated by spaces or commas, each
 * optionally followed by a count "x2", "*2" or "×2", braces allowed:
 * "{QS, KS 10H x2}". Adds them to h. On failure h is unchanged and 'e'
 * names the token and its position. */
tv_status tv_hand_parse(const tv_deck *d, const char *s, tv_hand *h, tv_err *e);

#endif
