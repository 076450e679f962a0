/*
 * prompt.c - the module "talon.cli.prompt": the line input of the Lua front
 * end (`talon play`, `talon replay`) with the REPL's line editor.
 *
 * The front end runs inside one protected call that blocks SIGINT and
 * turns a pending one into an "interrupted!" error at the next Lua
 * instruction (vm/lua/sandbox.c). A prompt must not: while a line is read
 * here SIGINT is unblocked and caught by a handler without SA_RESTART, so
 * Ctrl-C ends the read, the typed text is dropped, and the caller is told
 * (nil, "interrupted") and simply asks again, as the REPL does. The mask
 * and the handler are put back before any Lua code runs again.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <lauxlib.h>

#include "lineedit.h"
#include "repl.h"
#include "termsafe.h"

#define PROMPT_EDITOR "talon.prompt.editor" /* the box's metatable */
#define PROMPT_BOX    "talon.prompt.box"    /* registry: the box */
#define PROMPT_WORDS  "talon.prompt.words"  /* registry: completion words */

static void on_sigint(int sig) {
  (void)sig; /* only ends the read */
}

/* Offers the completion words (registry table) starting with 'word'.
 * Called by libedit inside el_gets: reads only, never raises. */
static void complete_word(void *data, const char *word, lineedit *le) {
  lua_State *L = data;
  if (!lua_checkstack(L, 3)) return;
  size_t len = strlen(word);
  if (lua_getfield(L, LUA_REGISTRYINDEX, PROMPT_WORDS) == LUA_TTABLE) {
    lua_Integer n = (lua_Integer)lua_rawlen(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
      if (lua_rawgeti(L, -1, i) == LUA_TSTRING) {
        const char *w = lua_tostring(L, -1);
        if (strncmp(w, word, len) == 0) le_offer(le, w);
      }
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
}

static int editor_gc(lua_State *L) {
  lineedit **box = luaL_checkudata(L, 1, PROMPT_EDITOR);
  le_free(*box);
  *box = NULL;
  return 0;
}

/* The line editor of this state, made on first use and kept in the
 * registry (freed with the state). */
static lineedit *editor(lua_State *L) {
  if (lua_getfield(L, LUA_REGISTRYINDEX, PROMPT_BOX) == LUA_TUSERDATA) {
    lineedit **box = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return *box;
  }
  lua_pop(L, 1);
  lineedit **box = lua_newuserdatauv(L, sizeof *box, 0);
  *box = NULL;
  if (luaL_newmetatable(L, PROMPT_EDITOR)) {
    lua_pushcfunction(L, editor_gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_setmetatable(L, -2);
  lua_setfield(L, LUA_REGISTRYINDEX, PROMPT_BOX);
  *box = le_init("talon", NULL, complete_word, L);
  if (*box == NULL) luaL_error(L, "not enough memory");
  return *box;
}

/* The program's filtered streams (termsafe.h), or NULL. */
static termsafe_streams *streams_of(lua_State *L) {
  lua_getfield(L, LUA_REGISTRYINDEX, TERMSAFE_STREAMS);
  termsafe_streams *s = lua_touserdata(L, -1);
  lua_pop(L, 1);
  return s;
}

/* 'text' as the terminal may be sent it (termsafe.h): the prompt names
 * the game's phase, and libedit writes it to the terminal itself. The
 * string stays on the stack while the line is read. */
static const char *shown(lua_State *L, const char *text, size_t len) {
  termsafe f;
  termsafe_init(&f, 0);
  termsafe_streams *s = streams_of(L);
  f.ascii = s != NULL && s->ascii;
  luaL_Buffer b;
  char *out = luaL_buffinitsize(L, &b, 4 * len + 4 * TERMSAFE_PENDING);
  size_t k = termsafe_filter(&f, text, len, out);
  k += termsafe_finish(&f, out + k);
  luaL_pushresultsize(&b, k);
  return lua_tostring(L, -1);
}

/* prompt.read(text) -> line | nil, "interrupted" | nil (end of input).
 * On a terminal the line is edited (arrows, history of this session, TAB
 * over prompt.words); elsewhere it is read plainly and 'text' is not
 * shown (the caller prints its own transcript). */
static int prompt_read(lua_State *L) {
  size_t len;
  const char *raw = luaL_optlstring(L, 1, "", &len);
  const char *text = shown(L, raw, len);
  lineedit *le = editor(L);
  struct sigaction sa, old_sa;
  sigset_t set, old_mask;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint; /* no SA_RESTART: Ctrl-C ends the read */
  sigemptyset(&sa.sa_mask);
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  fflush(stdout);
  sigaction(SIGINT, &sa, &old_sa);
  sigprocmask(SIG_UNBLOCK, &set, &old_mask);
  int interrupted = 0;
  const char *line = le_read(le, text, &interrupted);
  sigprocmask(SIG_SETMASK, &old_mask, NULL);
  sigaction(SIGINT, &old_sa, NULL);
  if (line != NULL) {
    le_save(le, line);
    lua_pushstring(L, line);
    return 1;
  }
  lua_pushnil(L);
  if (!interrupted) return 1;
  fputc('\n', stdout); /* the cancelled line stays on screen, as in the REPL */
  fflush(stdout);
  lua_pushliteral(L, "interrupted");
  return 2;
}

/* prompt.pause(seconds): waits, ending early when Ctrl-C is pending.
 * SIGINT stays blocked, so the front end's call is then stopped as any
 * interrupted run is (a `sleep` child would not do: system() ignores
 * SIGINT while it waits, and the Ctrl-C would be lost). */
static int prompt_pause(lua_State *L) {
  lua_Number s = luaL_checknumber(L, 1);
  luaL_argcheck(L, s >= 0 && s <= 60, 1, "seconds out of range (0 to 60)");
  struct timespec left;
  left.tv_sec = (time_t)s;
  left.tv_nsec = (long)((s - (lua_Number)left.tv_sec) * 1e9);
  sigset_t pending;
  fflush(stdout);
  while (nanosleep(&left, &left) != 0 && errno == EINTR)
    if (sigpending(&pending) == 0 && sigismember(&pending, SIGINT) == 1) break;
  return 0;
}

/* prompt.words(list): the words TAB completes at the next reads. */
static int prompt_words(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, PROMPT_WORDS);
  return 0;
}

/* prompt.interactive() -> true when lines come from a terminal. */
static int prompt_interactive(lua_State *L) {
  lua_pushboolean(L, isatty(STDIN_FILENO));
  return 1;
}

/* prompt.ascii(on): from now on the output spells every character beyond
 * ASCII in ASCII (true: `--ascii`, a locale without UTF-8), or lets
 * them through (false); see termsafe.h. */
static int prompt_ascii(lua_State *L) {
  luaL_checktype(L, 1, LUA_TBOOLEAN);
  termsafe_streams *s = streams_of(L);
  if (s != NULL) termsafe_set_ascii(s, lua_toboolean(L, 1));
  return 0;
}

static const luaL_Reg prompt_funcs[] = {
    {"ascii", prompt_ascii},
    {"read", prompt_read},
    {"words", prompt_words},
    {"pause", prompt_pause},
    {"interactive", prompt_interactive},
    {NULL, NULL},
};

int repl_open_prompt(lua_State *L) {
  luaL_newlib(L, prompt_funcs);
  return 1;
}
