/*
 * lua_util.h - shared helpers of the bindings: the userdata layouts, their
 * checkers and pushers, and the one place a tv_err becomes a Lua error.
 *
 * Userdata types (metatable names):
 *   talon.Deck  { tv_deck spec }            uservalue 1: table kind -> Card
 *   talon.Card  { const tv_deck *deck; tv_card kind; }  uservalue 1: Deck
 *   talon.Hand  { const tv_deck *deck; tv_hand h; }     uservalue 1: Deck
 *   talon.Pile  { const tv_deck *deck; tv_pile p; tag } uservalue 1: Deck
 *   talon.Rng   { tv_rng r; tag }
 *   talon.Melds { const tv_deck *deck; tv_meld_table t; tag }  uv 1: Deck
 *   talon.TrickRules { const tv_deck *deck; tv_trick_rules r; tag }  uv 1: Deck
 *   talon.Trick { tag; tv_trick t }     uservalue 1: Deck, 2: TrickRules
 * (a Deck userdata is a tl_deck, { tv_deck d; tag }).
 *
 * Each type has one checker here, used by every binding: it recognises the
 * userdata by its size and tag (no registry lookup, cheap enough for the
 * hot paths) and raises "bad argument #n to 'f' (talon.X expected, got y)"
 * otherwise. Each metatable is built in one place, its type's opener, and
 * locked by tl_lock_types (getmetatable gives a public copy).
 * Cards are interned: a deck makes one Card userdata per kind, so cards
 * compare with == and serve as table keys. Every object that refers to a
 * deck keeps it alive through its user value.
 */
#ifndef TALON_LUA_UTIL_H
#define TALON_LUA_UTIL_H

#include <lua.h>
#include <lauxlib.h>
#include "deck.h"
#include "hand.h"
#include "pile.h"
#include "rng.h"
#include "meld.h"
#include "trick.h"

#define TL_DECK       "talon.Deck"
#define TL_CARD       "talon.Card"
#define TL_HAND       "talon.Hand"
#define TL_PILE       "talon.Pile"
#define TL_RNG        "talon.Rng"
#define TL_MELDS      "talon.Melds"
#define TL_TRICKRULES "talon.TrickRules"
#define TL_TRICK      "talon.Trick"
#define TL_TRICKWHY   "talon.TrickWhy"

/* Every type carries a tag so the hot paths can check it without the
 * registry lookup of luaL_checkudata: a userdata of the right size whose
 * tag field holds the tag (scripts cannot forge userdata). No two types
 * have the same size (lua_util.c checks it at compile time), so the bytes
 * of one type, which a script may set (an Rng's state), are never read
 * as the tag of another. Cards and hands
 * keep it in their first word; decks, piles and generators after their
 * core struct, so a pointer to the userdata is also one to that struct. */
#define TL_TAG_CARD  0x43415244u /* "CARD" */
#define TL_TAG_HAND  0x48414e44u /* "HAND" */
#define TL_TAG_DECK  0x4445434bu /* "DECK" */
#define TL_TAG_PILE  0x50494c45u /* "PILE" */
#define TL_TAG_RNG   0x524e4721u /* "RNG!" */
#define TL_TAG_MELDS 0x4d454c44u /* "MELD" */
#define TL_TAG_RULES 0x52554c45u /* "RULE" */
#define TL_TAG_TRICK 0x54524b21u /* "TRK!" */

typedef struct tl_card {
  uint32_t tag;
  tv_card kind;
  const tv_deck *deck;
} tl_card;

typedef struct tl_hand {
  uint32_t tag;
  const tv_deck *deck;
  tv_hand h;
} tl_hand;

typedef struct tl_pile {
  const tv_deck *deck;
  tv_pile p;
  uint32_t tag;
} tl_pile;

typedef struct tl_deck {
  tv_deck d;
  uint32_t tag;
} tl_deck;

typedef struct tl_rng {
  tv_rng r;
  uint32_t tag;
} tl_rng;

typedef struct tl_melds {
  const tv_deck *deck; /* inside the Deck userdata kept in user value 1 */
  tv_meld_table t;
  uint32_t tag;
} tl_melds;

typedef struct tl_trick_rules {
  const tv_deck *deck; /* inside the Deck userdata kept in user value 1 */
  tv_trick_rules r;
  uint32_t tag;
  uint32_t apart[4]; /* a size no other type has (an Rng's was the same) */
} tl_trick_rules;

typedef struct tl_trick {
  uint32_t tag;
  tv_trick t; /* t.deck, t.rules point into the user values */
} tl_trick;

