/*
 * meld.h - meld tables compiled from data and scored on hands.
 *
 * A game declares its melds once as data: each meld is a pattern of cards,
 * its points by multiplicity, optional points in the trump suit, and the
 * melds it already contains (subsumption). tv_meld_compile() checks the
 * table against a deck and turns it into a flat array of small structs;
 * scoring is then one pass over the hand's count array with no allocation.
 *
 * Patterns (tv_meld_scope), with m = how many times the hand holds one:
 *   ALL    the ranks in every suit at once (a rank series, a "complete
 *          series" of Q+K in every suit): m = min over suits and ranks;
 *   EACH   the ranks in one suit, scored separately for each suit (a
 *          marriage): m_s = min over the ranks in suit s;
 *   TRUMP  as EACH, but only the trump suit counts (a trump sequence);
 *   ANY    'size' cards of the ranks, suits free (four kings): m = total /
 *          size;
 *   CARDS  a fixed multiset of cards (QS + JD): m = min over its kinds of
 *          held / needed.
 *
 * Points: with nlevels == 0 a meld scores points[0] per occurrence (m times);
 * otherwise points[] is a list by level, m capped at the last level ("three
 * of every suit counts as the double series"). uses[] says how many copies
 * of the pattern a level really takes (a triple that scores as a double
 * uses two); it is what the meld locks and what it includes.
 *
 * Subsumption: "A includes B times k" means A's points already contain k
 * occurrences of B per occurrence of A. Every meld present scores in full,
 * then for each inclusion the included points are taken off B (B's points
 * at k x uses(A)). A per-suit A includes B in its own suit; an ALL meld
 * includes B in every suit (a per-suit B) or once (any other B). When two
 * melds include the same card (the trump bella of a complete series that is
 * also in the trump series) it is taken off twice: 240 + 150 - 40 = 350.
 */
#ifndef TALON_MELD_H
#define TALON_MELD_H

#include <stdint.h>
#include "deck.h"
#include "hand.h"

#define TV_MELD_MAX        32      /* melds in one table */
#define TV_MELD_LEVELS     8       /* entries of a points list */
#define TV_MELD_INCLUDES   6       /* melds one meld may include */
#define TV_MELD_NAME_MAX   32      /* bytes of a meld name, with the NUL */
#define TV_MELD_POINTS_MAX 1000000 /* |points| of one level */

typedef enum tv_meld_scope {
  TV_MELD_ALL,
  TV_MELD_EACH,
  TV_MELD_TRUMP,
  TV_MELD_ANY,
  TV_MELD_CARDS,
} tv_meld_scope;

/* One meld as declared. Fill it, zeroed first, and hand an array of them
 * to tv_meld_compile(). */
typedef struct tv_meld_spec {
  char name[TV_MELD_NAME_MAX];
  uint8_t scope;              /* a tv_meld_scope */
  uint16_t ranks;             /* bit r: rank r is in the pattern (not CARDS) */
  uint8_t size;               /* ANY: cards per occurrence */
  uint8_t need[TV_MAX_KINDS]; /* CARDS: copies of each kind per occurrence */
  uint8_t nlevels;            /* 0: linear, points[0] per occurrence */
  uint8_t has_trump_points;   /* EACH/TRUMP: trump_points apply */
  int32_t points[TV_MELD_LEVELS];
  int32_t trump_points[TV_MELD_LEVELS];
  uint8_t uses[TV_MELD_LEVELS]; /* per level, 0 = the level number */
  uint8_t ninc;
  uint8_t inc_meld[TV_MELD_INCLUDES];  /* index of an included meld */
  uint8_t inc_times[TV_MELD_INCLUDES]; /* occurrences included, >= 1 */
} tv_meld_spec;

/* A compiled table: plain data, no pointers, can live in a userdata. */
typedef struct tv_meld_table {
  uint8_t nmelds, nsuits, nranks;
  tv_meld_spec m[TV_MELD_MAX];
  uint8_t nrank_list[TV_MELD_MAX]; /* ranks of the pattern, listed */
  uint8_t rank_list[TV_MELD_MAX][TV_MAX_RANKS];
  uint8_t nkind_list[TV_MELD_MAX]; /* CARDS: kinds with need > 0 */
  uint8_t kind_list[TV_MELD_MAX][TV_MAX_KINDS];
} tv_meld_table;

/* One scored meld occurrence group in a breakdown. */
typedef struct tv_meld_item {
  uint8_t meld;     /* index in the table */
  int8_t suit;      /* suit of an EACH/TRUMP meld, else -1 */
  uint16_t count;   /* times the pattern is in the hand (m) */
  uint8_t level;    /* the level scored: count, capped by the points list */
  uint16_t uses;    /* copies of the pattern used (and locked) */
  int64_t points;   /* the meld's own points at that level */
  int64_t included; /* part of 'points' already counted by including melds */
} tv_meld_item;

/* ---- building ---------------------------------------------------------- */

/* Whether meld s scores separately in each suit (EACH or TRUMP). */
static inline int tv_meld_per_suit(const tv_meld_spec *s) {
  return s->scope == TV_MELD_EACH || s->scope == TV_MELD_TRUMP;
}

/* Checks n specs against deck d and compiles them into t (which owns a
 * copy). Fails with TV_EINVAL or TV_ERANGE, 'e' naming the meld and what is
 * wrong: an empty or duplicate name, ranks/cards outside the deck, a bad
 * size or points list, uses[] not within 1..level and non-decreasing, an
 * inclusion of itself, of a meld out of range, in a cycle, whose cards
 * the including meld does not hold, or from an ANY meld, or of a per-suit
 * meld by a CARDS meld. t is unusable after a failure. */
tv_status tv_meld_compile(tv_meld_table *t, const tv_deck *d,
                          const tv_meld_spec *specs, int n, tv_err *e);

/* ---- scoring (no allocation, h is read only) --------------------------- */

/* Total meld points of h with 'trump' (a suit index, or -1 for none). */
int64_t tv_meld_score(const tv_meld_table *t, const tv_hand *h, int trump);

/* Totals of h for every suit as trump, out[s] for suit s; out needs
 * t->nsuits entries. The hand is read once. */
void tv_meld_score_all(const tv_meld_table *t, const tv_hand *h, int64_t *out);

/* Fills up to 'cap' items, one per meld (per suit for EACH) present in h,
 * in table order then suit order; returns how many there are (which may
 * exceed cap). The nets (points - included) sum to tv_meld_score(). */
int tv_meld_breakdown(const tv_meld_table *t, const tv_hand *h, int trump,
                      tv_meld_item *items, int cap);

/* The cards item 'it' of a breakdown of h uses: its pattern 'uses' times
 * (for ANY, the first matching cards of h in kind order). */
void tv_meld_item_cards(const tv_meld_table *t, const tv_hand *h,
                        const tv_meld_item *it, tv_hand *out);

/* The copies of h locked by its melds with 'trump': per kind, the largest
 * number that any single meld present uses. */
void tv_meld_locked(const tv_meld_table *t, const tv_hand *h, int trump,
                    tv_hand *out);

#endif
