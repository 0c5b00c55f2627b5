#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <openssl/crypto.h>
#include <unicode/uchar.h>
#include <unicode/uversion.h>
#include <json-c/json_c_version.h>
#include <brotli/decode.h>
#include <libpsl.h>
#include <xxhash.h>
#include <zlib.h>
#include <zstd.h>

#include "cli.h"
#include "lang.h"
#include "diag.h"
#include "field.h"

struct cli cli;
static const char *help_text;

/* With stdin, stdout or stderr closed (`prog >&-`), the next file we
 * open would take its number, and records meant for stdout would land in
 * the --rejects file.  Hold the number with /dev/null opened the wrong
 * way round, so that using it fails as it would have (gnulib's stdopen). */
static void
std_fds_open(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		if (open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY) != fd)
			exit(2);	/* nowhere to say so */
	}
}

void
cli_init(const char *name, const char *help, char *argv[])
{
	static char argv0[64];

	std_fds_open();
	diag_init(name);
	help_text = help;
	snprintf(argv0, sizeof argv0, "%s", name);
	argv[0] = argv0;
}

void
cli_usage_error(const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s: %s\nTry '%s --help' for more information.\n",
	    progname, msg, progname);
	exit(2);
}

/* Help and version go to stdout; a failed write is still an error. */
static _Noreturn void
exit_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
		fprintf(stderr, "%s: write error: %s\n", progname,
		    strerror(errno));
		exit(2);
	}
	exit(0);
}

static _Noreturn void
cli_help(void)
{
	fputs(help_text, stdout);
	exit_stdout();
}

/* --version names the libraries the program runs with, and only those.
 * The references below are weak, so that they alone do not make the
 * linker keep a library: the Makefile links with --as-needed, and a
 * program whose own code calls nothing of a library is linked without it
 * and leaves its line out.  A weak reference that nothing defines is
 * NULL.  A library loaded as another's dependency (ICU under libxml2)
 * defines it: it is in the process, and named.  Loading every library
 * cost each start of every program 16 to 22 ms of CPU time, against 4
 * for /bin/true: `perf stat -r 200 PROG --version` on the 2-core
 * development machine (hamming, which uses none, now 4 ms), most of it
 * the kernel's page faults while the dynamic loader relocates them.
 * This needs dynamic linking, the Makefile's: a static link pulls no
 * archive member for a weak reference, and the lines would go missing. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wredundant-decls"
extern void u_getVersion(UVersionInfo) __attribute__((weak));
extern void u_getUnicodeVersion(UVersionInfo) __attribute__((weak));
extern void u_versionToString(const UVersionInfo, char *) __attribute__((weak));
extern const char *OpenSSL_version(int) __attribute__((weak));
/* libxml2's xmlParserVersion is a macro, (*__xmlParserVersion()), in a
 * build with threads such as Debian's: a strong reference */
extern const char **__xmlParserVersion(void) __attribute__((weak));
extern unsigned XXH_versionNumber(void) __attribute__((weak));
extern const char *json_c_version(void) __attribute__((weak));
extern const char *lang_version(void) __attribute__((weak));
extern unsigned cli_xxhash_inlined(void) __attribute__((weak));
extern const char *psl_get_version(void) __attribute__((weak));
extern const char *zlibVersion(void) __attribute__((weak));
extern const char *ZSTD_versionString(void) __attribute__((weak));
extern uint32_t BrotliDecoderVersion(void) __attribute__((weak));
#pragma GCC diagnostic pop

static _Noreturn void
cli_version(void)
{
	printf("%s (crawlutils) %s\n", progname, CRAWLUTILS_VERSION);
	if (OpenSSL_version)
		printf("%s\n", OpenSSL_version(OPENSSL_VERSION));
	if (u_getVersion && u_getUnicodeVersion && u_versionToString) {
		UVersionInfo icu, uni;
		char icus[U_MAX_VERSION_STRING_LENGTH];
		char unis[U_MAX_VERSION_STRING_LENGTH];

		u_getVersion(icu);
		u_versionToString(icu, icus);
		u_getUnicodeVersion(uni);
		u_versionToString(uni, unis);
		printf("ICU %s (Unicode %s)\n", icus, unis);
	}
	if (__xmlParserVersion) {
		/* xmlParserVersion is "20914" for 2.9.14 */
		int xml = atoi(*__xmlParserVersion());

		printf("libxml2 %d.%d.%d\n", xml / 10000, xml / 100 % 100,
		    xml % 100);
	}
	if (XXH_versionNumber || cli_xxhash_inlined) {
		/* the library's version if it is loaded: a program that
		 * also has xxHash compiled in was built with its header */
		unsigned xxh = XXH_versionNumber ? XXH_versionNumber() :
		    cli_xxhash_inlined();

		printf("xxHash %u.%u.%u\n", xxh / 10000, xxh / 100 % 100,
		    xxh % 100);
	}
	if (json_c_version)
		printf("json-c %s\n", json_c_version());
	if (lang_version)
		printf("CLD2 %s\n", lang_version());
	/* urlnorm's registrable domains depend on the list too (its man
	 * page) */
	if (psl_get_version)
		printf("libpsl %s\n", psl_get_version());
	if (zlibVersion)
		printf("zlib %s\n", zlibVersion());
	if (ZSTD_versionString)
		printf("zstd %s\n", ZSTD_versionString());
	if (BrotliDecoderVersion) {
		uint32_t v = BrotliDecoderVersion();	/* 0xMMMmmmppp */

		printf("Brotli %u.%u.%u\n", (unsigned)(v >> 24),
		    (unsigned)(v >> 12 & 0xfff), (unsigned)(v & 0xfff));
	}
	exit_stdout();
}