/* Raises a Lua error with e->msg (prefixed with the caller's position).
 * Never returns. */
int tl_raise(lua_State *L, const tv_err *e);

/* The Deck at 'arg', or raises a type error naming talon.Deck. */
tv_deck *tl_check_deck(lua_State *L, int arg);

/* The Card / Hand at 'arg', or NULL when it is something else. */
tl_card *tl_test_card(lua_State *L, int arg);
tl_hand *tl_test_hand(lua_State *L, int arg);

/* The Deck at 'arg', or NULL when it is something else (never raises:
 * for paths that fall back rather than fail). */
tl_deck *tl_test_deck(lua_State *L, int arg);

/* The Hand, Pile or Trick at 'arg' with one look at the slot, for hot
 * paths that take any of the three: sets *tag to its TL_TAG_HAND,
 * TL_TAG_PILE or TL_TAG_TRICK and returns it; else sets *tag to 0 and
 * returns NULL (never raises). */
void *tl_test_place(lua_State *L, int arg, uint32_t *tag);

/* The Card userdata at 'arg' (no token), or raises a type error. */
tl_card *tl_check_card_ud(lua_State *L, int arg);

/* The Hand, Pile, Rng, Melds, TrickRules at 'arg', or raise a type error
 * naming the type. */
tl_hand *tl_check_hand(lua_State *L, int arg);
tl_pile *tl_check_pile(lua_State *L, int arg);
tv_rng *tl_check_rng(lua_State *L, int arg);
tl_melds *tl_check_melds(lua_State *L, int arg);
tl_trick_rules *tl_check_trick_rules(lua_State *L, int arg);

/* The Trick at argument 1 (every Trick method's self), or raises. */
tl_trick *tl_check_trick(lua_State *L);

/* Describes the value at 'idx' for an error message without running any
 * metamethod: a number or a string as itself (a long string cut), else its
 * type name. Pushes the text and returns it. */
const char *tl_describe(lua_State *L, int idx);

/* Locks the metatable at 'mt': sets its __metatable to a new public table
 * {__name, __tostring, __methods}, the last a copy of the methods (the
 * metatable's __methods, else its __index when that is a table), so that
 * getmetatable(obj) tells the type but never reaches the shared metatable
 * or method table. Does nothing to a metatable already locked. */
void tl_lock_metatable(lua_State *L, int mt);

/* Locks the metatables of every type above, once all the openers of the
 * module have added their methods (luaopen_talon calls it last). */
void tl_lock_types(lua_State *L);

/* The card at 'arg' as a kind of deck 'd': a Card of that deck, or a
 * string token parsed in it ("QS", "10♥"). Raises an argument error that
 * names the token, or says the card belongs to another deck. */
tv_card tl_check_card(lua_State *L, int arg, const tv_deck *d);

/* The value on the stack top, item 'i' of the list at 'arg', as a kind of
 * deck 'd' (a Card or a token). Errors name the argument and the item:
 * "bad argument #1 to 'add' (card 2: no card "ZZ" in this deck: ...)". */
tv_card tl_check_item(lua_State *L, int arg, lua_Integer i, const tv_deck *d);

/* The cards at 'arg' as a multiset of deck 'd': a Hand of that deck, a
 * Card, a string of tokens, or an array of cards/strings. */
void tl_check_cards(lua_State *L, int arg, const tv_deck *d, tv_hand *out);

/* The trump at 'arg': nil/false/none for no trump, a suit name, or a Card
 * (its suit: the turned-up trump card). Returns a suit index of 'd' or -1;
 * raises an argument error for a joker, an unknown suit or another type. */
int tl_check_trump(lua_State *L, int arg, const tv_deck *d);

/* Pushes the interned Card for 'kind'. 'deck_idx' is the stack index of
 * the Deck userdata, or of any object whose user value is the Deck. */
void tl_push_card(lua_State *L, int deck_idx, tv_card kind);

/* Pushes the Deck that the object at 'idx' refers to (itself for a Deck). */
void tl_push_deck_of(lua_State *L, int idx);

/* Pushes a new Hand of the deck found at 'deck_idx' (as in tl_push_card),
 * holding a copy of h. Returns it. */
tl_hand *tl_push_hand(lua_State *L, int deck_idx, const tv_hand *h);

/* The state's print style for __tostring (talon.style sets it); the
 * default is TV_STYLE_ASCII. */
tv_style tl_style(lua_State *L);
void tl_set_style(lua_State *L, tv_style st);

/* The style for cards inside error messages and explanations: the state's
 * style, but Unicode instead of colour (messages carry no escape codes). */
tv_style tl_text_style(lua_State *L);

#endif
