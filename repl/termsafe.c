/*
 * termsafe.c - the filter of termsafe.h, and the streams that apply it to
 * stdout and stderr (glibc's fopencookie).
 */
#define _GNU_SOURCE
#include "termsafe.h"
#include "asciify.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { GROUND, AFTER_ESC, IN_CSI, AFTER_C2 };

#define ESC 0x1b

void termsafe_init(termsafe *f, int allow_cr) {
  memset(f, 0, sizeof *f);
  f->state = GROUND;
  f->allow_cr = allow_cr;
}

/* Byte 'c' as Lua writes it in a string: "\27". */
static size_t escaped(unsigned char c, char *out) {
  size_t k = 0;
  out[k++] = '\\';
  if (c >= 100) out[k++] = (char)('0' + c / 100);
  if (c >= 10) out[k++] = (char)('0' + c / 10 % 10);
  out[k++] = (char)('0' + c % 10);
  return k;
}

/* The held bytes of a sequence that is not let through, as text. */
static size_t release(termsafe *f, char *out) {
  size_t k = 0;
  for (size_t i = 0; i < f->npend; i++) {
    unsigned char c = f->pend[i];
    if (c < 0x20 || c == 0x7f || c >= 0x80)
      k += escaped(c, out + k);
    else
      out[k++] = (char)c;
  }
  f->npend = 0;
  f->state = GROUND;
  return k;
}

static int is_param(unsigned char c) {
  return (c >= '0' && c <= '9') || c == ';' || c == ':';
}

/* The continuation bytes UTF-8 lead byte 'c' announces (0xC2, which may
 * start a C1 control, has a state of its own). */
static int lead_of(unsigned char c) {
  return c >= 0xc3 && c <= 0xdf   ? 1
         : c >= 0xe0 && c <= 0xef ? 2
         : c >= 0xf0 && c <= 0xf4 ? 3
                                  : 0;
}

/* One byte in the GROUND state. */
static size_t ground(termsafe *f, unsigned char c, char *out) {
  if (c >= 0x80 && c <= 0xbf) { /* a continuation byte, or a stray one */
    if (f->cont > 0) {
      f->cont--;
    } else if (c <= 0x9f) {
      return escaped(c, out); /* a C1 control as one byte */
    }
    out[0] = (char)c;
    return 1;
  }
  f->cont = lead_of(c);
  if (c == ESC || c == 0xc2) {
    f->pend[0] = c;
    f->npend = 1;
    f->state = c == ESC ? AFTER_ESC : AFTER_C2;
    return 0;
  }
  if ((c < 0x20 && c != '\n' && c != '\t' && !(c == '\r' && f->allow_cr)) ||
      c == 0x7f)
    return escaped(c, out);
  out[0] = (char)c;
  return 1;
}

/* {====================================================== ASCII mode */

/* A character cut short by a byte that cannot continue it: one '?'. */
static size_t cut_short(termsafe *f, char *out) {
  if (f->nu8 == 0) return 0;
  f->nu8 = 0;
  out[0] = '?';
  return 1;
}

/* The code point of the complete character in f->u8. */
static uint32_t decoded(const termsafe *f) {
  static const unsigned char lead_bits[] = {0, 0, 0x1f, 0x0f, 0x07};
  uint32_t cp = f->u8[0] & lead_bits[f->need];
  for (int i = 1; i < f->need; i++)
    cp = cp << 6 | (f->u8[i] & 0x3f);
  return cp;
}

/* One byte from 0x80 up in ASCII mode: a character is read whole, then
 * spelt (asciify.h); a C1 control is escaped as in the other mode. */
static size_t ascii_byte(termsafe *f, unsigned char c, char *out) {
  if (c <= 0xbf) {
    if (f->nu8 == 0) { /* no lead byte announced it */
      if (c <= 0x9f) return escaped(c, out);
      out[0] = '?';
      return 1;
    }
    f->u8[f->nu8++] = c;
    if (f->nu8 < f->need) return 0;
    f->nu8 = 0;
    uint32_t cp = decoded(f);
    if (cp <= 0x9f) { /* U+0080 … U+009F: a C1 control as UTF-8 */
      size_t k = escaped(f->u8[0], out);
      return k + escaped(c, out + k);
    }
    return (size_t)asciify(cp, out);
  }
  size_t k = cut_short(f, out);
  int more = c == 0xc2 ? 1 : lead_of(c);
  if (more == 0) { /* 0xC0, 0xC1, 0xF5 and up begin no character */
    out[k] = '?';
    return k + 1;
  }
  f->u8[0] = c;
  f->nu8 = 1;
  f->need = more + 1;
  return k;
}

/* }====================================================== */

static size_t held(termsafe *f, unsigned char c, char *out);

/* One byte, in whatever state the filter is. */
static size_t one_byte(termsafe *f, unsigned char c, char *out) {
  if (f->state != GROUND) return held(f, c, out);
  if (!f->ascii) return ground(f, c, out);
  if (c >= 0x80) return ascii_byte(f, c, out);
  size_t k = cut_short(f, out);
  return k + ground(f, c, out + k);
}

