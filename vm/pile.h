/*
 * pile.h - ordered piles of cards: a shuffled deck, a stock, a talon.
 *
 * Unlike a hand, a pile keeps order: c[n-1] is the top card (dealt or drawn
 * first), c[0] the bottom (a turned-up trump card placed under the talon is
 * drawn last). Plain data, no allocation.
 */
#ifndef TALON_PILE_H
#define TALON_PILE_H

#include "deck.h"
#include "hand.h"
#include "rng.h"

typedef struct tv_pile {
  uint16_t n;
  tv_card c[TV_MAX_CARDS];
} tv_pile;

/* Fills p with every physical card of d in kind order, the first kind on
 * top. */
void tv_pile_from_deck(tv_pile *p, const tv_deck *d);

/* Shuffles the whole pile uniformly. */
void tv_pile_shuffle(tv_pile *p, tv_rng *r);

/* Cuts: the top k cards go under the rest. TV_ERANGE unless 0 <= k <= n. */
tv_status tv_pile_cut(tv_pile *p, int k, tv_err *e);

/* Takes the top card; TV_NO_CARD when empty. */
tv_card tv_pile_draw(tv_pile *p);

/* Puts c on top / under the bottom; TV_ERANGE when full. */
tv_status tv_pile_push(tv_pile *p, tv_card c);
tv_status tv_pile_put_bottom(tv_pile *p, tv_card c);

/* Deals by a pattern of packets: for each packet size pattern[i], each of
 * the nseats hands (hands[0] first, in dealing order) receives that many
 * cards from the top. Fails with TV_ERANGE and leaves pile and hands
 * unchanged when the pile holds fewer cards than the pattern needs, a size
 * is negative or above TV_MAX_CARDS, or a hand would pass TV_MAX_COPIES of
 * a kind. A hand may appear for several seats. */
tv_status tv_pile_deal(tv_pile *p, tv_hand *const *hands, int nseats,
                       const int *pattern, int npackets, tv_err *e);

/* Refills the hands after a trick, one card at a time from the top: from
 * seat 'first' (1-based) on, round after round, each of the nseats hands
 * not sitting out (bit s-1 of 'out') and holding fewer than 'size' cards
 * draws one, until a round draws nothing or the pile is empty. With
 * 'whole', a round begins only when the pile holds a card for every such
 * hand. *drawn counts the cards drawn. Fails with TV_EINVAL (nothing
 * drawn) for a 'first' outside 1..nseats, or TV_ERANGE when a hand would
 * pass TV_MAX_COPIES of a kind (the card drawn is then lost, the cards
 * drawn before it stay, as drawing and adding them one by one would). */
tv_status tv_pile_replenish(tv_pile *p, tv_hand *const *hands, int nseats,
                            uint32_t out, int first, int size, bool whole,
                            int *drawn, tv_err *e);

#endif
