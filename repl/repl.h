/*
 * repl.h - pieces of the talon program shared by main.c and repl.c.
 */
#ifndef TALON_REPL_H
#define TALON_REPL_H

#include <lua.h>

/* Runs the interactive loop until end of input; returns the exit code.
 * Called inside the protected main, with the libraries set up. */
int repl_run(lua_State *L);

/* Chooses how cards print: "color" on a terminal in a UTF-8 locale unless
 * NO_COLOR is set or TERM is dumb, else "unicode" in a UTF-8 locale, else
 * "ascii" (the locale: the first of LC_ALL, LC_CTYPE, LANG that is set);
 * applies it with talon.style (failures are ignored). */
void repl_set_style(lua_State *L);

/* Prints "talon: <message>" for the value on top of the stack to stderr
 * and pops it. */
void repl_report(lua_State *L);

/* The opener of the module "talon.cli.prompt" (repl/prompt.c): line input
 * for the Lua front end, where Ctrl-C clears the line. */
int repl_open_prompt(lua_State *L);

/* The opener of the module "talon.host.fs" (repl/fs.c): the kind of a
 * path, for the host's file writes. */
int repl_open_fs(lua_State *L);

#endif
