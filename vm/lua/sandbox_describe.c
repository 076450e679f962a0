/*
 * sandbox_describe.c - what an error value says, as text a person can
 * read, made without running any code: the message handler of every
 * protected call (sandbox.c) and talon.sandbox.describe.
 *
 * A game may raise any value, and Lua alone shows a table as "(error
 * object is a table value)", which tells its author nothing. Here a table
 * is shown by what it holds: its message field, else a listing of its
 * fields, after the file and line that raised it when game code did (its
 * error keeps them beside the table: the host meets a table after the
 * stack has unwound, in a walk of the game's state, and a text raised
 * there names its line). The table is game data, so it is read raw (no
 * __index, __pairs or __tostring runs: the front ends print it outside
 * every budget), the text is bounded (a game can fill a field with 64
 * MiB, or give a table millions of keys: they are scanned, never copied),
 * and control bytes (the C1 controls of UTF-8 too) become escapes in Lua's
 * notation, so the text is one line that no field can split into lines
 * passing for a traceback, nor a terminal take for a command. The text is
 * built in a fixed buffer on the C stack: no allocation until the one
 * string pushed.
 */
#include "sandbox.h"

#include <stdio.h>
#include <string.h>
#include <lauxlib.h>

enum {
  MAX_MAIN = 400,  /* bytes of the message field shown */
  MAX_KEY = 40,    /* of a listed key, or of the rule field */
  MAX_VALUE = 80,  /* of a listed string value */
  MAX_FIELDS = 6,  /* fields listed */
  MAX_WHERE = 100, /* of the position a game raised the table at */
  /* > MAX_WHERE + MAX_MAIN + MAX_FIELDS * (MAX_KEY + MAX_VALUE + 16) */
  TEXT_SIZE = 1300
};

/* The registry field of the positions game code raised its tables at: a
 * table with weak keys, table -> "FILE:LINE: " (tl_sandbox_note_raise). */
#define RAISED "talon.sandbox.raised"

/* The fields that hold a table's message, the first present one read. */
static const char *const MAIN_FIELDS[] = {
    "message", "msg", "because", "reason", "error", "err", "text", NULL,
};

#define ELLIPSIS "\xe2\x80\xa6" /* U+2026 */

/* {====================================================== the text */

typedef struct text {
  char buf[TEXT_SIZE];
  size_t n;
} text;

static void put(text *t, const char *s, size_t len) {
  if (len > TEXT_SIZE - t->n) len = TEXT_SIZE - t->n;
  memcpy(t->buf + t->n, s, len);
  t->n += len;
}

static void put_s(text *t, const char *s) {
  put(t, s, strlen(s));
}

/* Byte 'c' as it is shown: control bytes as escapes ("\n", "\27"), and
 * in a quoted string '"' and '\' escaped too. Returns its length. */
static size_t shown(unsigned char c, int quoted, char *out) {
  if (c == '\n' || c == '\t' || c == '\r') {
    out[0] = '\\';
    out[1] = c == '\n' ? 'n' : c == '\t' ? 't' : 'r';
    return 2;
  }
  if (c < 0x20 || c == 0x7f) return (size_t)snprintf(out, 5, "\\%d", c);
  if (quoted && (c == '"' || c == '\\')) {
    out[0] = '\\';
    out[1] = (char)c;
    return 2;
  }
  out[0] = (char)c;
  return 1;
}

/* The continuation bytes UTF-8 lead byte 'c' announces (0 for a byte that
 * begins no character, as 0xC0, 0xC1 and 0xF5 up). */
static int continuations(unsigned char c) {
  return c >= 0xc2 && c <= 0xdf   ? 1
         : c >= 0xe0 && c <= 0xef ? 2
         : c >= 0xf0 && c <= 0xf4 ? 3
                                  : 0;
}

static int is_c1(unsigned char c) {
  return c >= 0x80 && c <= 0x9f;
}

