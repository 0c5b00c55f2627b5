/* Files replaced whole, never seen half-written, and runs that take turns.
 *
 * atomicfile_replace writes a new version of a file into a temporary file
 * in the same directory (PATH.tmp-XXXXXX, mode that of the old file, or 0666
 * less the umask), flushes it to disk (fsync), renames it over PATH and
 * flushes the directory.  A crash or kill at any point leaves either the
 * old file or the new one at PATH.  If the writing fails, the temporary
 * file is removed and PATH is untouched; so it is when SIGHUP, SIGINT or
 * SIGTERM arrives while it is written (the signal then does what it would
 * have done).  Only SIGKILL or a crash can leave a temporary file behind.
 *
 * atomicfile_lock takes an exclusive flock(2) on PATH, creating it if need
 * be.  It is a file of its own, never replaced, since a lock on a file that is
 * renamed over would lock the old version only. */
#ifndef CRAWLUTILS_ATOMICFILE_H
#define CRAWLUTILS_ATOMICFILE_H

#include <stdbool.h>

/* The descriptor holding the lock (keep it open as long as the lock is
 * needed), or -1 with errno set: EWOULDBLOCK when wait is false and
 * another process holds it. */
int atomicfile_lock(const char *path, bool wait);

/* Replace path with what writer(fd, ctx) writes; writer returns false
 * with errno set on failure.  False with errno set, and *step naming what
 * failed ("write", "fsync", "rename", ...), if the file could not be
 * replaced: path is then untouched, except when the step is "fsync the
 * directory", which comes after the rename. */
bool atomicfile_replace(const char *path, bool (*writer)(int fd, void *ctx),
    void *ctx, const char **step);

#endif
