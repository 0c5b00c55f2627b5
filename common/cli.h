/* Command-line conventions shared by every program (DESIGN.md):
 * the common options, --help and --version, usage errors
 * ("Try 'prog --help' for more information.", status 2), and numbers
 * from options checked with a message that names the option.
 *
 * A program lists CLI_LONGOPTS_COMMON in its option table and passes any
 * option it does not handle itself to cli_option(). */
#ifndef CRAWLUTILS_CLI_H
#define CRAWLUTILS_CLI_H

#include <getopt.h>
#include <stdbool.h>
#include <stddef.h>

enum {
	OPT_REJECTS = 0x100,
	OPT_MAX_RECORD,
	OPT_LINE_BUFFERED,
	OPT_VERSION,
	OPT_PROGRAM		/* first value free for a program's own */
};

/* -H -q -v -h and the long-only options every record program takes. */
#define CLI_SHORTOPTS_COMMON	"Hqvh"
#define CLI_LONGOPTS_COMMON \
	{ "header",		no_argument,		NULL, 'H' }, \
	{ "quiet",		no_argument,		NULL, 'q' }, \
	{ "verbose",		no_argument,		NULL, 'v' }, \
	{ "help",		no_argument,		NULL, 'h' }, \
	{ "rejects",		required_argument,	NULL, OPT_REJECTS }, \
	{ "max-record",		required_argument,	NULL, OPT_MAX_RECORD }, \
	{ "line-buffered",	no_argument,		NULL, OPT_LINE_BUFFERED }, \
	{ "version",		no_argument,		NULL, OPT_VERSION }

/* The help text of the common options, for a program's usage text. */
#define CLI_HELP_COMMON \
"  -H, --header         the first line of the first input is a header\n" \
"  -q, --quiet          no per-record messages\n" \
"  -v, --verbose        a summary line at the end\n" \
"      --rejects FILE   write rejected records to FILE\n" \
"      --max-record N   reject records longer than N bytes (k, M, G)\n" \
"      --line-buffered  flush after every record\n" \
"  -h, --help           this help\n" \
"      --version        version and library versions\n"

struct cli {
	bool		 header;
	bool		 verbose;
	bool		 line_buffered;
	const char	*rejects;
	size_t		 max_record;
};

extern struct cli cli;

/* A module that compiles xxHash in (XXH_INLINE_ALL, after including
 * xxhash.h) writes CLI_XXHASH_INLINED at file scope, so that --version
 * names the version it was compiled with: no library is loaded to say so.
 * Weak, so that several such modules link together. */
unsigned cli_xxhash_inlined(void);
#define CLI_XXHASH_INLINED \
	__attribute__((weak)) unsigned \
	cli_xxhash_inlined(void) { return XXH_VERSION_NUMBER; }

/* Name the program and give its --help text.  argv[0] becomes the name
 * too, so getopt's own messages start "prog: " however it was run. */
void cli_init(const char *name, const char *help, char *argv[]);
/* Handle a common option; any other is a usage error. */
void cli_option(int ch, const char *arg);
_Noreturn void cli_usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* An integer option argument in [min, max]; a usage error names opt. */
long long cli_number(const char *opt, const char *arg, long long min,
    long long max);
/* Option opt reads the standard input (its argument is "-"): then the
 * inputs argv[0..argc) must be named, and none may be "-" (a usage error
 * otherwise). */
void cli_stdin_taken(const char *opt, int argc, char *const argv[]);
/* The field number of option opt (1 is the first, -1 the last); a usage
 * error names opt. */
int cli_field(const char *opt, const char *arg);
/* A byte count with an optional k, M or G suffix (powers of 1024). */
size_t cli_size(const char *opt, const char *arg);
/* A count of things from 1 to max with an optional k, M or G suffix
 * (powers of 1000: 10M is ten million). */
unsigned long long cli_count(const char *opt, const char *arg,
    unsigned long long max);

#endif
