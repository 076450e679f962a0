/*
 * lineedit.c - line input for the REPL over libedit (see lineedit.h).
 *
 * A terminal gets libedit with history and TAB completion; anything else
 * (a pipe, a file) is read with getline and shows no prompt.
 */
#include "lineedit.h"

#include <errno.h>
#include <histedit.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

#define MAX_OFFERS 256

struct lineedit {
  EditLine *el; /* NULL when input is not a terminal */
  History *hist;
  char *history; /* history file, or NULL */
  const char *prompt;
  le_complete_fn complete;
  void *data;
  char *offers[MAX_OFFERS];
  int noffers;
  char *buf; /* plain input: getline's buffer */
  size_t bufsize;
  FILE *tty_out, *tty_err; /* libedit's own streams to the terminal */
};

static char *le_prompt(EditLine *el) {
  lineedit *le = NULL;
  el_get(el, EL_CLIENTDATA, &le);
  return (char *)(le && le->prompt ? le->prompt : "");
}

static int is_word_char(char c) {
  return c == '_' || c == '.' || c == ':' || (c >= 'a' && c <= 'z') ||
         (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

static size_t common_prefix(char *const *words, int n) {
  size_t len = strlen(words[0]);
  for (int i = 1; i < n; i++) {
    size_t k = 0;
    while (k < len && words[i][k] == words[0][k])
      k++;
    len = k;
  }
  return len;
}

static void clear_offers(lineedit *le) {
  for (int i = 0; i < le->noffers; i++)
    free(le->offers[i]);
  le->noffers = 0;
}

/* Inserts what all candidates share; lists them when that adds nothing. */
static unsigned char finish_completion(lineedit *le, EditLine *el,
                                       size_t wordlen) {
  if (le->noffers == 0) return CC_ERROR;
  size_t common = common_prefix(le->offers, le->noffers);
  if (common > wordlen) {
    char *rest = strndup(le->offers[0] + wordlen, common - wordlen);
    if (rest) el_insertstr(el, rest);
    free(rest);
    return CC_REFRESH;
  }
  if (le->noffers == 1) return CC_REFRESH;
  fputc('\n', stdout);
  for (int i = 0; i < le->noffers; i++)
    printf("%s%s", le->offers[i], i + 1 < le->noffers ? "  " : "\n");
  fflush(stdout);
  return CC_REDISPLAY;
}

static unsigned char le_on_tab(EditLine *el, int ch) {
  (void)ch;
  lineedit *le = NULL;
  el_get(el, EL_CLIENTDATA, &le);
  const LineInfo *li = el_line(el);
  const char *start = li->cursor;
  while (start > li->buffer && is_word_char(start[-1]))
    start--;
  size_t len = (size_t)(li->cursor - start);
  char word[256];
  if (le == NULL || le->complete == NULL || len >= sizeof word) return CC_ERROR;
  memcpy(word, start, len);
  word[len] = '\0';
  le->complete(le->data, word, le);
  unsigned char r = finish_completion(le, el, len);
  clear_offers(le);
  return r;
}

void le_offer(lineedit *le, const char *candidate) {
  if (le->noffers >= MAX_OFFERS) return;
  char *copy = strdup(candidate);
  if (copy) le->offers[le->noffers++] = copy;
}

/* A stream of its own on 'fd', or NULL. */
static FILE *own_stream(int fd) {
  int copy = dup(fd);
  if (copy < 0) return NULL;
  FILE *f = fdopen(copy, "w");
  if (f == NULL) close(copy);
  return f;
}

/* libedit writes to the terminal itself (the line, the cursor moves), on
 * streams of its own: stdout and stderr may be the program's filtering
 * streams (termsafe.h), which would show its control sequences as text. */
static void start_editline(lineedit *le, const char *prog) {
  le->tty_out = own_stream(STDOUT_FILENO);
  le->tty_err = own_stream(STDERR_FILENO);
  if (le->tty_out == NULL || le->tty_err == NULL) return;
  le->el = el_init(prog, stdin, le->tty_out, le->tty_err);
  if (le->el == NULL) return;
  el_set(le->el, EL_CLIENTDATA, le);
  el_set(le->el, EL_EDITOR, "emacs");
  el_set(le->el, EL_PROMPT, le_prompt);
  /* the wide call: libedit's narrow EL_ADDFN leaks copies of both names */
  el_wset(le->el, EL_ADDFN, L"talon-complete", L"complete a name", le_on_tab);
  el_set(le->el, EL_BIND, "^I", "talon-complete", NULL);
  le->hist = history_init();
  if (le->hist) {
    HistEvent ev;
    history(le->hist, &ev, H_SETSIZE, 1000);
    history(le->hist, &ev, H_SETUNIQUE, 1);
    if (le->history) history(le->hist, &ev, H_LOAD, le->history);
    el_set(le->el, EL_HIST, history, le->hist);
  }
  el_source(le->el, NULL);
}

lineedit *le_init(const char *prog, const char *history,
                  le_complete_fn complete, void *data) {
  lineedit *le = calloc(1, sizeof *le);
  if (le == NULL) return NULL;
  le->complete = complete;
  le->data = data;
  le->history = history ? strdup(history) : NULL;
  if (isatty(STDIN_FILENO)) start_editline(le, prog);
  return le;
}

const char *le_read(lineedit *le, const char *prompt, int *interrupted) {
  *interrupted = 0;
  if (le->el == NULL) {
    ssize_t n = getline(&le->buf, &le->bufsize, stdin);
    if (n < 0) return NULL;
    if (n > 0 && le->buf[n - 1] == '\n') le->buf[n - 1] = '\0';
    return le->buf;
  }
  le->prompt = prompt;
  int count = 0;
  errno = 0;
  const char *line = el_gets(le->el, &count);
  if (line == NULL || count <= 0) {
    *interrupted = count < 0 && errno == EINTR;
    return NULL;
  }
  free(le->buf); /* keep a copy without the newline */
  le->buf = strdup(line);
  if (le->buf == NULL) return NULL;
  size_t n = strlen(le->buf);
  if (n > 0 && le->buf[n - 1] == '\n') le->buf[n - 1] = '\0';
  return le->buf;
}

void le_save(lineedit *le, const char *line) {
  if (le->hist == NULL || line[0] == '\0') return;
  HistEvent ev;
  history(le->hist, &ev, H_ENTER, line);
  if (le->history) history(le->hist, &ev, H_SAVE, le->history);
}

int le_interactive(const lineedit *le) {
  return le->el != NULL;
}

void le_free(lineedit *le) {
  if (le == NULL) return;
  clear_offers(le);
  if (le->el) el_end(le->el);
  if (le->hist) history_end(le->hist);
  if (le->tty_out) fclose(le->tty_out);
  if (le->tty_err) fclose(le->tty_err);
  free(le->history);
  free(le->buf);
  free(le);
}
