#define _DEFAULT_SOURCE		/* clock_gettime */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
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

bool
progress_enabled(void)
{
	return on;
}

double
progress_elapsed(void)
{
	return now() - t0;
}

void
progress_rate(char *buf, size_t n, const char *noun, uintmax_t count,
    uintmax_t bytes, uintmax_t total, double secs)
{
	double mb = (double)bytes / 1e6, rate = secs > 0 ? mb / secs : 0;
	size_t len;
	int w;

	if (total == 0)
		w = snprintf(buf, n, "%ju %s, %.1f MB", count, noun, mb);
	else
		w = snprintf(buf, n, "%ju %s, %.1f of %.1f MB (%.0f%%)", count,
		    noun, mb, (double)total / 1e6,
		    bytes >= total ? 100.0 : floor(100.0 * (double)bytes /
		    (double)total));
	len = w < 0 ? 0 : (size_t)w < n ? (size_t)w : n;
	w = snprintf(buf + len, n - len, ", %.1f MB/s, %.0f %s/s", rate,
	    secs > 0 ? (double)count / secs : 0, noun);
	len = w < 0 ? len : len + (size_t)w < n ? len + (size_t)w : n;
	/* no ETA before the rate means something */
	if (total != 0 && bytes > 0 && bytes < total && secs > 0 && len < n) {
		double left = (double)(total - bytes) / ((double)bytes / secs);
		unsigned long t = (unsigned long)(left + 0.5);

		if (t >= 3600)
			snprintf(buf + len, n - len, ", ETA %lu:%02lu:%02lu",
			    t / 3600, t / 60 % 60, t % 60);
		else
			snprintf(buf + len, n - len, ", ETA %lu:%02lu", t / 60,
			    t % 60);
	}
}
