/*
 * deck.c - deck specifications, card names, parsing and printing.
 *
 * Built for a handful of calls per game (deck creation) and for parsing
 * what people type, so clarity of the error text matters more than speed;
 * the hot paths (hands, tricks, melds) only read the finished struct.
 */
#include "deck.h"
#include <ctype.h>
#include <stdio.h>
#include <stdbool.h>
#include <string.h>

static const struct {
  const char *name, *glyph, *alt;
  uint8_t red;
} french_suits[] = {
    {"S", "\u2660", "\u2664", 0},
    {"H", "\u2665", "\u2661", 1},
    {"D", "\u2666", "\u2662", 1},
    {"C", "\u2663", "\u2667", 0},
};

static bool same_ci(const char *a, size_t alen, const char *b) {
  size_t blen = strlen(b);
  if (alen != blen) return false;
  for (size_t i = 0; i < alen; i++)
    if (toupper((unsigned char)a[i]) != toupper((unsigned char)b[i]))
      return false;
  return true;
}

/* Calls fn(tok, len, i, ud) for each space-separated token; stops with its
 * status on the first failure. */
typedef tv_status (*tok_fn)(const char *tok, size_t len, int i, void *ud);

static tv_status each_token(const char *s, tok_fn fn, void *ud, int *count) {
  int i = 0;
  while (*s) {
    while (*s == ' ' || *s == ',' || *s == '\t')
      s++;
    if (!*s) break;
    const char *start = s;
    while (*s && *s != ' ' && *s != ',' && *s != '\t')
      s++;
    tv_status st = fn(start, (size_t)(s - start), i++, ud);
    if (st != TV_OK) return st;
  }
  *count = i;
  return TV_OK;
}

struct names_ctx {
  tv_deck *d;
  tv_err *e;
  bool ranks;
};

static size_t utf8_len(const unsigned char *s, size_t len);

/* A suit or rank name must be typeable in a card token: printable ASCII
 * or well-formed UTF-8, none of the characters that separate cards in a
 * list (';', '{', '}'; spaces and commas already split names). */
static tv_status check_name(const char *what, const char *tok, size_t len,
                            tv_err *e) {
  const unsigned char *u = (const unsigned char *)tok;
  for (size_t i = 0; i < len;) {
    size_t n = u[i] >= 0x80 ? utf8_len(u + i, len - i) : 1;
    if (n == 0 || u[i] < 0x20 || u[i] == 0x7F || u[i] == ';' || u[i] == '{' ||
        u[i] == '}') {
      char shown[64];
      return tv_fail(e, TV_EINVAL,
                     "%s name \"%s\" cannot be written in a card: use "
                     "printable text without spaces, commas, ';' or braces",
                     what, tv_token_quote(tok, len, shown, sizeof shown));
    }
    i += n;
  }
  return TV_OK;
}

static tv_status add_suit(const char *tok, size_t len, int i, void *ud) {
  struct names_ctx *c = ud;
  char shown[64];
  tv_deck *d = c->d;
  if (i >= TV_MAX_SUITS)
    return tv_fail(c->e, TV_ERANGE, "too many suits (at most %d)",
                   TV_MAX_SUITS);
  if (check_name("suit", tok, len, c->e) != TV_OK) return TV_EINVAL;
  if (len >= TV_NAME_MAX)
    return tv_fail(c->e, TV_EINVAL, "suit name \"%s\" is too long",
                   tv_token_quote(tok, len, shown, sizeof shown));
  if (tv_deck_find_suit(d, tok, len) >= 0)
    return tv_fail(c->e, TV_EINVAL, "suit \"%.*s\" is listed twice", (int)len,
                   tok);
  memcpy(d->suit_name[i], tok, len);
  d->suit_name[i][len] = '\0';
  strcpy(d->suit_glyph[i], d->suit_name[i]);
  for (size_t k = 0; k < sizeof french_suits / sizeof french_suits[0]; k++)
    if (same_ci(tok, len, french_suits[k].name)) {
      strcpy(d->suit_name[i], french_suits[k].name);
      strcpy(d->suit_glyph[i], french_suits[k].glyph);
      d->suit_red[i] = french_suits[k].red;
    }
  d->nsuits = (uint8_t)(i + 1);
  return TV_OK;
}

static tv_status add_rank(const char *tok, size_t len, int i, void *ud) {
  struct names_ctx *c = ud;
  char shown[64];
  tv_deck *d = c->d;
  if (i >= TV_MAX_RANKS)
    return tv_fail(c->e, TV_ERANGE, "too many ranks (at most %d)",
                   TV_MAX_RANKS);
  if (check_name("rank", tok, len, c->e) != TV_OK) return TV_EINVAL;
  if (len >= TV_NAME_MAX)
    return tv_fail(c->e, TV_EINVAL, "rank name \"%s\" is too long",
                   tv_token_quote(tok, len, shown, sizeof shown));
  if (tv_deck_find_rank(d, tok, len) >= 0)
    return tv_fail(c->e, TV_EINVAL, "rank \"%.*s\" is listed twice", (int)len,
                   tok);
  if (same_ci(tok, len, "10"))
    strcpy(d->rank_name[i], "T");
  else {
    for (size_t k = 0; k < len; k++)
      d->rank_name[i][k] = (char)toupper((unsigned char)tok[k]);
    d->rank_name[i][len] = '\0';
  }
  d->nranks = (uint8_t)(i + 1);
  return TV_OK;
}

