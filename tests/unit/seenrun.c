/* Unit tests of common/seenrun.c. */
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "seenrun.h"
#include "seenstate.h"

#include "unit.h"

/* One run of seen's state life cycle in a child process, as a program
 * makes it: the state file's lock is held until exit, and a fatal error
 * exits.  The exit status of the child: 2 after a fatal error, else
 * 10 + what steps returns. */
static struct seenrun unit_run;		/* reachable: no leak at a fatal exit */

static int
seenrun_child(struct seenrun opts, int (*steps)(struct seenrun *))
{
	pid_t pid;
	int st;

	fflush(stdout);
	if ((pid = fork()) < 0)
		abort();
	if (pid == 0) {
		if (!freopen("/dev/null", "w", stderr))
			_exit(99);
		unit_run = opts;
		seenrun_open(&unit_run);
		st = steps(&unit_run);
		exit(seenrun_close(&unit_run) != 0 ? 3 : 10 + st);
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

/* add a and b: 0 if a was new and b new, and a again not */
static int
run_add_ab(struct seenrun *run)
{
	return !(seenrun_add(run, "a", 1, "-", 1) &&
	    seenrun_add(run, "b", 1, "-", 2) &&
	    !seenrun_add(run, "a", 1, "-", 3) && run->changed);
}

/* 0 if a and b are in the state, and c not */
static int
run_has_ab(struct seenrun *run)
{
	return !(seenrun_test(run, "a", 1) && seenrun_test(run, "b", 1) &&
	    !seenrun_test(run, "c", 1) && !run->changed);
}

/* add a again, then c: 0 if only c was new */
static int
run_add_c(struct seenrun *run)
{
	return !(!seenrun_add(run, "a", 1, "-", 1) && !run->changed &&
	    seenrun_add(run, "c", 1, "-", 2) && run->changed);
}

/* 0 if the state holds an exact set */
static int
run_is_exact(struct seenrun *run)
{
	return !(run->st.kind == SEENSTATE_EXACT && run->exact);
}

static int
run_nothing(struct seenrun *run)
{
	(void)run;
	return 0;
}

static bool
same_file(const char *path, const struct stat *before)
{
	struct stat sb;

	return stat(path, &sb) == 0 && sb.st_ino == before->st_ino &&
	    sb.st_size == before->st_size;
}

void
test_seenrun(void)
{
	static const char *const made[] = { "state", "state.lock", "exact",
	    "exact.lock", "sub.lock" };
	char dir[64], path[96], lock[96], exact[96], missing[96], sub[96];
	struct seenrun opts = { .capacity = 1000, .rate = 0.01 }, o;
	/* options that disagree with the filter the file holds */
	static const struct {
		struct seenrun	 opts;
		const char	*what;
	} disagree[] = {
		{ { .capacity = 2000, .capacity_given = true, .rate = 0.01 },
		    "-n 2000" },
		{ { .capacity = 1000, .rate = 0.02, .rate_given = true },
		    "-p 0.02" },
		{ { .capacity = 1000, .rate = 0.01, .exact = true }, "--exact" }
	};
	struct stat sb;

	snprintf(dir, sizeof dir, "/tmp/unit-seenrun.%ld", (long)getpid());
	snprintf(path, sizeof path, "%s/state", dir);
	snprintf(lock, sizeof lock, "%s/state.lock", dir);
	snprintf(exact, sizeof exact, "%s/exact", dir);
	snprintf(missing, sizeof missing, "%s/missing", dir);
	snprintf(sub, sizeof sub, "%s/sub", dir);
	if (mkdir(dir, 0700) < 0 || mkdir(sub, 0700) < 0)
		abort();

	ok(seenrun_child(opts, run_add_ab) == 10 && access(path, F_OK) != 0,
	    "seenrun: no --state: nothing saved");
	o = opts;
	o.state_arg = path;
	ok(seenrun_child(o, run_add_ab) == 10 && stat(path, &sb) == 0 &&
	    access(lock, F_OK) == 0,
	    "seenrun: a new state file is saved at the end, beside its lock");
	ok(seenrun_child(o, run_has_ab) == 10 && same_file(path, &sb),
	    "seenrun: the keys come back; a run that adds none saves nothing");
	o.readonly = true;
	ok(seenrun_child(o, run_add_c) == 10 && same_file(path, &sb),
	    "seenrun: a read-only run does not save its new keys");
	o.readonly = false;
	ok(seenrun_child(o, run_add_c) == 10 && !same_file(path, &sb),
	    "seenrun: a run that adds a key saves the state anew");
	o.readonly = true;
	o.state_arg = missing;
	ok(seenrun_child(o, run_nothing) == 2 && access(missing, F_OK) != 0,
	    "seenrun: a read-only run needs its state file: fatal");

	for (size_t i = 0; i < sizeof disagree / sizeof disagree[0]; i++) {
		o = disagree[i].opts;
		o.state_arg = path;
		ok(seenrun_child(o, run_nothing) == 2,
		    "seenrun: %s on the file's Bloom filter: fatal",
		    disagree[i].what);
	}

	o = opts;
	o.state_arg = exact;
	o.exact = true;
	ok(seenrun_child(o, run_add_ab) == 10,
	    "seenrun: a new exact set is saved");
	o.exact = false;
	ok(seenrun_child(o, run_is_exact) == 10,
	    "seenrun: a file's exact set is used without --exact");
	o.rate_given = true;
	ok(seenrun_child(o, run_nothing) == 2,
	    "seenrun: -p on an exact set's file: fatal");

	o = opts;
	o.state_arg = sub;
	ok(seenrun_child(o, run_nothing) == 2,
	    "seenrun: a state that is not a regular file: fatal");
	o = opts;
	ok(seenrun_option(&o, 'n', "5k") && o.capacity == 5000 &&
	    o.capacity_given && seenrun_option(&o, 'p', "0.001") &&
	    o.rate == 0.001 && o.rate_given &&
	    seenrun_option(&o, SEENRUN_OPT_STATE, path) &&
	    o.state_arg == path && !seenrun_option(&o, 'f', "1"),
	    "seenrun_option: takes -n, -p and --state, not -f");

	for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, made[i]);
		unlink(path);
	}
	rmdir(sub);
	rmdir(dir);
}
