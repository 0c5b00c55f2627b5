#define _DEFAULT_SOURCE		/* clock_gettime */
#include <stdarg.h>
#include <stdio.h>
#include <time.h>

#include "progress.h"

static bool on;
static double t0, tlast;

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void
progress_start(bool want)
{
	on = want;
	t0 = tlast = now();
}

void
progress_note(bool phase, const char *fmt, ...)
{
	char msg[256];
	va_list ap;
	double t;

	if (!on)
		return;
	t = now();
	if (!phase && t - tlast < 1.0)
		return;
	tlast = t;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	diag_warn("%.1f s: %s", t - t0, msg);
}
