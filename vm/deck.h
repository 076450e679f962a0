/*
 * deck.h - deck specifications and card identities.
 *
 * A deck is data: its suits, its ranks from highest to lowest with their card
 * points, how many copies of each card, cards stripped out, and optional
 * jokers. A card *kind* (tv_card) is a small integer
 *
 *     kind = suit * nranks + rank        (rank 0 is the highest rank)
 *
 * so kinds sort by suit in deck order, then from high to low; that is the
 * order hands print in. Jokers, if any, are the one kind after the suited
 * ones (all jokers are identical copies), with suit index == nsuits.
 * Physical duplicates (two QS in a doubled pack) are copies of one kind: a
 * hand counts them, it does not tell them apart.
 *
 * Everything here is plain data with no allocation: a tv_deck can live
 * inside a Lua userdata.
 */
#ifndef TALON_DECK_H
#define TALON_DECK_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#define TV_MAX_SUITS  8
#define TV_MAX_RANKS  16
#define TV_MAX_KINDS  64  /* suited kinds + 1 joker kind must fit */
#define TV_MAX_COPIES 15  /* copies of one kind in a deck or hand */
#define TV_MAX_CARDS  255 /* physical cards in one deck */
#define TV_NAME_MAX   8   /* bytes of a suit/rank name, with the NUL */

typedef uint8_t tv_card;
#define TV_NO_CARD ((tv_card)0xFF)

typedef enum tv_style {
  TV_STYLE_ASCII,   /* "QS", "TH", "X" for a joker */
  TV_STYLE_UNICODE, /* "Q♠", "10♥" */
  TV_STYLE_COLOR,   /* as UNICODE, red suits wrapped in ANSI colour */
} tv_style;

typedef struct tv_deck {
  uint8_t nsuits, nranks;
  uint8_t nkinds;  /* nsuits * nranks, + 1 when the deck has jokers */
  uint8_t joker;   /* the joker kind, or TV_NO_CARD */
  uint16_t ncards; /* physical cards: the sum of copies[] */
  char suit_name[TV_MAX_SUITS][TV_NAME_MAX];  /* ASCII: "S" */
  char suit_glyph[TV_MAX_SUITS][TV_NAME_MAX]; /* UTF-8: "♠" (or the name) */
  uint8_t suit_red[TV_MAX_SUITS];             /* printed red in colour */
  char rank_name[TV_MAX_RANKS][TV_NAME_MAX];  /* ASCII: "A", "T" */
  int16_t points[TV_MAX_KINDS];               /* card points per kind */
  uint8_t copies[TV_MAX_KINDS];
} tv_deck;

/* Initialises 'd' from space-separated suit and rank names, ranks listed
 * from highest to lowest, one copy of each card, zero points. Suit names
 * S H D C get the glyphs ♠ ♥ ♦ ♣ (H and D red); other names are their own
 * glyph. A rank named "10" is stored as "T"; "T" and "10" both parse.
 * Fails (TV_EINVAL/TV_ERANGE, message names the token) on an empty,
 * duplicate, over-long or too-many name. */
tv_status tv_deck_init(tv_deck *d, const char *suits, const char *ranks,
                       tv_err *e);

/* Sets the card points of every suited card of one rank (0-based index,
 * 0 = highest). */
void tv_deck_set_points(tv_deck *d, int rank, int points);

/* Sets the card points of one kind (a card of one suit and rank, or the
 * joker), over what its rank gave it: each heart 1, Q♠ 13. */
void tv_deck_set_card_points(tv_deck *d, tv_card kind, int points);

/* Sets every suited kind to 'copies' copies (1..TV_MAX_COPIES). Fails with
 * TV_ERANGE when the deck would exceed TV_MAX_CARDS. */
tv_status tv_deck_set_copies(tv_deck *d, int copies, tv_err *e);

/* Adds a joker kind with 'n' identical copies worth 'points' each. */
tv_status tv_deck_add_jokers(tv_deck *d, int n, int points, tv_err *e);

/* Strips one copy of 'kind' from the deck; TV_ENOCARD if none is left. */
tv_status tv_deck_strip(tv_deck *d, tv_card kind, tv_err *e);

/* Suit and rank of a kind; a joker has suit == nsuits and rank 0. */
static inline int tv_suit(const tv_deck *d, tv_card c) {
  return c == d->joker ? d->nsuits : c / d->nranks;
}
static inline int tv_rank(const tv_deck *d, tv_card c) {
  return c == d->joker ? 0 : c % d->nranks;
}
static inline tv_card tv_kind(const tv_deck *d, int suit, int rank) {
  return (tv_card)(suit * d->nranks + rank);
}
static inline int tv_points(const tv_deck *d, tv_card c) {
  return d->points[c];
}

/* Finds a suit or rank by name (case-insensitive; suits also by glyph,
 * ranks "10" for "T"). Returns the index or -1. */
int tv_deck_find_suit(const tv_deck *d, const char *s, size_t len);
int tv_deck_find_rank(const tv_deck *d, const char *s, size_t len);

/* Parses one card token of exactly 'len' bytes: "QS", "qs", "10S", "TS",
 * "Q♠", "X"/"JOKER" for the joker. On failure fills 'e' with a sentence
 * that quotes the token and lists the valid ranks and suits. */
tv_status tv_card_parse(const tv_deck *d, const char *s, size_t len,
                        tv_card *out, tv_err *e);

/* Writes the token s (len bytes) for an error message into buf and
 * returns buf: printable ASCII and well-formed UTF-8 as they are, '"' and
 * '\\' escaped, any other byte as \xHH; a long token is cut after 48
 * bytes with "...". cap of 64 is enough. */
const char *tv_token_quote(const char *s, size_t len, char *buf, size_t cap);

/* Writes the card's name in 'style' to buf (always NUL-terminated when
 * cap > 0); returns the length it needed, like snprintf. */
size_t tv_card_format(const tv_deck *d, tv_card c, tv_style style, char *buf,
                      size_t cap);

#endif
