/* Work shared among threads: fn(arg + i * size) for each i below nw,
 * on nw - 1 new threads and the calling one.  A thread that cannot be
 * started has its share done by the caller, so the work is always done.
 * Threads are POSIX threads, part of the C library. */
#ifndef CRAWLUTILS_PAR_H
#define CRAWLUTILS_PAR_H

#include <stddef.h>

#define PAR_MAXTHREADS	64

void par_run(void *(*fn)(void *), void *arg, size_t size, unsigned nw);

#endif