static tv_status recount(tv_deck *d, tv_err *e) {
  int total = 0;
  for (int k = 0; k < d->nkinds; k++)
    total += d->copies[k];
  if (total > TV_MAX_CARDS)
    return tv_fail(e, TV_ERANGE, "a deck of %d cards is too large (at most %d)",
                   total, TV_MAX_CARDS);
  d->ncards = (uint16_t)total;
  return TV_OK;
}

tv_status tv_deck_init(tv_deck *d, const char *suits, const char *ranks,
                       tv_err *e) {
  memset(d, 0, sizeof *d);
  d->joker = TV_NO_CARD;
  struct names_ctx c = {d, e, false};
  int ns = 0, nr = 0;
  tv_status st = each_token(suits, add_suit, &c, &ns);
  if (st == TV_OK) st = each_token(ranks, add_rank, &c, &nr);
  if (st != TV_OK) return st;
  if (ns == 0) return tv_fail(e, TV_EINVAL, "a deck needs at least one suit");
  if (nr == 0) return tv_fail(e, TV_EINVAL, "a deck needs at least one rank");
  if (ns * nr > TV_MAX_KINDS - 1)
    return tv_fail(e, TV_ERANGE,
                   "%d suits x %d ranks is too many kinds of card (at most %d)",
                   ns, nr, TV_MAX_KINDS - 1);
  d->nkinds = (uint8_t)(ns * nr);
  memset(d->copies, 1, d->nkinds);
  return recount(d, e);
}

void tv_deck_set_points(tv_deck *d, int rank, int points) {
  if (rank < 0 || rank >= d->nranks) return;
  for (int s = 0; s < d->nsuits; s++)
    d->points[tv_kind(d, s, rank)] = (int16_t)points;
}

void tv_deck_set_card_points(tv_deck *d, tv_card kind, int points) {
  if (kind < d->nkinds) d->points[kind] = (int16_t)points;
}

tv_status tv_deck_set_copies(tv_deck *d, int copies, tv_err *e) {
  if (copies < 1 || copies > TV_MAX_COPIES)
    return tv_fail(e, TV_ERANGE, "copies must be 1 to %d, not %d",
                   TV_MAX_COPIES, copies);
  if (copies * d->nsuits * d->nranks > TV_MAX_CARDS)
    return tv_fail(e, TV_ERANGE,
                   "%d copies of %d cards is too large a deck (at most %d)",
                   copies, d->nsuits * d->nranks, TV_MAX_CARDS);
  memset(d->copies, copies, (size_t)d->nsuits * d->nranks);
  return recount(d, e);
}

tv_status tv_deck_add_jokers(tv_deck *d, int n, int points, tv_err *e) {
  if (n < 1 || n > TV_MAX_COPIES)
    return tv_fail(e, TV_ERANGE, "jokers must be 1 to %d, not %d",
                   TV_MAX_COPIES, n);
  if (d->joker == TV_NO_CARD) {
    d->joker = (tv_card)(d->nsuits * d->nranks);
    d->nkinds = (uint8_t)(d->joker + 1);
  }
  d->copies[d->joker] = (uint8_t)n;
  d->points[d->joker] = (int16_t)points;
  tv_status st = recount(d, e);
  if (st != TV_OK) d->copies[d->joker] = 0;
  return st;
}

tv_status tv_deck_strip(tv_deck *d, tv_card kind, tv_err *e) {
  if (kind >= d->nkinds || d->copies[kind] == 0) {
    char name[32];
    tv_card_format(d, kind, TV_STYLE_ASCII, name, sizeof name);
    return tv_fail(e, TV_ENOCARD, "cannot strip %s: no copy of it is left",
                   name);
  }
  d->copies[kind]--;
  d->ncards--;
  return TV_OK;
}

int tv_deck_find_suit(const tv_deck *d, const char *s, size_t len) {
  for (int i = 0; i < d->nsuits; i++) {
    if (same_ci(s, len, d->suit_name[i]) ||
        (len == strlen(d->suit_glyph[i]) &&
         memcmp(s, d->suit_glyph[i], len) == 0))
      return i;
    for (size_t k = 0; k < sizeof french_suits / sizeof french_suits[0]; k++)
      if (strcmp(d->suit_name[i], french_suits[k].name) == 0 &&
          len == strlen(french_suits[k].alt) &&
          memcmp(s, french_suits[k].alt, len) == 0)
        return i;
  }
  return -1;
}

int tv_deck_find_rank(const tv_deck *d, const char *s, size_t len) {
  for (int i = 0; i < d->nranks; i++)
    if (same_ci(s, len, d->rank_name[i]) ||
        (strcmp(d->rank_name[i], "T") == 0 && same_ci(s, len, "10")))
      return i;
  return -1;
}

