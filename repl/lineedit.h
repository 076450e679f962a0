/*
 * lineedit.h - the REPL's line input: four functions over libedit.
 *
 * On a terminal, lines are edited with libedit (emacs keys, ~/.editrc),
 * kept in a history file and completed with TAB through a callback. When
 * standard input is not a terminal, lines are read plainly and no prompt
 * is printed, so tests can drive the REPL through a pipe.
 */
#ifndef TALON_LINEEDIT_H
#define TALON_LINEEDIT_H

typedef struct lineedit lineedit;

/* Called on TAB with the word before the cursor (letters, digits, '_',
 * '.', ':'); offers each full candidate word with le_offer. */
typedef void (*le_complete_fn)(void *data, const char *word, lineedit *le);

/* Starts line input for program 'prog'. 'history' is the history file
 * (NULL: none; failures to read or write it are ignored); 'complete' may be
 * NULL. Returns NULL only when out of memory. */
lineedit *le_init(const char *prog, const char *history,
                  le_complete_fn complete, void *data);

/* Reads one line (without its newline) after showing 'prompt' on a
 * terminal. The text is owned by 'le' and valid until the next call.
 * Returns NULL at end of input; then *interrupted is 1 if Ctrl-C ended
 * the line (the caller should simply read again), else 0. */
const char *le_read(lineedit *le, const char *prompt, int *interrupted);

/* Adds a line to the history and writes the history file. */
void le_save(lineedit *le, const char *line);

/* Ends line input and frees 'le' (NULL is allowed). */
void le_free(lineedit *le);

/* For completion callbacks: offers one candidate word. */
void le_offer(lineedit *le, const char *candidate);

/* 1 when lines come from a terminal (prompts are shown). */
int le_interactive(const lineedit *le);

#endif