/* One byte after ESC, in a CSI sequence, or after 0xC2. */
static size_t held(termsafe *f, unsigned char c, char *out) {
  if (f->state == AFTER_C2) {
    if (c >= 0x80 && c <= 0x9f) { /* a C1 control, U+0080 to U+009F */
      f->pend[f->npend++] = c;
      return release(f, out);
    }
    out[0] = (char)0xc2;
    f->npend = 0;
    f->state = GROUND;
    f->cont = 1; /* 'c' may be its continuation, U+00A0 … U+00BF */
    return 1 + ground(f, c, out + 1);
  }
  if (f->state == AFTER_ESC && c == '[') {
    f->pend[f->npend++] = c;
    f->state = IN_CSI;
    return 0;
  }
  if (f->state == IN_CSI && is_param(c) && f->npend < TERMSAFE_PENDING - 1) {
    f->pend[f->npend++] = c;
    return 0;
  }
  if (f->state == IN_CSI && c == 'm') { /* SGR: colours, bold */
    memcpy(out, f->pend, f->npend);
    size_t k = f->npend;
    out[k++] = 'm';
    f->npend = 0;
    f->state = GROUND;
    return k;
  }
  size_t k = release(f, out);
  return k + one_byte(f, c, out + k);
}

size_t termsafe_filter(termsafe *f, const char *in, size_t n, char *out) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++)
    k += one_byte(f, (unsigned char)in[i], out + k);
  return k;
}

size_t termsafe_finish(termsafe *f, char *out) {
  size_t k = cut_short(f, out);
  return k + release(f, out + k);
}

/* {====================================================== the streams */

typedef struct stream {
  termsafe f;
  FILE *real;
} stream;

static ssize_t stream_write(void *cookie, const char *buf, size_t size) {
  stream *s = cookie;
  char out[4 * 1024 + 4 * TERMSAFE_PENDING];
  size_t done = 0;
  while (done < size) {
    size_t n = size - done < 1024 ? size - done : 1024;
    size_t k = termsafe_filter(&s->f, buf + done, n, out);
    if (k > 0 && fwrite(out, 1, k, s->real) != k)
      return done > 0 ? (ssize_t)done : -1;
    done += n;
  }
  fflush(s->real);
  return (ssize_t)size;
}

static int stream_close(void *cookie) {
  stream *s = cookie;
  char out[4 * TERMSAFE_PENDING];
  size_t k = termsafe_finish(&s->f, out);
  if (k > 0) fwrite(out, 1, k, s->real);
  fflush(s->real);
  free(s);
  return 0;
}

/* A filtering stream over 'real', buffered as 'mode' says; its filter is
 * left in '*filter'. */
static FILE *filtering(FILE *real, int allow_cr, int mode, termsafe **filter) {
  stream *s = malloc(sizeof *s);
  if (s == NULL) return NULL;
  termsafe_init(&s->f, allow_cr);
  s->real = real;
  cookie_io_functions_t io = {NULL, stream_write, NULL, stream_close};
  FILE *f = fopencookie(s, "w", io);
  if (f == NULL) {
    free(s);
    return NULL;
  }
  setvbuf(f, NULL, mode, BUFSIZ);
  *filter = &s->f;
  return f;
}

int termsafe_install(termsafe_streams *s) {
  s->out = s->err = NULL;
  int line = isatty(fileno(stdout));
  FILE *out = filtering(stdout, 0, line ? _IOLBF : _IOFBF, &s->fout);
  if (out == NULL) return -1;
  FILE *err = filtering(stderr, 1, _IONBF, &s->ferr);
  if (err == NULL) {
    fclose(out);
    return -1;
  }
  s->out = stdout;
  s->err = stderr;
  stdout = out;
  stderr = err;
  return 0;
}

/* Writes what filter 'f' holds of an unfinished sequence or character to
 * 'real', escaped (termsafe_finish), leaving it at the start of a stream:
 * a mode switch must not meet half a character read in the other mode. */
static void settle(termsafe *f, FILE *real) {
  char out[4 * TERMSAFE_PENDING + 4];
  size_t k = termsafe_finish(f, out);
  if (k > 0) fwrite(out, 1, k, real);
}

void termsafe_set_ascii(termsafe_streams *s, int on) {
  s->ascii = on != 0;
  if (s->out == NULL) return;
  fflush(stdout);
  fflush(stderr);
  settle(s->fout, s->out);
  settle(s->ferr, s->err);
  s->fout->ascii = s->ferr->ascii = s->ascii;
}

void termsafe_remove(termsafe_streams *s) {
  if (s->out == NULL) return;
  fclose(stdout);
  fclose(stderr);
  stdout = s->out;
  stderr = s->err;
  s->out = s->err = NULL;
}

/* }====================================================== */
