/* seen — write each record whose key was not seen before: a streaming
 * first-occurrence filter, with a Bloom filter or an exact set that can
 * be kept in a state file from one run to the next. */
#define _DEFAULT_SOURCE		/* realpath */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomicfile.h"
#include "buf.h"
#include "cli.h"
#include "escape.h"
#include "seenstate.h"
#include "stream.h"

static const char help[] =
"Usage: seen [-d] [-f N] [-n COUNT] [-p RATE] [--exact]\n"
"            [--state FILE [--no-wait]] [options] [file ...]\n"
"Write each record whose key, a field, was not seen before, in input order\n"
"as the records stream.  The keys are kept in a Bloom filter of fixed size,\n"
"which takes a new key for a seen one with probability RATE, or with\n"
"--exact in a set of the keys themselves; with --state, from run to run.\n"
"\n"
"  -f, --field N        the key field: 1 is the first (default), -1 the last\n"
"  -n, --capacity COUNT the number of keys to size the filter for (default\n"
"                       10M; k, M and G stand for 10^3, 10^6 and 10^9)\n"
"  -p, --fp-rate RATE   the false-positive rate at COUNT keys (default 0.01)\n"
"      --exact          keep the keys themselves: no false positives, but\n"
"                       memory grows with the keys\n"
"      --state FILE     start from the keys in FILE if it exists, and save\n"
"                       them there at the end, atomically; FILE.lock makes\n"
"                       other runs on FILE wait\n"
"      --no-wait        with --state: fail at once if another run has FILE\n"
"  -d, --duplicates     write the records whose key was seen before instead;\n"
"                       FILE is then read but not changed\n"
CLI_HELP_COMMON;

enum { OPT_EXACT = OPT_PROGRAM, OPT_STATE, OPT_NO_WAIT };

static const struct option longopts[] = {
	{ "field",	required_argument,	NULL, 'f' },
	{ "capacity",	required_argument,	NULL, 'n' },
	{ "fp-rate",	required_argument,	NULL, 'p' },
	{ "exact",	no_argument,		NULL, OPT_EXACT },
	{ "state",	required_argument,	NULL, OPT_STATE },
	{ "no-wait",	no_argument,		NULL, OPT_NO_WAIT },
	{ "duplicates",	no_argument,		NULL, 'd' },
	CLI_LONGOPTS_COMMON,
	{ NULL,		0,			NULL, 0 }
};

#define MAX_CAPACITY	1000000000000ULL	/* 10^12 keys */
#define MIN_RATE	1e-12

static int field = 1;
static unsigned long long capacity = 10000000;
static double rate = 0.01;
static bool capacity_given, rate_given, exact, dups, nowait;
static const char *state_arg;	/* --state as given, for messages */
static char *state_path;	/* the file it names, symbolic links followed */
static bool state_changed;	/* a new file, or keys added */
static struct seenstate st;
static bool warned;		/* over capacity */

static double
parse_rate(const char *arg)
{
	char *end;
	double p;

	errno = 0;
	p = strtod(arg, &end);
	if (!(arg[0] == '.' || (arg[0] >= '0' && arg[0] <= '9')) ||
	    *end != '\0' || errno == ERANGE || !(p >= MIN_RATE && p <= 0.5))
		cli_usage_error("-p: '%s' is not a rate from %g to 0.5",
		    arg, MIN_RATE);
	return p;
}

static void
new_state(void)
{
	if (exact) {
		st.kind = SEENSTATE_EXACT;
		/* Size the table up front only when asked: the default
		 * 10M would cost 128 MiB before the first key. */
		keyset_init(&st.exact, capacity_given ? (size_t)capacity : 0);
	} else {
		st.kind = SEENSTATE_BLOOM;
		bloom_init(&st.bloom, capacity, rate);
	}
	state_changed = true;
}

static void
warn_capacity(const char *where)
{
	warned = true;
	diag_warn("%s: the filter holds more keys than the %llu it was sized "
	    "for (-n): its false-positive rate is now above %g", where,
	    (unsigned long long)st.bloom.capacity, st.bloom.rate);
}

