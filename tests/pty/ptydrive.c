/*
 * ptydrive.c - runs a program in a pseudo-terminal and types at it, for the
 * tests of what only a terminal shows: line editing, Ctrl-C at a prompt,
 * Ctrl-D. An "expect" script waits for text instead of sleeping, so the
 * tests hold on a loaded machine.
 *
 *   ptydrive [-t SECONDS] -- PROGRAM [ARGS...]   < SCRIPT
 *
 * SCRIPT lines (from standard input):
 *   expect TEXT   wait until the output after the last match holds TEXT
 *   send TEXT     type TEXT; \n \r \t \\ \e and \xHH are escapes (\x03 is
 *                 Ctrl-C, \x04 Ctrl-D, \e[A the up arrow)
 *   sleep MS      wait MS milliseconds
 *   ready         wait until the program reads keys one by one (the line
 *                 editor has taken the terminal out of canonical mode), so
 *                 keys sent next are edited, not echoed by the terminal
 * After the script the program's exit is awaited. Everything the program
 * printed goes to standard output, then a line "[exit N]" (or "[signal
 * N]"). Exit code: 0, or 3 when an expect or the exit timed out (the
 * missing text is named on standard error), 2 on a usage or system error.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#define OUT_MAX (1 << 22)

typedef struct session {
  int master;
  pid_t child;
  char *out; /* everything read so far, NUL-terminated */
  size_t len, mark;
  double deadline_s;
  int exited, status;
} session;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads what is there within 'ms' milliseconds; 0 at end of output. */
static int pump(session *s, int ms) {
  struct pollfd p = {s->master, POLLIN, 0};
  int r = poll(&p, 1, ms);
  if (r <= 0) return r == 0 || errno == EINTR;
  char buf[4096];
  ssize_t n = read(s->master, buf, sizeof buf);
  if (n <= 0) return 0; /* EIO: the child closed the terminal */
  if (s->len + (size_t)n >= OUT_MAX) return 0;
  memcpy(s->out + s->len, buf, (size_t)n);
  s->len += (size_t)n;
  s->out[s->len] = '\0';
  return 1;
}

static int expect(session *s, const char *text) {
  double end = now_s() + s->deadline_s;
  for (;;) {
    const char *at = strstr(s->out + s->mark, text);
    if (at) {
      s->mark = (size_t)(at - s->out) + strlen(text);
      return 1;
    }
    if (now_s() > end || !pump(s, 100)) {
      fprintf(stderr, "ptydrive: no '%s' in the output\n", text);
      return 0;
    }
  }
}

static int hex(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Decodes the escapes of 'in' into 'out' (no longer than 'in'). */
static size_t unescape(const char *in, char *out) {
  size_t n = 0;
  for (; *in; in++) {
    if (*in != '\\' || in[1] == '\0') {
      out[n++] = *in;
      continue;
    }
    char c = *++in;
    if (c == 'n')
      out[n++] = '\n';
    else if (c == 'r')
      out[n++] = '\r';
    else if (c == 't')
      out[n++] = '\t';
    else if (c == 'e')
      out[n++] = 27;
    else if (c == 'x' && hex(in[1]) >= 0 && hex(in[2]) >= 0) {
      out[n++] = (char)(hex(in[1]) * 16 + hex(in[2]));
      in += 2;
    } else
      out[n++] = c;
  }
  return n;
}

static void send_text(session *s, const char *text) {
  char buf[1024];
  size_t n = unescape(text, buf);
  for (size_t i = 0; i < n;) {
    ssize_t w = write(s->master, buf + i, n - i);
    if (w <= 0 && errno != EINTR) return;
    if (w > 0) i += (size_t)w;
  }
}

static void sleep_ms(session *s, long ms) {
  double end = now_s() + (double)ms / 1000.0;
  while (now_s() < end)
    if (!pump(s, 20)) break;
}

/* Waits until the terminal leaves canonical mode; 0 on a timeout. On Linux
 * the master reads the slave's settings. */
static int ready(session *s) {
  double end = now_s() + s->deadline_s;
  struct termios tio;
  while (now_s() < end) {
    if (tcgetattr(s->master, &tio) == 0 && !(tio.c_lflag & ICANON)) return 1;
    pump(s, 10);
  }
  fputs("ptydrive: the program never read keys one by one\n", stderr);
  return 0;
}

/* Runs the script on standard input; 0 when an expect failed. */
static int run_script(session *s) {
  char line[1100];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = '\0';
    if (!strncmp(line, "expect ", 7)) {
      if (!expect(s, line + 7)) return 0;
    } else if (!strncmp(line, "send ", 5)) {
      send_text(s, line + 5);
    } else if (!strcmp(line, "ready")) {
      if (!ready(s)) return 0;
    } else if (!strncmp(line, "sleep ", 6)) {
      sleep_ms(s, strtol(line + 6, NULL, 10));
    } else if (line[0] != '\0' && line[0] != '#') {
      fprintf(stderr, "ptydrive: unknown script line '%s'\n", line);
      return 0;
    }
  }
  return 1;
}