/* Lists names into buf, space separated: "A K Q" or "S H D C". */
static void list_names(char *buf, size_t cap, const char (*names)[TV_NAME_MAX],
                       int n) {
  size_t used = 0;
  buf[0] = '\0';
  for (int i = 0; i < n && used + TV_NAME_MAX + 1 < cap; i++)
    used += (size_t)snprintf(buf + used, cap - used, "%s%s", i ? " " : "",
                             names[i]);
}

/* Length of the well-formed UTF-8 sequence of two to four bytes at s
 * (len bytes left), or 0. */
static size_t utf8_len(const unsigned char *s, size_t len) {
  size_t n = s[0] >= 0xC2 && s[0] <= 0xDF   ? 2
             : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
             : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4
                                            : 0;
  if (n == 0 || n > len) return 0;
  for (size_t i = 1; i < n; i++)
    if ((s[i] & 0xC0) != 0x80) return 0;
  return n;
}

const char *tv_token_quote(const char *s, size_t len, char *buf, size_t cap) {
  const unsigned char *u = (const unsigned char *)s;
  size_t out = 0, i = 0;
  if (cap < 8) {
    if (cap) buf[0] = '\0';
    return buf;
  }
  while (i < len) {
    size_t n = u[i] >= 0x80 ? utf8_len(u + i, len - i) : 1;
    char piece[8];
    if (n > 1) {
      memcpy(piece, s + i, n);
      piece[n] = '\0';
    } else if (u[i] == '"' || u[i] == '\\') {
      snprintf(piece, sizeof piece, "\\%c", u[i]);
    } else if (u[i] < 0x20 || u[i] >= 0x7F) {
      snprintf(piece, sizeof piece, "\\x%02X", u[i]);
    } else {
      piece[0] = (char)u[i], piece[1] = '\0';
    }
    size_t plen = strlen(piece);
    if (out + plen + 4 > cap || out >= 48) break;
    memcpy(buf + out, piece, plen);
    out += plen;
    i += n ? n : 1;
  }
  if (i < len) memcpy(buf + out, "...", 3), out += 3;
  buf[out] = '\0';
  return buf;
}

static tv_status bad_card(const tv_deck *d, const char *s, size_t len,
                          tv_err *e) {
  char ranks[TV_MAX_RANKS * TV_NAME_MAX], suits[TV_MAX_SUITS * TV_NAME_MAX];
  char tok[64];
  list_names(ranks, sizeof ranks, d->rank_name, d->nranks);
  list_names(suits, sizeof suits, d->suit_name, d->nsuits);
  return tv_fail(e, TV_EINVAL,
                 "no card \"%s\" in this deck: a card is a rank (%s) "
                 "followed by a suit (%s)%s",
                 tv_token_quote(s, len, tok, sizeof tok), ranks, suits,
                 d->joker != TV_NO_CARD ? ", or X for a joker" : "");
}

tv_status tv_card_parse(const tv_deck *d, const char *s, size_t len,
                        tv_card *out, tv_err *e) {
  if (d->joker != TV_NO_CARD &&
      (same_ci(s, len, "X") || same_ci(s, len, "JOKER"))) {
    *out = d->joker;
    return TV_OK;
  }
  /* Try every split point: ranks and suits may be several bytes long. */
  for (size_t cut = 1; cut < len; cut++) {
    int r = tv_deck_find_rank(d, s, cut);
    int su = r < 0 ? -1 : tv_deck_find_suit(d, s + cut, len - cut);
    if (su >= 0) {
      tv_card c = tv_kind(d, su, r);
      if (d->copies[c] == 0) {
        char name[32];
        tv_card_format(d, c, TV_STYLE_ASCII, name, sizeof name);
        return tv_fail(e, TV_ENOCARD, "card %s was stripped from this deck",
                       name);
      }
      *out = c;
      return TV_OK;
    }
  }
  return bad_card(d, s, len, e);
}

size_t tv_card_format(const tv_deck *d, tv_card c, tv_style style, char *buf,
                      size_t cap) {
  if (c == d->joker && c != TV_NO_CARD)
    return (size_t)snprintf(buf, cap, "%s",
                            style == TV_STYLE_ASCII ? "X" : "\U0001F0CF");
  if (c >= d->nsuits * d->nranks) return (size_t)snprintf(buf, cap, "?");
  int s = tv_suit(d, c), r = tv_rank(d, c);
  const char *rank = d->rank_name[r];
  if (style != TV_STYLE_ASCII && strcmp(rank, "T") == 0) rank = "10";
  if (style == TV_STYLE_ASCII)
    return (size_t)snprintf(buf, cap, "%s%s", rank, d->suit_name[s]);
  if (style == TV_STYLE_COLOR && d->suit_red[s])
    return (size_t)snprintf(buf, cap, "\x1b[31m%s%s\x1b[39m", rank,
                            d->suit_glyph[s]);
  return (size_t)snprintf(buf, cap, "%s%s", rank, d->suit_glyph[s]);
}
