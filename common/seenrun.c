#define _DEFAULT_SOURCE		/* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomicfile.h"
#include "cli.h"
#include "diag.h"
#include "seenrun.h"
#include "xalloc.h"

double
seenrun_rate(const char *arg)
{
	char *end;
	double p;

	errno = 0;
	p = strtod(arg, &end);
	if (!(arg[0] == '.' || (arg[0] >= '0' && arg[0] <= '9')) ||
	    *end != '\0' || errno == ERANGE ||
	    !(p >= SEENRUN_MIN_RATE && p <= 0.5))
		cli_usage_error("-p: '%s' is not a rate from %g to 0.5",
		    arg, SEENRUN_MIN_RATE);
	return p;
}

bool
seenrun_option(struct seenrun *run, int ch, const char *arg)
{
	switch (ch) {
	case 'n':
		run->capacity = cli_count("-n", arg, SEENRUN_MAX_CAPACITY);
		run->capacity_given = true;
		return true;
	case 'p':
		run->rate = seenrun_rate(arg);
		run->rate_given = true;
		return true;
	case SEENRUN_OPT_EXACT:
		run->exact = true;
		return true;
	case SEENRUN_OPT_STATE:
		run->state_arg = arg;
		return true;
	case SEENRUN_OPT_NO_WAIT:
		run->nowait = true;
		return true;
	}
	return false;
}

void
seenrun_check(const struct seenrun *run)
{
	if (run->exact && run->rate_given)
		cli_usage_error("-p does not apply to --exact, which has no "
		    "false positives");
	if (run->nowait && run->state_arg == NULL)
		cli_usage_error("--no-wait works only with --state");
	if (run->state_arg != NULL && run->state_arg[0] == '\0')
		cli_usage_error("--state: the file name is empty");
}

static void
new_state(struct seenrun *run)
{
	if (run->exact) {
		run->st.kind = SEENSTATE_EXACT;
		/* Size the table up front only when asked: the default
		 * 10M would cost 128 MiB before the first key. */
		keyset_init(&run->st.exact, run->capacity_given ?
		    (size_t)run->capacity : 0);
	} else {
		run->st.kind = SEENSTATE_BLOOM;
		bloom_init_probes(&run->st.bloom, run->capacity, run->rate,
		    run->max_probes);
	}
	run->changed = true;
}

static void
warn_capacity(struct seenrun *run, const char *where)
{
	run->warned = true;
	diag_warn("%s: the filter holds more keys than the %llu it was sized "
	    "for (-n): its false-positive rate is now above %g", where,
	    (unsigned long long)run->st.bloom.capacity, run->st.bloom.rate);
}

/* The state in the file agrees with the options, or we stop. */
static void
agree(struct seenrun *run)
{
	const struct bloom *b = &run->st.bloom;
	const char *arg = run->state_arg;

	if (run->st.kind == SEENSTATE_EXACT) {
		if (run->rate_given)
			diag_fatal("%s: holds an exact set, which has no "
			    "false-positive rate: leave out -p", arg);
		run->exact = true;
		return;
	}
	if (run->exact)
		diag_fatal("%s: holds a Bloom filter, not an exact set: leave "
		    "out --exact, or name another state file", arg);
	if (run->capacity_given && run->capacity != b->capacity)
		diag_fatal("%s: the filter was sized for -n %llu, not %llu: "
		    "leave out -n and -p to use it as it is", arg,
		    (unsigned long long)b->capacity, run->capacity);
	if (run->rate_given && run->rate != b->rate)
		diag_fatal("%s: the filter was sized for -p %.15g, not %.15g: "
		    "leave out -n and -p to use it as it is", arg, b->rate,
		    run->rate);
	if (b->count > b->capacity)
		warn_capacity(run, arg);
}

static void
lock_state(const struct seenrun *run)
{
	size_t n = strlen(run->state_path);
	char *lock = xmalloc(n + sizeof ".lock");
	int fd;

	memcpy(lock, run->state_path, n);
	memcpy(lock + n, ".lock", sizeof ".lock");
	/* The descriptor stays open, and the lock held, until we exit. */
	fd = atomicfile_lock(lock, false);
	if (fd < 0 && errno == EWOULDBLOCK) {
		if (run->nowait)
			diag_fatal("%s: in use by another run (--no-wait)",
			    run->state_arg);
		if (cli.verbose)
			diag_warn("%s: waiting for another run to finish",
			    run->state_arg);
		fd = atomicfile_lock(lock, true);
	}
	if (fd < 0)
		diag_fatal("%s: cannot lock %s: %s", run->state_arg, lock,
		    strerror(errno));
	free(lock);
}

/* Each probe of a Bloom filter larger than the cache is a TLB miss too
 * on 4 KB pages; on 2 MB pages seenlines' default filter (25 MB) took a
 * quarter less time.  But every page a key touches is then 2 MB: the
 * whole filter is resident after a few keys, so seen, whose filters are
 * often sized far above the keys they get, does not ask for it. */
