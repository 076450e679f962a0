/*
 * lua_tally.c - talon.conserved: the card-conservation test `talon check`
 * runs after every action, in one call.
 *
 * Workload: a checked game sums every card place of the state (hands, won
 * piles, stock, trick, discards, cards set aside) after every action, and
 * compares the sum with the full deck. Done from Lua that is a dozen
 * method calls and two new Hands per action; here it is one call that
 * reads the places raw and allocates nothing. The answer is only "yes, the
 * cards are all there" or "look again": anything unusual (a place of
 * another type or deck, a table with a missing seat, too many copies) is a
 * false, and the caller's slow path, which names the places, finds and
 * words what is wrong. So nothing here raises for what the places hold.
 */
#include "lua_util.h"
#include "talon_lua.h"
#include <string.h>

/* The running sum: the counts of tv_hand, eight to a word, so that adding
 * a hand is eight additions. A count is at most TV_MAX_COPIES in any hand,
 * and the sum's are kept at most that too (a larger one cannot match the
 * deck), so no byte ever carries into the next. */
typedef struct sum {
  uint64_t w[TV_MAX_KINDS / 8];
  long size; /* the places' sizes added, as a hand's sum would have */
} sum;

_Static_assert(TV_MAX_COPIES <= 0x0f && TV_MAX_KINDS % 8 == 0,
               "two counts add within a byte, and 0xf0 finds one too many");

/* sum += h; false when a count passes TV_MAX_COPIES (then the sum is no
 * longer the deck's, nor would a hand hold it). */
static bool add_hand(sum *acc, const tv_hand *h) {
  uint64_t over = 0;
  for (int i = 0; i < TV_MAX_KINDS / 8; i++) {
    uint64_t w;
    memcpy(&w, h->n + 8 * i, sizeof w);
    acc->w[i] += w;
    over |= acc->w[i];
  }
  acc->size += h->size;
  return (over & 0xf0f0f0f0f0f0f0f0u) == 0;
}

/* Adds the place at 'idx' (a Hand, or with 'any' also a Pile or Trick,
 * of deck 'd') to 'acc', and a Hand's size to *size when 'size' is given.
 * False when it is anything else or a count would pass TV_MAX_COPIES. */
static bool add_place(lua_State *L, int idx, bool any, const tv_deck *d,
                      sum *acc, uint16_t *size) {
  uint32_t tag;
  void *p = tl_test_place(L, idx, &tag);
  if (tag == TL_TAG_HAND) {
    tl_hand *h = p;
    if (size) *size = h->h.size;
    return h->deck == d && add_hand(acc, &h->h);
  }
  tv_hand cards;
  if (any && tag == TL_TAG_PILE) {
    tl_pile *pile = p;
    if (pile->deck != d) return false;
    tv_hand_clear(&cards);
    for (int i = 0; i < pile->p.n; i++)
      if (tv_hand_add(&cards, pile->p.c[i], 1) != TV_OK) return false;
    return add_hand(acc, &cards);
  }
  if (!any || tag != TL_TAG_TRICK) return false;
  tl_trick *t = p;
  if (t->t.deck != d) return false;
  tv_trick_cards(&t->t, &cards); /* face-down plays too, as t:cards() */
  return add_hand(acc, &cards);
}

/* The hand sizes of the first seats, kept while they are summed (more
 * seats than this are read again for theirs). */
#define SIZES_KEPT 16

/* Adds items 1..n of the table at 'tbl' (read raw) to 'acc': Hands of
 * 'd', or also nil when 'gaps'. False at the first item that is neither.
 * With 'sizes', the sizes of the first SIZES_KEPT are written there. */
static bool add_seats(lua_State *L, int tbl, lua_Integer n, bool gaps,
                      const tv_deck *d, sum *acc, uint16_t *sizes) {
  if (!lua_istable(L, tbl)) return false;
  for (lua_Integer s = 1; s <= n; s++) {
    int t = lua_rawgeti(L, tbl, s);
    uint16_t *size = sizes && s <= SIZES_KEPT ? &sizes[s - 1] : NULL;
    bool ok = t == LUA_TNIL ? gaps : add_place(L, -1, false, d, acc, size);
    lua_pop(L, 1);
    if (!ok) return false;
  }
  return true;
}

/* Whether the sum is exactly the Hand 'full'. */
static bool same(const sum *acc, const tv_hand *full) {
  return acc->size == full->size && memcmp(acc->w, full->n, sizeof acc->w) == 0;
}

/* conserved(full, deck, n, hands, won, stock, discards, trick, aside
 *           [, sizes]) -> boolean */
static int tally_conserved(lua_State *L) {
  lua_settop(L, 10);
  tl_hand *full = tl_test_hand(L, 1);
  tl_deck *deck = tl_test_deck(L, 2);
  int isint = 0; /* a number with an integer value, as a for loop takes it */
  lua_Integer n =
      lua_type(L, 3) == LUA_TNUMBER ? lua_tointegerx(L, 3, &isint) : 0;
  bool ok = full && deck && full->deck == &deck->d && isint;
  const tv_deck *d = ok ? &deck->d : NULL;
  sum acc = {{0}, 0};
  uint16_t sizes[SIZES_KEPT];
  /* hands[s] must all be there, so the loops are bounded by the table */
  ok = ok && add_seats(L, 4, n, false, d, &acc, sizes) &&
       add_seats(L, 5, n, false, d, &acc, NULL) &&
       (lua_isnil(L, 6) || add_place(L, 6, true, d, &acc, NULL)) &&
       add_place(L, 7, true, d, &acc, NULL) &&
       (lua_isnil(L, 8) || add_place(L, 8, true, d, &acc, NULL)) &&
       (lua_isnil(L, 9) || add_seats(L, 9, n, true, d, &acc, NULL)) &&
       same(&acc, &full->h);
  if (ok && lua_istable(L, 10))
    for (lua_Integer s = 1; s <= n; s++) {
      lua_Integer size;
      if (s <= SIZES_KEPT) {
        size = sizes[s - 1];
      } else {
        lua_rawgeti(L, 4, s);
        size = tl_test_hand(L, -1)->h.size; /* checked above */
        lua_pop(L, 1);
      }
      lua_pushinteger(L, size);
      lua_rawseti(L, 10, s);
    }
  lua_pushboolean(L, ok);
  return 1;
}

static const luaL_Reg tally_functions[] = {
    {"conserved", tally_conserved},
    {NULL, NULL},
};

void talon_open_tally(lua_State *L) {
  luaL_setfuncs(L, tally_functions, 0);
}