/* The state in the file agrees with the options, or we stop. */
static void
agree(void)
{
	if (st.kind == SEENSTATE_EXACT) {
		if (rate_given)
			diag_fatal("%s: holds an exact set, which has no "
			    "false-positive rate: leave out -p", state_arg);
		exact = true;
		return;
	}
	if (exact)
		diag_fatal("%s: holds a Bloom filter, not an exact set: leave "
		    "out --exact, or name another state file", state_arg);
	if (capacity_given && capacity != st.bloom.capacity)
		diag_fatal("%s: the filter was sized for -n %llu, not %llu: "
		    "leave out -n and -p to use it as it is", state_arg,
		    (unsigned long long)st.bloom.capacity, capacity);
	if (rate_given && rate != st.bloom.rate)
		diag_fatal("%s: the filter was sized for -p %.15g, not %.15g: "
		    "leave out -n and -p to use it as it is", state_arg,
		    st.bloom.rate, rate);
	if (st.bloom.count > st.bloom.capacity)
		warn_capacity(state_arg);
}

static void
lock_state(void)
{
	size_t n = strlen(state_path);
	char *lock = xmalloc(n + sizeof ".lock");
	int fd;

	memcpy(lock, state_path, n);
	memcpy(lock + n, ".lock", sizeof ".lock");
	/* The descriptor stays open, and the lock held, until we exit. */
	fd = file_lock(lock, false);
	if (fd < 0 && errno == EWOULDBLOCK) {
		if (nowait)
			diag_fatal("%s: in use by another run (--no-wait)",
			    state_arg);
		if (cli.verbose)
			diag_warn("%s: waiting for another run to finish",
			    state_arg);
		fd = file_lock(lock, true);
	}
	if (fd < 0)
		diag_fatal("%s: cannot lock %s: %s", state_arg, lock,
		    strerror(errno));
	free(lock);
}

static void
load_state(void)
{
	struct stat sb;
	char err[256];
	int fd;

	state_path = realpath(state_arg, NULL);
	if (state_path == NULL && (state_path = strdup(state_arg)) == NULL)
		diag_fatal("out of memory");
	/* -d changes nothing, so it needs no lock. */
	if (!dups)
		lock_state();
	if ((fd = open(state_path, O_RDONLY | O_CLOEXEC)) < 0) {
		if (errno == ENOENT && !dups) {
			new_state();
			return;
		}
		diag_fatal("%s: %s", state_arg, strerror(errno));
	}
	if (fstat(fd, &sb) < 0)
		diag_fatal("%s: %s", state_arg, strerror(errno));
	if (!S_ISREG(sb.st_mode))
		diag_fatal("%s: not a regular file", state_arg);
	if (!seenstate_read(fd, (unsigned long long)sb.st_size, &st, err,
	    sizeof err))
		diag_fatal("%s: %s", state_arg, err);
	close(fd);
	agree();
}

static bool
write_state(int fd, void *ctx)
{
	return seenstate_write(fd, ctx);
}

