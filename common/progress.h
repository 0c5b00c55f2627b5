/* Progress lines on stderr for long runs ("prog: 12.3 s: message"), off
 * unless progress_start() turns them on: at most one a second, except
 * those that end a phase, which are always written. */
#ifndef CRAWLUTILS_PROGRESS_H
#define CRAWLUTILS_PROGRESS_H

#include <stdbool.h>

#include "diag.h"

/* Start the clock; on: write the lines. */
void progress_start(bool on);
void progress_note(bool phase, const char *fmt, ...) DIAG_PRINTF(2, 3);

#endif
