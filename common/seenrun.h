/* The keys a run of seen(1) or seenlines(1) has seen: a Bloom filter
 * sized by -n and -p, or an exact set (--exact), started empty or from a
 * state file (--state FILE) and saved back to it at the end.
 *
 * What the two programs share, so that they keep state alike: the state
 * file's format (seenstate.h), its lock (FILE.lock, flock(2), held until
 * exit; --no-wait fails at once instead of waiting), the checks that the
 * options agree with the file (a Bloom filter is used as it was sized;
 * -n or -p that differ are an error), the warning when a filter holds
 * more keys than it was sized for (once a run), the atomic save (a
 * temporary file renamed over FILE: a crash leaves the old state or the
 * new), and the -v summary of the state. */
#ifndef CRAWLUTILS_SEENRUN_H
#define CRAWLUTILS_SEENRUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "seenstate.h"

struct seenrun {
	/* the options, set before seenrun_open */
	unsigned long long capacity;	/* -n */
	double		 rate;		/* -p */
	bool		 capacity_given, rate_given;
	bool		 exact;		/* --exact */
	bool		 nowait;	/* --no-wait */
	bool		 readonly;	/* the state is read, never saved */
	unsigned	 max_probes;	/* of a new Bloom filter; 0: no limit */
	bool		 huge_pages;	/* a Bloom filter on 2 MB pages */
	const char	*state_arg;	/* --state as given, or NULL */

	/* the state */
	struct seenstate st;
	char		*state_path;	/* --state, symbolic links followed */
	bool		 changed;	/* a new file, or keys added */
	bool		 warned;	/* over capacity */
};

#define SEENRUN_MAX_CAPACITY	1000000000000ULL	/* 10^12 keys */
#define SEENRUN_MIN_RATE	1e-12

/* The options of the state, for a program's getopt tables (its help text
 * says them in its own words): -n, -p, --exact, --state, --no-wait. */
enum {
	SEENRUN_OPT_EXACT = OPT_PROGRAM + 64,
	SEENRUN_OPT_STATE,
	SEENRUN_OPT_NO_WAIT
};
#define SEENRUN_SHORTOPTS	"n:p:"
#define SEENRUN_LONGOPTS \
	{ "capacity",	required_argument,	NULL, 'n' }, \
	{ "fp-rate",	required_argument,	NULL, 'p' }, \
	{ "exact",	no_argument,		NULL, SEENRUN_OPT_EXACT }, \
	{ "state",	required_argument,	NULL, SEENRUN_OPT_STATE }, \
	{ "no-wait",	no_argument,		NULL, SEENRUN_OPT_NO_WAIT }

/* Take option ch (with its argument) into run if it is one of those;
 * false if it is not. */
bool seenrun_option(struct seenrun *run, int ch, const char *arg);

/* -p's argument: a usage error unless a rate from SEENRUN_MIN_RATE to
 * 0.5. */
double seenrun_rate(const char *arg);
/* The usage errors of option combinations (-p with --exact, --no-wait
 * without --state, an empty --state). */
void seenrun_check(const struct seenrun *run);
/* Start: lock and read the state file, or an empty state.  Fatal errors
 * (a state file that cannot be read or disagrees) end the program. */
void seenrun_open(struct seenrun *run);

/* Is the key in the set (the filter takes it for seen)?  Unchanged. */
bool seenrun_test(const struct seenrun *run, const void *key, size_t len);
/* For a seenrun_test or seenrun_add of the key to come (bloom.h). */
void seenrun_prefetch(const struct seenrun *run, const void *key, size_t len);
/* Add the key; true if it was new.  where ("file:line") names the place
 * in the capacity warning. */
bool seenrun_add(struct seenrun *run, const void *key, size_t len,
    const char *file, uintmax_t line);

/* The -v lines about the state (after the program's own counts). */
void seenrun_report(const struct seenrun *run);
/* Save the state if it changed and a file was named: 0, or 2 after a
 * message when it could not be saved.  Then free everything. */
int seenrun_close(struct seenrun *run);

#endif