static int
save_state(void)
{
	const char *step;

	if (!atomic_replace(state_path, write_state, &st, &step)) {
		if (strcmp(step, "fsync the directory") == 0)
			diag_warn("%s: saved, but it may not survive a crash: "
			    "%s: %s", state_arg, step, strerror(errno));
		else
			diag_warn("%s: not saved, the file is unchanged: %s: "
			    "%s", state_arg, step, strerror(errno));
		return 2;
	}
	return 0;
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

static void
report(uintmax_t nnew, uintmax_t ndup)
{
	char mem[32];

	diag_warn("keys: %ju read, %ju new, %ju seen before", nnew + ndup,
	    nnew, ndup);
	if (st.kind == SEENSTATE_EXACT) {
		size_t size = keyset_memory(&st.exact);

		diag_warn("exact set: %zu keys in %s, %.1f bytes a key",
		    st.exact.count, human((double)size, mem, sizeof mem),
		    st.exact.count ? (double)size / (double)st.exact.count :
		    0.0);
		return;
	}
	diag_warn("Bloom filter: %llu bits (%s), %u probes, %llu keys "
	    "of the %llu it was sized for, fill %.3g, false-positive rate "
	    "now %.3g%s", (unsigned long long)st.bloom.m,
	    human((double)(st.bloom.m / 8), mem, sizeof mem), st.bloom.k,
	    (unsigned long long)st.bloom.count,
	    (unsigned long long)st.bloom.capacity,
	    (double)bloom_popcount(&st.bloom) / (double)st.bloom.m,
	    bloom_fp_rate(&st.bloom), warned ?
	    ": over capacity, above the rate asked for" : "");
}

int
main(int argc, char *argv[])
{
	static struct buf unescaped;
	struct stream s;
	struct record r;
	struct span f;
	uintmax_t nnew = 0, ndup = 0;
	int ch, status;

	cli_init("seen", help, argv);
	while ((ch = getopt_long(argc, argv, "df:n:p:" CLI_SHORTOPTS_COMMON,
	    longopts, NULL)) != -1) {
		switch (ch) {
		case 'd':
			dups = true;
			break;
		case 'f':
			field = cli_field(optarg);
			break;
		case 'n':
			capacity = cli_count("-n", optarg, MAX_CAPACITY);
			capacity_given = true;
			break;
		case 'p':
			rate = parse_rate(optarg);
			rate_given = true;
			break;
		case OPT_EXACT:
			exact = true;
			break;
		case OPT_STATE:
			state_arg = optarg;
			break;
		case OPT_NO_WAIT:
			nowait = true;
			break;
		default:
			cli_option(ch, optarg);
		}
	}
	if (exact && rate_given)
		cli_usage_error("-p does not apply to --exact, which has no "
		    "false positives");
	if (nowait && state_arg == NULL)
		cli_usage_error("--no-wait works only with --state");
	if (state_arg != NULL && state_arg[0] == '\0')
		cli_usage_error("--state: the file name is empty");

	if (state_arg != NULL)
		load_state();
	else
		new_state();

	stream_open(&s, argc - optind, argv + optind);
	while (stream_next(&s, &r)) {
		const char *key;
		size_t len;
		bool isnew;

		if (r.header) {
			stream_write(&s, &r);
			continue;
		}
		if (!field_get(r.p, r.n, field, &f)) {
			stream_reject(&s, &r, "no field %d: the record has %zu",
			    field, field_count(r.p, r.n));
			continue;
		}
		/* The key is the field's value: two spellings of it, such
		 * as "C:\dir" and "C:\\dir", are one key. */
		key = f.p;
		len = f.n;
		if (memchr(f.p, '\\', f.n) != NULL) {
			unescaped.len = 0;
			unescape_append(&unescaped, f.p, f.n);
			key = unescaped.p;
			len = unescaped.len;
		}
		if (st.kind == SEENSTATE_EXACT)
			isnew = keyset_add(&st.exact, key, len);
		else {
			isnew = bloom_add(&st.bloom, key, len);
			if (isnew && !warned &&
			    st.bloom.count > st.bloom.capacity) {
				char where[PATH_MAX + 32];

				snprintf(where, sizeof where, "%s:%ju", s.file,
				    r.line);
				warn_capacity(where);
			}
		}
		if (isnew) {
			nnew++;
			state_changed = true;
		} else
			ndup++;
		if (isnew != dups)
			stream_write(&s, &r);
	}
	/* The output is written, and checked, before the state is saved:
	 * a key is never kept as seen when its record was not written. */
	status = stream_close(&s);
	if (cli.verbose)
		report(nnew, ndup);
	if (state_arg != NULL && !dups && state_changed &&
	    save_state() != 0)
		status = 2;
	seenstate_free(&st);
	free(state_path);
	buf_free(&unescaped);
	return status;
}
