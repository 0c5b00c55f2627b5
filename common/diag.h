/* Diagnostics on stderr, one line each, prefixed with the program name:
 *   prog: message                  (diag_warn, diag_fatal)
 *   prog: file:line: message       (diag_record; silenced by diag_quiet)
 * Each message reaches stderr in one write so parallel jobs do not
 * interleave halves of lines. */
#ifndef CRAWLUTILS_DIAG_H
#define CRAWLUTILS_DIAG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__GNUC__)
#define DIAG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DIAG_PRINTF(f, a)
#endif

extern const char *progname;
extern bool diag_quiet;		/* -q: no per-record messages */

void diag_init(const char *name);
void diag_warn(const char *fmt, ...) DIAG_PRINTF(1, 2);
void diag_record(const char *file, uintmax_t line, const char *fmt, ...)
    DIAG_PRINTF(3, 4);
_Noreturn void diag_fatal(const char *fmt, ...) DIAG_PRINTF(1, 2);

/* A short printable form of field bytes for a message: at most about 40
 * characters, other bytes as \xNN, "..." when cut.  Returns out. */
char *diag_quote(const char *p, size_t n, char *out, size_t cap);
#define DIAG_QUOTE_MAX	200

#endif
