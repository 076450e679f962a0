/*
 * termsafe.h - what the program prints reaches a terminal as text.
 *
 * A game file may come from anyone, and the program prints its texts:
 * names, rules, event sentences, error messages. A terminal obeys the
 * control sequences in what it is sent (move the cursor, clear the
 * screen, set the title, write the clipboard with OSC 52), so a game
 * could make the table lie or plant a command for the user to paste.
 * The filter lets text, newlines, tabs and SGR sequences (ESC [ digits
 * and ';' then 'm': the colours and bold the program itself prints)
 * through, and shows every other control character or sequence as its
 * escape, in Lua's notation: "\27]52;c;…\7". The C1 controls are caught
 * both as UTF-8 (0xC2 0x80 … 0x9F) and as single bytes 0x80 … 0x9F that
 * no UTF-8 lead byte announced (a terminal set for 8-bit controls obeys
 * them).
 *
 * For a terminal that shows ASCII only (`--ascii`, a locale without
 * UTF-8) the filter also spells every character beyond ASCII in ASCII
 * (asciify.h): the table's box lines, dashes, a game's suit glyphs.
 */
#ifndef TALON_TERMSAFE_H
#define TALON_TERMSAFE_H

#include <stddef.h>
#include <stdio.h>

#define TERMSAFE_PENDING 32 /* longest SGR sequence let through */

/* The filter's position in a byte stream: a sequence may be split across
 * writes. */
typedef struct termsafe {
  unsigned char pend[TERMSAFE_PENDING];
  size_t npend;
  int state;           /* within a sequence, or after a lead byte 0xC2 */
  int cont;            /* continuation bytes a UTF-8 lead byte still expects */
  int allow_cr;        /* carriage returns pass (the progress bar on stderr) */
  int ascii;           /* characters beyond ASCII are spelt in ASCII */
  unsigned char u8[4]; /* in ASCII mode: the character being read */
  int nu8, need;       /* its bytes read, and its length */
} termsafe;

/* A filter at the start of a stream. */
void termsafe_init(termsafe *f, int allow_cr);

/* Filters 'n' bytes of 'in', writing at most 4 * n + TERMSAFE_PENDING * 4
 * bytes to 'out'; returns the number written. Bytes of an unfinished
 * sequence are held for the next call. */
size_t termsafe_filter(termsafe *f, const char *in, size_t n, char *out);

/* Writes what an unfinished sequence held, escaped; returns the number of
 * bytes written to 'out' (at most TERMSAFE_PENDING * 4). */
size_t termsafe_finish(termsafe *f, char *out);

/* The registry field that holds the program's termsafe_streams (a light
 * userdata) while the command runs. */
#define TERMSAFE_STREAMS "talon.termsafe.streams"

/* The program's real output streams, while stdout and stderr filter. */
typedef struct termsafe_streams {
  FILE *out, *err;       /* the real ones, or NULL when nothing was installed */
  termsafe *fout, *ferr; /* the filters of the installed streams */
  int ascii;             /* what termsafe_set_ascii last said */
} termsafe_streams;

/* Replaces stdout and stderr by filtering streams writing to the real
 * ones (kept in 's'); returns 0, or -1 (nothing changed) when a stream
 * cannot be made. Call before the first output. */
int termsafe_install(termsafe_streams *s);

/* Spells characters beyond ASCII in ASCII from now on in both streams
 * (on = 1), or lets them through (0); output already written is flushed
 * first, and a sequence or character left unfinished is written escaped.
 * Without installed streams it only records the choice. */
void termsafe_set_ascii(termsafe_streams *s, int on);

/* Flushes and closes the filtering streams and restores the real ones. */
void termsafe_remove(termsafe_streams *s);

#endif
