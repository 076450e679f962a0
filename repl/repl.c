/*
 * repl.c - the interactive loop, shaped like lua.c's doREPL.
 *
 * Each input is tried as `return <line>` first, then as a statement;
 * input continues on the next line while the syntax error ends in <eof>.
 * Every evaluation goes through tl_sandbox_pcall with TL_SB_SIGINT, so
 * Ctrl-C stops running code (at the prompt it clears the line) and every
 * error is reported with a traceback before the loop goes on. Results are
 * printed by talon.host.pretty when it is found.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <lauxlib.h>

#include "lineedit.h"
#include "repl.h"
#include "sandbox.h"

#define PROMPT  "talon> "
#define PROMPT2 "    >> "
#define CHUNK   "=repl"
#define EDITOR  "talon.lineedit"

static const char help_text[] =
    "Talon REPL: Lua 5.4 with the card library loaded as 'talon'.\n"
    "\n"
    "  d = talon.deck{ranks = \"A K Q J T 9 8 7\"}   a 32-card deck\n"
    "  h = d:hand(\"AS KS QH\")                     a hand (multiset)\n"
    "  h:add(\"7C\")                                adds a card\n"
    "  h:has(\"KS\"), #h, h:points()                asked at once\n"
    "  r = talon.rng(42)                          a seeded generator\n"
    "  p = d:pile():shuffle(r)                    a shuffled deck\n"
    "  a, b = d:hand(), d:hand(); p:deal({a, b}, {3, 2})   deal 5 each\n"
    "  talon.style(\"unicode\")                     print Q♠ instead of QS\n"
    "  g = require(\"talon.game\")                  the game framework\n"
    "  hosgin = require(\"games.hosgin\")           a game (hosgin.tools)\n"
    "  print(hosgin.tools.melds(\"QS KS JD\", \"H\"))  (docs/games/hosgin.md)\n"
    "\n"
    "Lines are evaluated as you type them; an expression prints its value.\n"
    "TAB completes names (talon.de<TAB>); Ctrl-C stops a running loop;\n"
    "Ctrl-D quits. From the shell: talon play GAME, talon sim GAME,\n"
    "talon check FILE, talon replay FILE, talon list, talon rules GAME,\n"
    "talon run FILE, talon test FILE (talon --help for all options).\n";

void repl_report(lua_State *L) {
  const char *msg = lua_tostring(L, -1);
  fprintf(stderr, "talon: %s\n", msg ? msg : "(error object is not a string)");
  fflush(stderr);
  lua_pop(L, 1);
}

static int repl_help(lua_State *L) {
  (void)L;
  fputs(help_text, stdout);
  return 0;
}

#define QUIT_KEY "talon.repl.quit" /* registry: quit() was called */

/* quit() and exit(): the loop ends after the current statement. */
static int repl_quit(lua_State *L) {
  lua_pushboolean(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, QUIT_KEY);
  return 0;
}

static int quit_asked(lua_State *L) {
  int asked = lua_getfield(L, LUA_REGISTRYINDEX, QUIT_KEY) == LUA_TBOOLEAN;
  lua_pop(L, 1);
  return asked;
}

/* The words typed alone that are commands, not Lua: "quit" and "exit"
 * end the loop (-1), "help" reads as help(). Returns the line to
 * evaluate, NULL to quit. */
static const char *bare_word(const char *line) {
  size_t skip = strspn(line, " \t");
  size_t len = strcspn(line + skip, " \t");
  if (line[skip + len + strspn(line + skip + len, " \t")] != '\0') return line;
  if ((len == 4 && !strncmp(line + skip, "quit", 4)) ||
      (len == 4 && !strncmp(line + skip, "exit", 4)))
    return NULL;
  if (len == 4 && !strncmp(line + skip, "help", 4)) return "help()";
  return line;
}

/* {====================================================== style */