/* Drains the output and waits for the child; 0 on a timeout. */
static int finish(session *s) {
  double end = now_s() + s->deadline_s;
  while (now_s() < end) {
    int more = pump(s, 50);
    if (!s->exited && waitpid(s->child, &s->status, WNOHANG) == s->child)
      s->exited = 1;
    if (s->exited && !more) return 1;
  }
  fputs("ptydrive: the program did not end\n", stderr);
  return 0;
}

static pid_t spawn(int master, char **argv) {
  const char *name = ptsname(master);
  pid_t pid = fork();
  if (pid != 0) return pid;
  setsid();
  int slave = name ? open(name, O_RDWR) : -1;
  if (slave < 0) _exit(127);
  ioctl(slave, TIOCSCTTY, 0);
  struct winsize ws = {24, 80, 0, 0};
  ioctl(slave, TIOCSWINSZ, &ws);
  dup2(slave, 0);
  dup2(slave, 1);
  dup2(slave, 2);
  if (slave > 2) close(slave);
  close(master);
  signal(SIGINT, SIG_DFL);
  execvp(argv[0], argv);
  _exit(127);
}

int main(int argc, char **argv) {
  session s = {.deadline_s = 60};
  int i = 1;
  if (i + 1 < argc && !strcmp(argv[i], "-t")) {
    s.deadline_s = strtod(argv[i + 1], NULL);
    i += 2;
  }
  if (i < argc && !strcmp(argv[i], "--")) i++;
  if (i >= argc) {
    fputs("usage: ptydrive [-t SECONDS] -- PROGRAM [ARGS...] < SCRIPT\n",
          stderr);
    return 2;
  }
  s.out = calloc(OUT_MAX, 1);
  s.master = posix_openpt(O_RDWR | O_NOCTTY);
  if (s.out == NULL || s.master < 0 || grantpt(s.master) != 0 ||
      unlockpt(s.master) != 0) {
    perror("ptydrive");
    return 2;
  }
  s.child = spawn(s.master, argv + i);
  if (s.child < 0) {
    perror("ptydrive");
    return 2;
  }
  int ok = run_script(&s);
  if (!ok) s.deadline_s = 1; /* the program may wait for input forever */
  ok = finish(&s) && ok;
  if (!s.exited) {
    kill(s.child, SIGKILL);
    waitpid(s.child, &s.status, 0);
  }
  fwrite(s.out, 1, s.len, stdout);
  if (WIFEXITED(s.status))
    printf("\n[exit %d]\n", WEXITSTATUS(s.status));
  else
    printf("\n[signal %d]\n", WIFSIGNALED(s.status) ? WTERMSIG(s.status) : 0);
  free(s.out);
  return ok ? 0 : 3;
}