/* Appends 's' as shown, at most 'limit' bytes of it; a longer one is cut
 * at a character boundary (never inside a UTF-8 sequence) and marked.
 * The C1 controls are escaped too, byte by byte as the terminal filter
 * writes them (repl/termsafe.h), since some terminals obey them (U+009B is
 * CSI): as UTF-8 (0xC2 0x80 ... 0xC2 0x9F: "\194\155") and as a byte 0x80
 * ... 0x9F that no lead byte announced ("\155"); other UTF-8 is kept. */
static void put_shown(text *t, const char *s, size_t len, size_t limit,
                      int quoted) {
  size_t start = t->n, lead = t->n;
  int more = 0; /* continuation bytes the last lead byte announced */
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    char out[12];
    size_t k;
    int cont = 0; /* a continuation byte of the character begun */
    if (c == 0xc2 && i + 1 < len && is_c1((unsigned char)s[i + 1])) {
      k = (size_t)snprintf(out, sizeof out, "\\%d\\%d", c,
                           (unsigned char)s[++i]);
      more = 0;
    } else if ((c & 0xc0) == 0x80 && more > 0) {
      more--;
      cont = 1;
      out[0] = (char)c;
      k = 1;
    } else if (is_c1(c)) {
      k = (size_t)snprintf(out, sizeof out, "\\%d", c);
      more = 0;
    } else {
      more = continuations(c);
      k = shown(c, quoted, out);
    }
    if (!cont) lead = t->n;
    if (t->n - start + k > limit) {
      if (cont) t->n = lead; /* drop the character begun */
      put_s(t, ELLIPSIS);
      return;
    }
    put(t, out, k);
  }
}

/* Appends the number at 'idx' as tostring writes it (a copy converted). */
static void put_number(text *t, lua_State *L, int idx) {
  size_t len;
  lua_pushvalue(L, idx);
  const char *s = lua_tolstring(L, -1, &len);
  put(t, s, len);
  lua_pop(L, 1);
}

/* }====================================================== */

/* {====================================================== the fields */

/* A key that may be listed: an integer or a string (a string key stays
 * alive in the table, which nothing changes while it is described). */
typedef struct key {
  int is_string;
  lua_Integer i;
  const char *s;
  size_t len;
} key;

/* The order keys are listed in: integers first, ascending, then strings
 * byte by byte, so the text is the same whatever the hash order. */
static int key_less(const key *a, const key *b) {
  if (a->is_string != b->is_string) return b->is_string;
  if (!a->is_string) return a->i < b->i;
  size_t n = a->len < b->len ? a->len : b->len;
  int c = memcmp(a->s, b->s, n);
  return c < 0 || (c == 0 && a->len < b->len);
}

/* The fields to list: the MAX_FIELDS first keys in listing order, and
 * how many keys could be listed in all. */
typedef struct fields {
  key keys[MAX_FIELDS];
  int n;
  size_t total;
} fields;

static int skipped(const char *s, size_t len, const char *skip) {
  return skip != NULL && strlen(skip) == len && memcmp(s, skip, len) == 0;
}

/* Keeps 'k' if it is among the MAX_FIELDS first keys met so far. */
static void insert(fields *f, const key *k) {
  int at = f->n;
  if (at == MAX_FIELDS) {
    if (!key_less(k, &f->keys[MAX_FIELDS - 1])) return;
    at--; /* the last key kept gives way */
  } else {
    f->n++;
  }
  while (at > 0 && key_less(k, &f->keys[at - 1])) {
    f->keys[at] = f->keys[at - 1];
    at--;
  }
  f->keys[at] = *k;
}

/* Fills 'f' from the table at 't', leaving out the keys named 'skip1' and
 * 'skip2' (shown already; NULL: none). One pass, however many keys. */