static int has_utf8_locale(void) {
  const char *names[] = {"LC_ALL", "LC_CTYPE", "LANG"};
  for (int i = 0; i < 3; i++) {
    const char *v = getenv(names[i]);
    if (v && *v)
      return strstr(v, "UTF-8") || strstr(v, "utf8") || strstr(v, "UTF8") ||
             strstr(v, "utf-8");
  }
  return 0;
}

static int apply_style(lua_State *L) {
  lua_getglobal(L, "require");
  lua_pushliteral(L, "talon");
  lua_call(L, 1, 1);
  lua_getfield(L, -1, "style");
  lua_pushvalue(L, 1);
  lua_call(L, 1, 0);
  return 0;
}

void repl_set_style(lua_State *L) {
  const char *no_color = getenv("NO_COLOR");
  const char *term = getenv("TERM");
  const char *style = "ascii";
  int utf8 = has_utf8_locale(); /* suit glyphs need it, coloured or not */
  if (utf8 && isatty(STDOUT_FILENO) && !(no_color && *no_color) &&
      !(term && !strcmp(term, "dumb")))
    style = "color";
  else if (utf8)
    style = "unicode";
  lua_pushcfunction(L, apply_style);
  lua_pushstring(L, style);
  if (tl_sandbox_pcall(L, 1, 0, 0, 0) != TL_SB_OK) lua_pop(L, 1);
}

/* }====================================================== */

/* {====================================================== completion */

static int is_name(const char *s) {
  if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
    return 0;
  for (; *s; s++)
    if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
          (*s >= '0' && *s <= '9')))
      return 0;
  return 1;
}

/* Offers the string keys of the table on top starting with 'part'. */
static void offer_keys(lua_State *L, lineedit *le, const char *prefix,
                       size_t plen, const char *part) {
  size_t len = strlen(part);
  lua_pushnil(L);
  while (lua_next(L, -2)) {
    lua_pop(L, 1);
    if (lua_type(L, -1) != LUA_TSTRING) continue;
    const char *k = lua_tostring(L, -1);
    if (strncmp(k, part, len) != 0 || !is_name(k)) continue;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    luaL_addlstring(&b, prefix, plen);
    luaL_addstring(&b, k);
    luaL_pushresult(&b);
    le_offer(le, lua_tostring(L, -1));
    lua_pop(L, 1);
  }
}

/* Replaces the value on top by the table to complete its fields in: a
 * table itself, else its metatable's __index table (methods). */
static int to_fields(lua_State *L) {
  if (lua_type(L, -1) == LUA_TTABLE) return 1;
  if (luaL_getmetafield(L, -1, "__index") == LUA_TTABLE) {
    lua_remove(L, -2);
    return 1;
  }
  lua_pop(L, 1);
  return 0;
}

/* Protected: arguments are the lineedit and the word (light userdata). */
static int complete_in_lua(lua_State *L) {
  lineedit *le = lua_touserdata(L, 1);
  const char *word = lua_touserdata(L, 2);
  const char *sep = word + strcspn(word, ".:");
  lua_pushglobaltable(L);
  const char *part = word;
  while (*sep) { /* walk "a.b:c" to the last component */
    lua_pushlstring(L, part, (size_t)(sep - part));
    if (lua_type(L, -2) != LUA_TTABLE) return 0;
    lua_rawget(L, -2);
    lua_remove(L, -2);
    if (!to_fields(L)) return 0;
    part = sep + 1;
    sep = part + strcspn(part, ".:");
  }
  offer_keys(L, le, word, (size_t)(part - word), part);
  if (luaL_getmetafield(L, -1, "__index") == LUA_TTABLE)
    offer_keys(L, le, word, (size_t)(part - word), part);
  return 0;
}

/* Called by libedit inside el_gets: must not raise, so all Lua work runs
 * under lua_pcall with arguments that need no allocation. */