void
cli_option(int ch, const char *arg)
{
	switch (ch) {
	case 'H':
		cli.header = true;
		break;
	case 'q':
		diag_quiet = true;
		break;
	case 'v':
		cli.verbose = true;
		break;
	case 'h':
		cli_help();
	case OPT_REJECTS:
		cli.rejects = arg;
		break;
	case OPT_MAX_RECORD:
		cli.max_record = cli_size("--max-record", arg);
		if (cli.max_record == 0)
			cli_usage_error("--max-record: must be at least 1");
		break;
	case OPT_LINE_BUFFERED:
		cli.line_buffered = true;
		break;
	case OPT_VERSION:
		cli_version();
	default:
		/* getopt_long has said what was wrong */
		fprintf(stderr, "Try '%s --help' for more information.\n",
		    progname);
		exit(2);
	}
}

long long
cli_number(const char *opt, const char *arg, long long min, long long max)
{
	char *end;
	long long v;

	errno = 0;
	v = strtoll(arg, &end, 10);
	/* strtoll would also take leading blanks and a plus sign */
	if (!(arg[0] == '-' || (arg[0] >= '0' && arg[0] <= '9')) ||
	    end == arg || *end != '\0' || errno == ERANGE || v < min ||
	    v > max)
		cli_usage_error("%s: '%s' is not a number from %lld to %lld",
		    opt, arg, min, max);
	return v;
}

void
cli_stdin_taken(const char *opt, int argc, char *const argv[])
{
	if (argc == 0)
		cli_usage_error("%s -: the standard input is taken, so name "
		    "the input files", opt);
	for (int i = 0; i < argc; i++)
		if (strcmp(argv[i], "-") == 0)
			cli_usage_error("%s - and an input - cannot both be the "
			    "standard input", opt);
}

int
cli_field(const char *opt, const char *arg)
{
	int n;

	if (!field_parse(arg, NULL, &n))
		cli_usage_error("%s: '%s' is not a field number "
		    "(1 is the first, -1 the last)", opt, arg);
	return n;
}

/* A decimal number with an optional k, M or G suffix for unit,
 * unit^2 or unit^3, at most max in all; false if arg is not one. */
static bool
suffixed(const char *arg, unsigned long long unit, unsigned long long max,
    unsigned long long *out)
{
	char *end;
	unsigned long long v, mult = 1;

	errno = 0;
	/* strtoull would also take blanks, a sign, and wrap negatives */
	if (!(arg[0] >= '0' && arg[0] <= '9'))
		return false;
	v = strtoull(arg, &end, 10);
	if (end[0] != '\0' && end[1] == '\0') {
		switch (end[0]) {
		case 'k': case 'K':	mult = unit; end++; break;
		case 'm': case 'M':	mult = unit * unit; end++; break;
		case 'g': case 'G':	mult = unit * unit * unit; end++; break;
		}
	}
	if (*end != '\0' || errno == ERANGE || v > max / mult)
		return false;
	*out = v * mult;
	return true;
}

size_t
cli_size(const char *opt, const char *arg)
{
	unsigned long long v;

	if (!suffixed(arg, 1024, SIZE_MAX, &v))
		cli_usage_error("%s: '%s' is not a size (a number of bytes, "
		    "or with k, M or G)", opt, arg);
	return (size_t)v;
}

unsigned long long
cli_count(const char *opt, const char *arg, unsigned long long max)
{
	unsigned long long v;

	if (!suffixed(arg, 1000, max, &v) || v == 0)
		cli_usage_error("%s: '%s' is not a count from 1 to %llu (k, M "
		    "and G stand for 10^3, 10^6 and 10^9)", opt, arg, max);
	return v;
}