static void
advise(const struct seenrun *run)
{
	if (run->huge_pages && run->st.kind == SEENSTATE_BLOOM)
		xalloc_huge(run->st.bloom.bits, (size_t)(run->st.bloom.m / 8));
}

static void open_state(struct seenrun *run);

void
seenrun_open(struct seenrun *run)
{
	open_state(run);
	advise(run);
}

static void
open_state(struct seenrun *run)
{
	const char *arg = run->state_arg;
	struct stat sb;
	char err[256];
	int fd;

	if (arg == NULL) {
		new_state(run);
		return;
	}
	run->state_path = realpath(arg, NULL);
	if (run->state_path == NULL && (run->state_path = strdup(arg)) == NULL)
		diag_fatal("out of memory");
	/* A run that changes nothing needs no lock. */
	if (!run->readonly)
		lock_state(run);
	if ((fd = open(run->state_path, O_RDONLY | O_CLOEXEC)) < 0) {
		if (errno == ENOENT && !run->readonly) {
			new_state(run);
			return;
		}
		diag_fatal("%s: %s", arg, strerror(errno));
	}
	if (fstat(fd, &sb) < 0)
		diag_fatal("%s: %s", arg, strerror(errno));
	if (!S_ISREG(sb.st_mode))
		diag_fatal("%s: not a regular file", arg);
	if (!seenstate_read(fd, (unsigned long long)sb.st_size, &run->st, err,
	    sizeof err))
		diag_fatal("%s: %s", arg, err);
	close(fd);
	agree(run);
}

bool
seenrun_test(const struct seenrun *run, const void *key, size_t len)
{
	if (run->st.kind == SEENSTATE_EXACT)
		return keyset_contains(&run->st.exact, key, len);
	return bloom_test(&run->st.bloom, key, len);
}

void
seenrun_prefetch(const struct seenrun *run, const void *key, size_t len)
{
	if (run->st.kind == SEENSTATE_BLOOM)
		bloom_prefetch(&run->st.bloom, key, len);
}

bool
seenrun_add(struct seenrun *run, const void *key, size_t len,
    const char *file, uintmax_t line)
{
	bool isnew;

	if (run->st.kind == SEENSTATE_EXACT)
		isnew = keyset_add(&run->st.exact, key, len);
	else {
		isnew = bloom_add(&run->st.bloom, key, len);
		if (isnew && !run->warned &&
		    run->st.bloom.count > run->st.bloom.capacity) {
			char where[PATH_MAX + 32];

			snprintf(where, sizeof where, "%s:%ju", file, line);
			warn_capacity(run, where);
		}
	}
	run->changed |= isnew;
	return isnew;
}

/* n bytes for a person: "512 bytes", "11.4 MiB". */
static const char *
human(double n, char *buf, size_t cap)
{
	static const char *unit[] = { "KiB", "MiB", "GiB", "TiB" };
	int u = -1;

	if (n < 1024) {
		snprintf(buf, cap, "%.0f bytes", n);
		return buf;
	}
	while (n >= 1024 && u < 3) {
		n /= 1024;
		u++;
	}
	snprintf(buf, cap, "%.1f %s", n, unit[u]);
	return buf;
}

void
seenrun_report(const struct seenrun *run)
{
	const struct bloom *b = &run->st.bloom;
	char mem[32];

	if (run->st.kind == SEENSTATE_EXACT) {
		size_t size = keyset_memory(&run->st.exact);
		size_t count = run->st.exact.count;

		diag_warn("exact set: %zu keys in %s, %.1f bytes a key", count,
		    human((double)size, mem, sizeof mem),
		    count ? (double)size / (double)count : 0.0);
		return;
	}
	diag_warn("Bloom filter: %llu bits (%s), %u probes, %llu keys "
	    "of the %llu it was sized for, fill %.3g, false-positive rate "
	    "now %.3g%s", (unsigned long long)b->m,
	    human((double)(b->m / 8), mem, sizeof mem), b->k,
	    (unsigned long long)b->count, (unsigned long long)b->capacity,
	    (double)bloom_popcount(b) / (double)b->m, bloom_fp_rate(b),
	    run->warned ? ": over capacity, above the rate asked for" : "");
}

static bool
write_state(int fd, void *ctx)
{
	return seenstate_write(fd, ctx);
}

int
seenrun_close(struct seenrun *run)
{
	const char *step;
	int status = 0;

	if (run->state_arg != NULL && !run->readonly && run->changed &&
	    !atomicfile_replace(run->state_path, write_state, &run->st,
	    &step)) {
		if (strcmp(step, "fsync the directory") == 0)
			diag_warn("%s: saved, but it may not survive a crash: "
			    "%s: %s", run->state_arg, step, strerror(errno));
		else
			diag_warn("%s: not saved, the file is unchanged: %s: "
			    "%s", run->state_arg, step, strerror(errno));
		status = 2;
	}
	seenstate_free(&run->st);
	free(run->state_path);
	run->state_path = NULL;
	return status;
}