static void repl_complete(void *data, const char *word, lineedit *le) {
  lua_State *L = data;
  if (!lua_checkstack(L, 4)) return;
  int top = lua_gettop(L);
  lua_pushcfunction(L, complete_in_lua);
  lua_pushlightuserdata(L, le);
  lua_pushlightuserdata(L, (void *)word);
  lua_pcall(L, 2, 0, 0);
  lua_settop(L, top);
}

/* }====================================================== */

/* {====================================================== reading */

/* A syntax error ending in <eof> means the input goes on: pops it. */
static int incomplete(lua_State *L, int status) {
  if (status != LUA_ERRSYNTAX) return 0;
  size_t len;
  const char *msg = lua_tolstring(L, -1, &len);
  if (len < 5 || strcmp(msg + len - 5, "<eof>") != 0) return 0;
  lua_pop(L, 1);
  return 1;
}

/* Reads the rest of a statement whose text is on top; replaces it by the
 * chunk or a syntax error and returns the status; -2 if cancelled. The
 * whole statement, all its lines, becomes one history entry (as lua.c
 * does), so recalling it brings back the multi-line function. */
static int read_more(lua_State *L, lineedit *le) {
  for (;;) {
    size_t len;
    const char *text = lua_tolstring(L, -1, &len);
    int status = luaL_loadbuffer(L, text, len, CHUNK);
    if (!incomplete(L, status)) {
      le_save(le, text);
      lua_remove(L, -2);
      return status;
    }
    int interrupted;
    const char *line = le_read(le, PROMPT2, &interrupted);
    if (line == NULL) {
      if (interrupted) {
        lua_pop(L, 1);
        fputc('\n', stdout);
        return -2;
      }
      status = luaL_loadbuffer(L, text, len, CHUNK); /* report it */
      le_save(le, text);
      lua_remove(L, -2);
      return status;
    }
    lua_pushliteral(L, "\n");
    lua_pushstring(L, line);
    lua_concat(L, 3);
  }
}

/* Pushes the next statement as a chunk (or a syntax error) and returns its
 * status; -1 at end of input, -2 if the line was cancelled. */
static int read_statement(lua_State *L, lineedit *le) {
  int interrupted;
  const char *line = le_read(le, PROMPT, &interrupted);
  if (line == NULL) {
    if (!interrupted) return -1;
    fputc('\n', stdout);
    return -2;
  }
  const char *typed = line;
  line = bare_word(line);
  if (line == NULL) {
    le_save(le, typed);
    return -1;
  }
  if (line[0] == '=') line++; /* lua 5.1 style "=expr" */
  lua_pushstring(L, line);
  const char *ret = lua_pushfstring(L, "return %s;", line);
  if (luaL_loadbuffer(L, ret, strlen(ret), CHUNK) == LUA_OK) {
    le_save(le, typed);
    lua_remove(L, -2);
    lua_remove(L, -2);
    return LUA_OK;
  }
  lua_pop(L, 2);
  return read_more(L, le);
}

/* }====================================================== */

/* {====================================================== evaluating */

/* Prints its arguments with talon.host.pretty's show (upvalue 1, may be nil),
 * tab-separated. */
static int repl_show(lua_State *L) {
  int n = lua_gettop(L);
  for (int i = 1; i <= n; i++) {
    if (lua_isfunction(L, lua_upvalueindex(1))) {
      lua_pushvalue(L, lua_upvalueindex(1));
      lua_pushvalue(L, i);
      lua_call(L, 1, 1);
    } else {
      luaL_tolstring(L, i, NULL);
    }
    size_t len;
    const char *s = lua_tolstring(L, -1, &len);
    if (s) fwrite(s, 1, len, stdout);
    fputs(i < n ? "\t" : "\n", stdout);
    lua_pop(L, 1);
  }
  fflush(stdout);
  return 0;
}

static void evaluate(lua_State *L, int show) {
  int base = lua_gettop(L); /* the chunk */
  if (tl_sandbox_pcall(L, 0, LUA_MULTRET, 0, TL_SB_SIGINT) != TL_SB_OK) {
    repl_report(L);
    return;
  }
  int n = lua_gettop(L) - base + 1;
  if (n > 0) {
    lua_pushvalue(L, show);
    lua_insert(L, base);
    if (tl_sandbox_pcall(L, n, 0, 0, TL_SB_SIGINT) != TL_SB_OK) repl_report(L);
  }
}

