/* Fields of a record: TAB-separated, located without copying.
 * Field numbers are 1-based; negative numbers count from the end
 * (-1 is the last field).  A field selected from the end is found by
 * scanning backwards, so the long text that ends a record is not
 * scanned just to find where it starts. */
#ifndef CRAWLUTILS_FIELD_H
#define CRAWLUTILS_FIELD_H

#include <stdbool.h>
#include <stddef.h>

struct span {
	const char	*p;
	size_t		 n;
};

/* Field n of rec; false if the record has fewer than |n| fields. */
bool field_get(const char *rec, size_t len, int n, struct span *f);
size_t field_count(const char *rec, size_t len);
/* Parse a field number ("3", "-1"); false if it is not a nonzero integer
 * in range. */
bool field_parse(const char *s, const char *end, int *n);

#endif
