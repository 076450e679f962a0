/*
 * lua_spec.h - reading a spec table (a deck spec, trick rules, a meld)
 * given by a game: the one place that checks its keys, reads its enums,
 * booleans, integer ranges and name lists, and words its errors.
 *
 * Every error is an argument error of the spec's argument:
 *   bad argument #n to 'f' (<where><label of the key><message>)
 * where 'where' says which part of the argument ("meld 'bella': ") and the
 * label names the key ("key 'size': " or "'copies' "). Fields are read
 * raw: no __index or __len of the script runs while a spec is read.
 */
#ifndef TALON_LUA_SPEC_H
#define TALON_LUA_SPEC_H

#include <lua.h>
#include <lauxlib.h>
#include <stdbool.h>
#include "deck.h"

typedef struct tl_spec {
  lua_State *L;
  int arg;             /* the argument that errors name */
  int t;               /* absolute stack index of the spec table */
  const char *where;   /* prefix of every message, "" for none */
  const char *label;   /* format naming a key: "key '%s': " or "'%s' " */
  bool quote;          /* quote a bad string value: got "x" (else got x) */
  const char *unknown; /* "unknown key '%s' (known keys: %s)" by default */
} tl_spec;

/* Starts reading the table at stack index 't' given as argument 'arg'
 * (bad string values unquoted in messages: set s->quote to quote them). */
void tl_spec_init(tl_spec *s, lua_State *L, int arg, int t, const char *where,
                  const char *label);

/* Raises the argument error where + label(key) + message; key NULL: no
 * label. Never returns. */
int tl_spec_error(const tl_spec *s, const char *key, const char *fmt, ...);

/* Raises "unknown key 'k' (known keys: a, b, ...)" (or s->unknown, with
 * the key and the list) for the first key of the table that is not one of
 * 'keys' (NULL-terminated); the list in the message is built from 'keys'. */
void tl_spec_check_keys(const tl_spec *s, const char *const *keys);

/* Pushes the field 'key' of the spec (raw) and returns its type. */
int tl_spec_get(const tl_spec *s, const char *key);

/* The value at 'idx' (for 'key') as an integer lo..hi: an integer (not a
 * float, even 2.0, nor a string); anything else raises "must be an integer, not
 * x" or "must be lo to hi, not v". */
lua_Integer tl_spec_int_at(const tl_spec *s, const char *key, int idx,
                           lua_Integer lo, lua_Integer hi);

/* The field 'key' as an integer lo..hi, 'def' when it is absent. */
lua_Integer tl_spec_int(const tl_spec *s, const char *key, lua_Integer def,
                        lua_Integer lo, lua_Integer hi);

/* The field 'key' as the index of one of 'names' (NULL-terminated): 'def'
 * when absent, unless def < 0 (then required). Raises
 * "expected \"a\", \"b\" or \"c\", got x" (got "x" with s->quote). */
int tl_spec_enum(const tl_spec *s, const char *key, const char *const *names,
                 int def);

/* The field 'key' as true or false, 'def' when absent. */
bool tl_spec_bool(const tl_spec *s, const char *key, bool def);

/* The field 'key' as a string of names without NUL bytes ("A K Q"); 'def'
 * when absent, or, when def is NULL, raises "(a string, highest first) is
 * required". The string stays on the stack. */
const char *tl_spec_names(const tl_spec *s, const char *key, const char *def);

/* The next token of [*p, end): skips the separators (space, comma, tab,
 * newline), sets *p to the token's first byte and returns its length, 0
 * at the end. Advance *p by the length to go on. */
size_t tl_spec_token(const char **p, const char *end);

/* The string at 'idx' (for 'key') as a list of rank names of 'd', each at
 * most once: fills out[] in the order given and returns how many. Raises
 * "expected a string of rank names, got x", "no rank \"Z\" in this deck",
 * "rank \"Q\" given twice". */
int tl_spec_ranks(const tl_spec *s, const char *key, int idx, const tv_deck *d,
                  uint8_t out[TV_MAX_RANKS]);

#endif