static void find_fields(lua_State *L, int t, const char *skip1,
                        const char *skip2, fields *f) {
  f->n = 0;
  f->total = 0;
  lua_pushnil(L);
  while (lua_next(L, t)) {
    key k = {0, 0, NULL, 0};
    int ok = 1;
    if (lua_type(L, -2) == LUA_TSTRING) {
      k.is_string = 1;
      k.s = lua_tolstring(L, -2, &k.len);
      ok = !skipped(k.s, k.len, skip1) && !skipped(k.s, k.len, skip2);
    } else if (lua_isinteger(L, -2)) {
      k.i = lua_tointeger(L, -2);
    } else {
      ok = 0; /* a key of another type is not listed */
    }
    lua_pop(L, 1);
    if (ok) {
      f->total++;
      insert(f, &k);
    }
  }
}

/* Whether 's' may be listed bare (an identifier), not as ["s"]. */
static int bare(const char *s, size_t len) {
  if (len == 0 || len > MAX_KEY || (s[0] >= '0' && s[0] <= '9')) return 0;
  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (!(c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9')))
      return 0;
  }
  return 1;
}

/* Appends the value at 'idx' as listed: a string quoted, a number or a
 * boolean as Lua writes it, anything else as <its type>. */
static void put_value(text *t, lua_State *L, int idx) {
  size_t len;
  const char *s;
  switch (lua_type(L, idx)) {
  case LUA_TSTRING:
    s = lua_tolstring(L, idx, &len);
    put_s(t, "\"");
    put_shown(t, s, len, MAX_VALUE, 1);
    put_s(t, "\"");
    break;
  case LUA_TNUMBER:
    put_number(t, L, idx);
    break;
  case LUA_TBOOLEAN:
    put_s(t, lua_toboolean(L, idx) ? "true" : "false");
    break;
  default:
    put_s(t, "<");
    put_s(t, luaL_typename(L, idx));
    put_s(t, ">");
  }
}

/* Appends "{k = v, ...}" for the fields 'f' of the table at 't'. */
static void put_fields(text *t, lua_State *L, int t_idx, const fields *f) {
  put_s(t, "{");
  for (int i = 0; i < f->n; i++) {
    const key *k = &f->keys[i];
    if (i > 0) put_s(t, ", ");
    if (!k->is_string) {
      char num[32];
      int w =
          snprintf(num, sizeof num, "[" LUA_INTEGER_FMT "]", (LUAI_UACINT)k->i);
      put(t, num, (size_t)w < sizeof num ? (size_t)w : sizeof num - 1);
      lua_pushinteger(L, k->i);
    } else {
      if (bare(k->s, k->len)) {
        put(t, k->s, k->len);
      } else {
        put_s(t, "[\"");
        put_shown(t, k->s, k->len, MAX_KEY, 1);
        put_s(t, "\"]");
      }
      lua_pushlstring(L, k->s, k->len);
    }
    put_s(t, " = ");
    lua_rawget(L, t_idx);
    put_value(t, L, -1);
    lua_pop(L, 1);
  }
  if (f->total > (size_t)f->n) put_s(t, ", " ELLIPSIS);
  put_s(t, "}");
}

/* }====================================================== */

/* Pushes t[name] read raw; returns its type. */
static int raw_field(lua_State *L, int t, const char *name) {
  lua_pushstring(L, name);
  return lua_rawget(L, t);
}

/* The first of MAIN_FIELDS the table at 't' holds as a string or number
 * (pushed), or NULL (nothing pushed). */
static const char *main_field(lua_State *L, int t) {
  for (int i = 0; MAIN_FIELDS[i] != NULL; i++) {
    int ty = raw_field(L, t, MAIN_FIELDS[i]);
    if (ty == LUA_TSTRING || ty == LUA_TNUMBER) return MAIN_FIELDS[i];
    lua_pop(L, 1);
  }
  return NULL;
}

/* {====================================================== positions */

void tl_sandbox_note_raise(lua_State *L, int idx, int level) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TTABLE || level <= 0) return;
  luaL_where(L, level);
  if (lua_rawlen(L, -1) == 0) { /* no Lua function there */
    lua_pop(L, 1);
    return;
  }
  if (lua_getfield(L, LUA_REGISTRYINDEX, RAISED) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, RAISED);
  }
  lua_pushvalue(L, idx); /* stack: where raised t */
  lua_pushvalue(L, -3);
  lua_rawset(L, -3); /* a table key: no metamethod of it runs */
  lua_pop(L, 2);
}

