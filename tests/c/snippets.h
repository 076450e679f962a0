/*
 * snippets.h - Lua snippets run in a binding test's state: the test file
 * gives its prelude (the decks and generators its snippets use), these
 * run prelude + snippet and check what it returns or raises. Include after
 * cmocka.h.
 */
#ifndef TALON_TEST_SNIPPETS_H
#define TALON_TEST_SNIPPETS_H

#include <string.h>
#include <lauxlib.h>
#include <lua.h>

/* Runs prelude + code; returns the Lua status with the single result (or
 * the error message) converted to a string on the stack top. */
static inline int snippet_run(lua_State *L, const char *prelude,
                              const char *code) {
  lua_settop(L, 0);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  luaL_addstring(&b, prelude);
  luaL_addstring(&b, code);
  luaL_pushresult(&b);
  int st = luaL_loadbuffer(L, lua_tostring(L, -1), lua_rawlen(L, -1), "=t");
  if (st == LUA_OK) st = lua_pcall(L, 0, 1, 0);
  luaL_tolstring(L, -1, NULL);
  return st;
}

/* The snippet returns a value whose tostring is 'want'. */
static inline void snippet_expect(lua_State *L, const char *prelude,
                                  const char *code, const char *want) {
  int st = snippet_run(L, prelude, code);
  if (st != LUA_OK) fail_msg("%s\n-> error %s", code, lua_tostring(L, -1));
  assert_string_equal(lua_tostring(L, -1), want);
}

/* The snippet raises an error whose message contains 'part'. */
static inline void snippet_expect_error(lua_State *L, const char *prelude,
                                        const char *code, const char *part) {
  int st = snippet_run(L, prelude, code);
  if (st == LUA_OK)
    fail_msg("%s\n-> no error, returned %s", code, lua_tostring(L, -1));
  if (!strstr(lua_tostring(L, -1), part))
    fail_msg("%s\n-> error %s\n   does not contain %s", code,
             lua_tostring(L, -1), part);
}

#endif
