#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"

const char *progname = "crawlutils";
bool diag_quiet;

void
diag_init(const char *name)
{
	progname = name;
}

/* "prog: [file:line: ]message\n" in a single write(2). */
static void emit(const char *, uintmax_t, const char *, va_list)
    DIAG_PRINTF(3, 0);

static void
emit(const char *file, uintmax_t line, const char *fmt, va_list ap)
{
	char small[1024], *msg = small;
	size_t cap = sizeof small, len;
	va_list ap2;
	int p, n;

	p = file ? snprintf(NULL, 0, "%s: %s:%ju: ", progname, file, line) :
	    snprintf(NULL, 0, "%s: ", progname);
	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (p < 0 || n < 0)
		return;
	len = (size_t)p + (size_t)n;
	if (len + 2 > cap) {
		if ((msg = malloc(len + 2)) != NULL)
			cap = len + 2;
		else {
			msg = small;	/* out of memory: say what fits */
			len = cap - 2;
		}
	}
	if (file)
		snprintf(msg, cap, "%s: %s:%ju: ", progname, file, line);
	else
		snprintf(msg, cap, "%s: ", progname);
	if ((size_t)p < cap)
		vsnprintf(msg + p, cap - (size_t)p, fmt, ap);
	msg[len] = '\n';
	/* Nothing useful can be done if stderr itself fails. */
	if (write(STDERR_FILENO, msg, len + 1) < 0)
		msg[0] = '\0';
	if (msg != small)
		free(msg);
}

void
diag_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	emit(NULL, 0, fmt, ap);
	va_end(ap);
}

void
diag_record(const char *file, uintmax_t line, const char *fmt, ...)
{
	va_list ap;

	if (diag_quiet)
		return;
	va_start(ap, fmt);
	emit(file, line, fmt, ap);
	va_end(ap);
}

void
diag_fatal(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	emit(NULL, 0, fmt, ap);
	va_end(ap);
	exit(2);
}

char *
diag_quote(const char *p, size_t n, char *out, size_t cap)
{
	size_t i, o = 0;

	for (i = 0; i < n && o + 8 < cap && i < 40; i++) {
		unsigned char c = (unsigned char)p[i];

		if (c >= 0x20 && c < 0x7f && c != '\\')
			out[o++] = (char)c;
		else
			o += (size_t)snprintf(out + o, cap - o, "\\x%02x", c);
	}
	if (i < n && o + 4 <= cap) {
		memcpy(out + o, "...", 3);
		o += 3;
	}
	out[o] = '\0';
	return out;
}