const char *tl_sandbox_raised_at(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (lua_type(L, idx) != LUA_TTABLE) return NULL;
  if (lua_getfield(L, LUA_REGISTRYINDEX, RAISED) != LUA_TTABLE) {
    lua_pop(L, 1);
    return NULL;
  }
  lua_pushvalue(L, idx);
  if (lua_rawget(L, -2) != LUA_TSTRING) {
    lua_pop(L, 2);
    return NULL;
  }
  lua_remove(L, -2);
  return lua_tostring(L, -1);
}

/* }====================================================== */

/* Pushes the text of the table at 't': "[WHERE][RULE: ]MESSAGE[ {fields}]",
 * or "[WHERE](error object is a table value: {fields})", or "... with no
 * text", WHERE the position game code raised it at, if it did. */
static const char *describe_table(lua_State *L, int t) {
  text out;
  out.n = 0;
  if (tl_sandbox_raised_at(L, t) != NULL) {
    size_t len;
    const char *where = lua_tolstring(L, -1, &len);
    put_shown(&out, where, len, MAX_WHERE, 0); /* a file name is the game's */
    lua_pop(L, 1);
  }
  const char *main = main_field(L, t); /* main text pushed */
  const char *rule = NULL;
  if (main != NULL) {
    int ty = raw_field(L, t, "rule");
    if (ty == LUA_TSTRING || ty == LUA_TNUMBER) {
      rule = "rule";
      if (ty == LUA_TNUMBER)
        put_number(&out, L, -1);
      else {
        size_t len;
        const char *s = lua_tolstring(L, -1, &len);
        put_shown(&out, s, len, MAX_KEY, 0);
      }
      put_s(&out, ": ");
    }
    lua_pop(L, 1);
    if (lua_type(L, -1) == LUA_TNUMBER)
      put_number(&out, L, -1);
    else {
      size_t len;
      const char *s = lua_tolstring(L, -1, &len);
      put_shown(&out, s, len, MAX_MAIN, 0);
    }
    lua_pop(L, 1);
  }
  fields f;
  find_fields(L, t, main, rule, &f);
  if (main != NULL) {
    if (f.n > 0) {
      put_s(&out, " ");
      put_fields(&out, L, t, &f);
    }
  } else if (f.n > 0) {
    put_s(&out, "(error object is a table value: ");
    put_fields(&out, L, t, &f);
    put_s(&out, ")");
  } else {
    put_s(&out, "(error object is a table value with no text)");
  }
  return lua_pushlstring(L, out.buf, out.n);
}

const char *tl_sandbox_describe(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  switch (lua_type(L, idx)) {
  case LUA_TSTRING:
  case LUA_TNUMBER:
    lua_pushvalue(L, idx);
    return lua_tostring(L, -1);
  case LUA_TTABLE:
    break;
  default:
    return lua_pushfstring(L, "(error object is a %s value)",
                           luaL_typename(L, idx));
  }
  return describe_table(L, idx);
}

/* describe(v) -> text: tl_sandbox_describe. */
static int sandbox_describe(lua_State *L) {
  luaL_checkany(L, 1);
  tl_sandbox_describe(L, 1);
  return 1;
}

static const luaL_Reg describe_functions[] = {
    {"describe", sandbox_describe},
    {NULL, NULL},
};

void tl_sandbox_open_describe(lua_State *L) {
  luaL_setfuncs(L, describe_functions, 0);
}
