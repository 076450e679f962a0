/*
 * trick_explain.c - why the winning play of a trick wins, as an English
 * sentence that names the cards: the top card, the highest trump, the
 * highest card of the suit led, the first of identical cards, or a set
 * that beats the lead card for card (with the pairing shown).
 */
#include "trick_mask.h"
#include "trick_text.h"
#include <string.h>

/* "; the later identical A♠ does not beat it ..." when one was played. */
static void say_identical(tv_text *x, tv_card w) {
  const tv_trick *t = x->t;
  for (int i = t->best + 1; i < t->nplays; i++) {
    if (t->p[i].down || t->p[i].c[0] != w) continue;
    tx_add(x, "; the later identical ");
    tx_card(x, w);
    tx_add(x, " does not beat it (the first of identical cards wins)");
    return;
  }
}

/* The plays of the trick made face down. They never win, and the sentence,
 * which every player reads, counts them without naming their cards. */
static int plays_down(const tv_trick *t) {
  int n = 0;
  for (int i = 0; i < t->nplays; i++)
    n += t->p[i].down != 0;
  return n;
}

/* A lead is never face down, so the winner is a face-up card: the
 * sentence compares it with the face-up cards only, and says so when
 * some were not. */
static void explain_single(tv_text *x) {
  const tv_trick *t = x->t;
  tv_card w = t->p[t->best].c[0];
  int down = plays_down(t);
  const char *up = down ? " face up" : "";
  tx_card(x, w);
  if (w == t->rules->top) {
    tx_add(x, " wins: the top card beats every other card");
    return;
  }
  if (down && down == t->nplays - 1) {
    tx_add(x, " wins: the lead stands, every later play was face down (a "
              "card played face down never wins)");
    return;
  }
  if (t->trump >= 0 && tv_trick_suit(t, w) == t->trump) {
    tx_add(x, " wins: highest trump%s", down ? " played face up" : "");
    tx_counts_as(x, TV_BIT(w));
  } else {
    tx_add(x, " wins: highest card of the led suit ");
    tx_suit(x, t->led);
    if (t->trump >= 0)
      tx_add(x, "; no trump was played%s", up);
    else
      tx_add(x, "; there is no trump");
  }
  say_identical(x, w);
  if (down)
    tx_add(x, "; %d card%s played face down cannot win", down,
           down == 1 ? "" : "s");
}

/* Strength for display: the top card, then trumps, then the rest, each
 * by its place in its suit; higher is stronger. */
static int strength(const tv_trick *t, tv_card c) {
  if (c == t->rules->top) return 1024;
  int s = 256 - tv_trick_place(t, c);
  return t->trump >= 0 && tv_trick_suit(t, c) == t->trump ? s + 256 : s;
}

static void sort_by_strength(const tv_trick *t, tv_card *c, int n, int dir) {
  for (int i = 1; i < n; i++)
    for (int j = i;
         j > 0 && dir * (strength(t, c[j]) - strength(t, c[j - 1])) < 0; j--) {
      tv_card tmp = c[j];
      c[j] = c[j - 1];
      c[j - 1] = tmp;
    }
}

/* The pairing shown: weakest winners first, each taking the strongest card
 * it beats, listed from the strongest beaten card down ("TH>QH, KH>8H,
 * 6S>7H"); the matching search is complete, so this only orders a valid
 * pairing. */
static void add_pairing(tv_text *x, const tv_trick_entry *p,
                        const tv_trick_entry *b) {
  tv_card cs[TV_TRICK_MAX_SET], bs[TV_TRICK_MAX_SET];
  uint8_t pair[TV_TRICK_MAX_SET];
  memcpy(cs, p->c, p->n);
  memcpy(bs, b->c, b->n);
  sort_by_strength(x->t, cs, p->n, 1);
  sort_by_strength(x->t, bs, b->n, -1);
  tv_trick_set_beats(x->t, cs, bs, p->n, pair);
  tx_add(x, " (");
  for (int j = 0; j < b->n; j++)
    for (int i = 0; i < p->n; i++) {
      if (pair[i] != j) continue;
      tx_add(x, j ? ", " : "");
      tx_card(x, cs[i]);
      tx_add(x, ">");
      tx_card(x, bs[j]);
    }
  tx_add(x, ")");
}

static void explain_set(tv_text *x) {
  const tv_trick *t = x->t;
  const tv_trick_entry *p = &t->p[t->best];
  tx_set(x, p->c, p->n);
  if (p->beat == 0xFF) {
    tx_add(x, " wins: the lead stands, %s",
           t->nplays > 1 ? "no later set beat it card for card"
                         : "nobody has played yet");
    return;
  }
  const tv_trick_entry *b = &t->p[p->beat];
  tx_add(x, " wins: it beats ");
  tx_set(x, b->c, b->n);
  tx_add(x, " card for card");
  add_pairing(x, p, b);
  tx_add(x, "%s", t->best + 1 < t->nplays ? "; no later set beat it" : "");
}

size_t tv_trick_explain(const tv_trick *t, tv_style style, char *buf,
                        size_t cap) {
  tv_text x = {buf, cap, 0, t, tx_style(style)};
  if (cap) buf[0] = '\0';
  if (t->nplays == 0)
    tx_add(&x, "nobody has played yet");
  else if (t->size == 1)
    explain_single(&x);
  else
    explain_set(&x);
  return x.len;
}
