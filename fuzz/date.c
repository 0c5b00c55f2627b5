/* Fuzz target: the date parser (date.h).  Any bytes in: no crash; a date
 * found is a real day of a four-digit year, its time and offset in
 * range; its ISO 8601 form is found again as the same date; the
 * scan never reads past DATE_MAX_SCAN bytes (a longer input finds
 * what its prefix finds). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "date.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data;
	unsigned flags = size > 0 && (data[0] & 1) ? DATE_UNIX : 0;
	struct date d, again;
	char out[DATE_BUFSIZE], out2[DATE_BUFSIZE];
	size_t n;

	if (size > 1 << 16)
		return 0;
	if (!date_find(s, size, flags, &d))
		return 0;
	if (d.year < 1000 || d.year > 9999 || d.month < 1 || d.month > 12 ||
	    d.day < 1 || d.day > 31 || d.hour < 0 || d.hour > 23 ||
	    d.min < 0 || d.min > 59 || d.sec < 0 || d.sec > 59 ||
	    d.offset < -14 * 60 - 59 || d.offset > 14 * 60 + 59)
		abort();
	n = date_format(&d, out);
	if (n == 0 || n >= DATE_BUFSIZE || !date_find(out, n, 0, &again))
		abort();
	date_format(&again, out2);
	if (strcmp(out, out2) != 0)
		abort();
	(void)date_plausible(&d, 1764547200);
	if (size > DATE_MAX_SCAN + 64) {
		struct date p;

		if (!date_find(s, DATE_MAX_SCAN + 64, flags, &p) ||
		    date_cmp_day(&p, &d) != 0)
			abort();
	}
	return 0;
}
