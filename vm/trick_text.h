/*
 * trick_text.h - the sentence buffer shared by the trick engine's
 * explanations (trick_why.c: why a play is refused; trick_explain.c: why
 * the winner wins). Internal to vm/: not part of the engine's contract.
 */
#ifndef TALON_TRICK_TEXT_H
#define TALON_TRICK_TEXT_H

#include "trick.h"
#include <stddef.h>

/* A sentence being written into buf (cap bytes): len counts every byte
 * asked for, so a short buffer still tells the length needed. */
typedef struct tv_text {
  char *buf;
  size_t cap, len;
  const tv_trick *t;
  tv_style style;
} tv_text;

/* Appends printf-style text, truncating at the buffer's end. */
void tx_add(tv_text *x, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Appends card c's name in the text's style. */
void tx_card(tv_text *x, tv_card c);

/* Appends suit s's name or glyph ("trump" for a trump suit of its own,
 * "jokers" outside the deck's suits). */
void tx_suit(tv_text *x, int s);

/* Appends n cards separated by spaces. */
void tx_set(tv_text *x, const tv_card *c, int n);

/* Appends the kinds of m with the copies 'held' has of each ("Q♥×2 J♥");
 * held may be NULL. */
void tx_held(tv_text *x, uint64_t m, const tv_hand *held);

/* Appends " (J♦ counts as ♥)" for the cards of m that the trump order
 * moved out of their printed suit; nothing when none moved. */
void tx_counts_as(tv_text *x, uint64_t m);

/* The style sentences are written in: colour codes never enter a
 * sentence. */
tv_style tx_style(tv_style style);

#endif
