/* Progress lines on stderr for long runs ("prog: 12.3 s: message"), off
 * unless progress_start() turns them on: at most one a second, except
 * those that end a phase, which are always written. */
#ifndef CRAWLUTILS_PROGRESS_H
#define CRAWLUTILS_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"

/* Start the clock; on: write the lines. */
void progress_start(bool on);
void progress_note(bool phase, const char *fmt, ...) DIAG_PRINTF(2, 3);
/* Whether the lines are written, and the seconds since the start. */
bool progress_enabled(void);
double progress_elapsed(void);
/* "N NOUN, X MB, R MB/s, D NOUN/s" into buf (cut to n bytes), bytes
 * read in secs; when total, the input size, is known (not 0): "X of T MB
 * (P%)", P rounded down, and while some but not all of it is read, ", ETA
 * M:SS" (H:MM:SS from an hour on) at the rate so far. */
void progress_rate(char *buf, size_t n, const char *noun, uintmax_t count,
    uintmax_t bytes, uintmax_t total, double secs);

#endif
