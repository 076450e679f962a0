/*
 * trick_text.c - the sentence buffer of the trick engine's explanations
 * (trick_text.h): cards, suits and sets named in the deck's own words.
 */
#include "trick_mask.h"
#include "trick_text.h"
#include <stdarg.h>
#include <stdio.h>

void tx_add(tv_text *x, const char *fmt, ...) {
  size_t room = x->len < x->cap ? x->cap - x->len : 0;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(room ? x->buf + x->len : NULL, room, fmt, ap);
  va_end(ap);
  if (n > 0) x->len += (size_t)n;
}

void tx_card(tv_text *x, tv_card c) {
  char name[32];
  tv_card_format(x->t->deck, c, x->style, name, sizeof name);
  tx_add(x, "%s", name);
}

void tx_suit(tv_text *x, int s) {
  const tv_deck *d = x->t->deck;
  if (s == d->nsuits + 1)
    tx_add(x, "trump");
  else if (s < 0 || s >= d->nsuits)
    tx_add(x, "jokers");
  else
    tx_add(x, "%s",
           x->style == TV_STYLE_ASCII ? d->suit_name[s] : d->suit_glyph[s]);
}

void tx_set(tv_text *x, const tv_card *c, int n) {
  for (int i = 0; i < n; i++) {
    if (i) tx_add(x, " ");
    tx_card(x, c[i]);
  }
}

/* The kinds of m with the copies 'held' has of each, as a hand prints
 * them ("Q♥×2 J♥"), so the evidence matches the "instead" list. */
void tx_held(tv_text *x, uint64_t m, const tv_hand *held) {
  for (bool first = true; m; m &= m - 1, first = false) {
    tv_card k = (tv_card)__builtin_ctzll(m);
    if (!first) tx_add(x, " ");
    tx_card(x, k);
    if (held && held->n[k] > 1)
      tx_add(x, x->style == TV_STYLE_ASCII ? "x%d" : "\u00d7%d", held->n[k]);
  }
}

/* " (J♦ counts as ♥)", " (J♣ J♠ count as trump)": the cards of m that
 * the trump order moved out of their printed suit, so that a sentence
 * naming them by their printed names does not read as wrong. Only trumps
 * move (the order's cards, the top card). */
void tx_counts_as(tv_text *x, uint64_t m) {
  const tv_trick *t = x->t;
  uint64_t moved = 0;
  for (; m; m &= m - 1) {
    tv_card k = (tv_card)__builtin_ctzll(m);
    if (tv_trick_suit(t, k) != tv_suit(t->deck, k)) moved |= TV_BIT(k);
  }
  if (!moved) return;
  tx_add(x, " (");
  tx_held(x, moved, NULL);
  tx_add(x, " count%s as ", moved & (moved - 1) ? "" : "s");
  tx_suit(x, t->trump);
  tx_add(x, ")");
}

tv_style tx_style(tv_style style) {
  return style == TV_STYLE_COLOR ? TV_STYLE_UNICODE : style;
}
