/*
 * lua_spec.c - reading spec tables: known keys, enums, booleans, integer
 * ranges, strings and rank lists, with one wording of their errors.
 */
#include "lua_spec.h"
#include "lua_util.h"
#include <stdarg.h>
#include <string.h>

void tl_spec_init(tl_spec *s, lua_State *L, int arg, int t, const char *where,
                  const char *label) {
  s->L = L;
  s->arg = arg;
  s->t = lua_absindex(L, t);
  s->where = where;
  s->label = label;
  s->quote = false;
  s->unknown = "unknown key '%s' (known keys: %s)";
}

int tl_spec_error(const tl_spec *s, const char *key, const char *fmt, ...) {
  lua_State *L = s->L;
  va_list ap;
  va_start(ap, fmt);
  lua_pushvfstring(L, fmt, ap);
  va_end(ap);
  lua_pushstring(L, s->where);
  if (key)
    lua_pushfstring(L, s->label, key);
  else
    lua_pushliteral(L, "");
  lua_rotate(L, -3, -1); /* where, label, message */
  lua_concat(L, 3);
  return luaL_argerror(L, s->arg, lua_tostring(L, -1));
}

void tl_spec_check_keys(const tl_spec *s, const char *const *keys) {
  lua_State *L = s->L;
  lua_pushnil(L);
  while (lua_next(L, s->t)) {
    lua_pop(L, 1);
    const char *k = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    int i = 0;
    while (k && keys[i] && strcmp(k, keys[i]) != 0)
      i++;
    if (k && keys[i]) continue;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (i = 0; keys[i]; i++) {
      if (i) luaL_addstring(&b, ", ");
      luaL_addstring(&b, keys[i]);
    }
    luaL_pushresult(&b);
    const char *known = lua_tostring(L, -1);
    tl_spec_error(s, NULL, s->unknown, tl_describe(L, -2), known);
  }
}

int tl_spec_get(const tl_spec *s, const char *key) {
  lua_pushstring(s->L, key);
  return lua_rawget(s->L, s->t);
}

lua_Integer tl_spec_int_at(const tl_spec *s, const char *key, int idx,
                           lua_Integer lo, lua_Integer hi) {
  lua_State *L = s->L;
  int ok = 0;
  lua_Integer v = 0;
  if (lua_isinteger(L, idx)) { /* an integer, not a float or a string */
    v = lua_tointeger(L, idx);
    ok = 1;
  }
  if (!ok)
    tl_spec_error(s, key, "must be an integer, not %s", tl_describe(L, idx));
  if (v < lo || v > hi)
    tl_spec_error(s, key, "must be %I to %I, not %I", (LUAI_UACINT)lo,
                  (LUAI_UACINT)hi, (LUAI_UACINT)v);
  return v;
}

lua_Integer tl_spec_int(const tl_spec *s, const char *key, lua_Integer def,
                        lua_Integer lo, lua_Integer hi) {
  lua_Integer v = def;
  if (tl_spec_get(s, key) != LUA_TNIL) v = tl_spec_int_at(s, key, -1, lo, hi);
  lua_pop(s->L, 1);
  return v;
}

int tl_spec_enum(const tl_spec *s, const char *key, const char *const *names,
                 int def) {
  lua_State *L = s->L;
  int t = tl_spec_get(s, key);
  if (t == LUA_TNIL && def >= 0) {
    lua_pop(L, 1);
    return def;
  }
  const char *v = t == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
  int i = 0;
  while (v && names[i] && strcmp(v, names[i]) != 0)
    i++;
  if (v && names[i]) {
    lua_pop(L, 1);
    return i;
  }
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (int j = 0; names[j]; j++) {
    luaL_addstring(&b, j ? (names[j + 1] ? "\", \"" : "\" or \"") : "\"");
    luaL_addstring(&b, names[j]);
  }
  luaL_addchar(&b, '"');
  luaL_pushresult(&b);
  const char *valid = lua_tostring(L, -1);
  const char *got = tl_describe(L, -2);
  if (s->quote && v) got = lua_pushfstring(L, "\"%s\"", got);
  return tl_spec_error(s, key, "expected %s, got %s", valid, got);
}

bool tl_spec_bool(const tl_spec *s, const char *key, bool def) {
  int t = tl_spec_get(s, key);
  if (t != LUA_TNIL && t != LUA_TBOOLEAN)
    tl_spec_error(s, key, "expected true or false, got %s",
                  luaL_typename(s->L, -1));
  bool v = t == LUA_TNIL ? def : lua_toboolean(s->L, -1);
  lua_pop(s->L, 1);
  return v;
}

const char *tl_spec_names(const tl_spec *s, const char *key, const char *def) {
  lua_State *L = s->L;
  int t = tl_spec_get(s, key);
  if (t == LUA_TNIL && def) {
    lua_pop(L, 1);
    lua_pushstring(L, def);
  } else if (t == LUA_TNIL) {
    tl_spec_error(s, key, "(a string, highest first) is required");
  } else if (t != LUA_TSTRING) {
    tl_spec_error(s, key, "must be a string of names, not %s",
                  luaL_typename(L, -1));
  }
  size_t len;
  const char *str = lua_tolstring(L, -1, &len);
  if (strlen(str) != len) tl_spec_error(s, key, "contains a NUL byte");
  return str;
}

static int is_sep(char c) {
  return c == ' ' || c == ',' || c == '\t' || c == '\n';
}

size_t tl_spec_token(const char **p, const char *end) {
  const char *q = *p;
  while (q < end && is_sep(*q))
    q++;
  *p = q;
  while (q < end && !is_sep(*q))
    q++;
  return (size_t)(q - *p);
}

int tl_spec_ranks(const tl_spec *s, const char *key, int idx, const tv_deck *d,
                  uint8_t out[TV_MAX_RANKS]) {
  lua_State *L = s->L;
  if (lua_type(L, idx) != LUA_TSTRING)
    tl_spec_error(s, key, "expected a string of rank names, got %s",
                  luaL_typename(L, idx));
  size_t len;
  const char *p = lua_tolstring(L, idx, &len), *end = p + len;
  unsigned seen = 0;
  int n = 0;
  for (size_t k; (k = tl_spec_token(&p, end)) > 0; p += k) {
    int r = tv_deck_find_rank(d, p, k);
    if (r < 0)
      tl_spec_error(s, key, "no rank \"%s\" in this deck",
                    lua_pushlstring(L, p, k));
    if (seen >> r & 1)
      tl_spec_error(s, key, "rank \"%s\" given twice", d->rank_name[r]);
    seen |= 1u << r;
    out[n++] = (uint8_t)r;
  }
  return n;
}
