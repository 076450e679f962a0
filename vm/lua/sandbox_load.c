/*
 * sandbox_load.c - the text-only loader for game files (tl_sandbox_load).
 *
 * Game, variant, bot and record files are loaded as text: a precompiled
 * chunk is refused, since bytecode is not checked by the VM. A UTF-8 BOM
 * and a leading '#' line are skipped with line numbers kept. The chunk's
 * environment is the caller's business (talon.sandbox.load sets it).
 *
 * Lua's parser takes time quadratic in some constructs (a chain of "or",
 * of "elseif": every jump is appended by walking the list), and no budget
 * can stop it, so a file is refused beyond TL_SANDBOX_MAX_SOURCE bytes:
 * the worst such file then parses in under a second, and the largest
 * shipped game file is a seventh of it.
 */
#include "sandbox.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <lauxlib.h> /* LUA_ERRFILE */

typedef struct text_reader {
  FILE *f;
  int pending;   /* a character read ahead while skipping a BOM or '#' line */
  size_t total;  /* bytes handed to the parser */
  int too_large; /* the file goes on past TL_SANDBOX_MAX_SOURCE */
  char buf[4096];
} text_reader;

static const char *read_text(lua_State *L, void *ud, size_t *size) {
  (void)L;
  text_reader *r = ud;
  size_t n = 0;
  if (r->pending != EOF) {
    r->buf[n++] = (char)r->pending;
    r->pending = EOF;
  }
  n += fread(r->buf + n, 1, sizeof r->buf - n, r->f);
  if (n > TL_SANDBOX_MAX_SOURCE - r->total) { /* the parser stops here */
    r->too_large = 1;
    n = 0;
  }
  r->total += n;
  *size = n;
  return n > 0 ? r->buf : NULL;
}

/* Skips a UTF-8 BOM and a first line starting with '#', keeping its
 * newline so that line numbers stay right. */
static void skip_prefix(text_reader *r) {
  int c = getc(r->f);
  if (c == 0xEF && getc(r->f) == 0xBB && getc(r->f) == 0xBF) c = getc(r->f);
  if (c == '#') {
    while (c != EOF && c != '\n')
      c = getc(r->f);
  }
  r->pending = c;
}

int tl_sandbox_load(lua_State *L, const char *path, const char *chunkname) {
  const char *name = chunkname ? chunkname : path;
  lua_pushfstring(L, "@%s", name);
  text_reader *r = lua_newuserdatauv(L, sizeof *r, 0);
  r->f = fopen(path, "rb");
  if (r->f == NULL) {
    lua_pushfstring(L, "cannot open %s: %s", name, strerror(errno));
    lua_replace(L, -3);
    lua_pop(L, 1);
    return LUA_ERRFILE;
  }
  r->total = 0;
  r->too_large = 0;
  skip_prefix(r);
  int status = lua_load(L, read_text, r, lua_tostring(L, -2), "t");
  int failed_read = ferror(r->f);
  fclose(r->f);
  if (r->too_large) {
    lua_pushfstring(L, "%s: a game file has at most %d KiB", name,
                    (int)(TL_SANDBOX_MAX_SOURCE >> 10));
    status = LUA_ERRFILE;
  } else if (status == LUA_OK && failed_read) {
    lua_pushfstring(L, "cannot read %s", name);
    status = LUA_ERRFILE;
  } else if (status != LUA_OK &&
             strncmp(lua_tostring(L, -1), name, strlen(name)) != 0) {
    lua_pushfstring(L, "%s: %s", name, lua_tostring(L, -1));
  } else {
    lua_pushvalue(L, -1);
  }
  lua_replace(L, -4); /* stack: result "@name" reader value -> result */
  lua_pop(L, 2);
  return status;
}