/* Pushes the printer: repl_show over talon.host.pretty.show when found. */
static void push_printer(lua_State *L) {
  lua_getglobal(L, "require");
  lua_pushliteral(L, "talon.host.pretty");
  if (tl_sandbox_pcall(L, 1, 1, 0, 0) == TL_SB_OK && lua_istable(L, -1)) {
    lua_getfield(L, -1, "show");
    lua_remove(L, -2);
  } else {
    lua_pop(L, 1);
    lua_pushnil(L);
  }
  lua_pushcclosure(L, repl_show, 1);
}

static void on_sigint(int sig) {
  (void)sig; /* only interrupts the read; evaluation blocks SIGINT */
}

static int editor_gc(lua_State *L) {
  lineedit **box = luaL_checkudata(L, 1, EDITOR);
  le_free(*box);
  *box = NULL;
  return 0;
}

/* Pushes a box that frees the line editor when collected. */
static lineedit **push_editor_box(lua_State *L) {
  lineedit **box = lua_newuserdatauv(L, sizeof *box, 0);
  *box = NULL;
  if (luaL_newmetatable(L, EDITOR)) {
    lua_pushcfunction(L, editor_gc);
    lua_setfield(L, -2, "__gc");
  }
  lua_setmetatable(L, -2);
  return box;
}

/* }====================================================== */

/* help(topic) and talon.play from the front end (talon.cli.help), over
 * the C help and the plain library when it is not found. */
static void install_helpers(lua_State *L) {
  lua_getglobal(L, "require");
  lua_pushliteral(L, "talon.cli.help");
  if (tl_sandbox_pcall(L, 1, 1, 0, 0) != TL_SB_OK) {
    lua_pop(L, 1);
    return;
  }
  lua_getfield(L, -1, "install");
  if (tl_sandbox_pcall(L, 0, 0, 0, 0) != TL_SB_OK) repl_report(L);
  lua_pop(L, 1);
}

static void print_banner(void) {
  printf("Talon %s (%s): card games in Lua. Type help for a guide, "
         "quit to leave.\n",
         TALON_VERSION, LUA_RELEASE);
}

int repl_run(lua_State *L) {
  char history[4096] = "";
  const char *home = getenv("HOME");
  if (home && *home)
    snprintf(history, sizeof history, "%s/.talon_history", home);
  lineedit **box = push_editor_box(L);
  *box = le_init("talon", history[0] ? history : NULL, repl_complete, L);
  if (*box == NULL) return luaL_error(L, "not enough memory");
  lineedit *le = *box;
  lua_pushcfunction(L, repl_help);
  lua_setglobal(L, "help");
  lua_pushcfunction(L, repl_quit);
  lua_setglobal(L, "quit");
  lua_pushcfunction(L, repl_quit);
  lua_setglobal(L, "exit");
  lua_getglobal(L, "require"); /* talon as a global, for convenience */
  lua_pushliteral(L, "talon");
  if (tl_sandbox_pcall(L, 1, 1, 0, 0) == TL_SB_OK)
    lua_setglobal(L, "talon");
  else
    repl_report(L);
  install_helpers(L);
  repl_set_style(L);
  push_printer(L);
  int show = lua_gettop(L);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint; /* no SA_RESTART: Ctrl-C ends the read */
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  if (le_interactive(le)) print_banner();
  int status;
  while (!quit_asked(L) && (status = read_statement(L, le)) != -1) {
    if (status == LUA_OK)
      evaluate(L, show);
    else if (status != -2)
      repl_report(L);
    lua_settop(L, show);
  }
  if (le_interactive(le)) fputc('\n', stdout);
  le_free(le);
  *box = NULL;
  return 0;
}
