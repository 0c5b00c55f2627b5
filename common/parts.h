/* Output split into partitions by a key: P files, PREFIX.0 to
 * PREFIX.P-1, all made (empty or not) and kept open from parts_open() to
 * parts_close(), each written through a buffer of its own: 256 KB while
 * P is at most 64, 16 MB shared among them beyond (4 KB at least), so
 * that a thousand partitions do not take a gigabyte.  A file that cannot
 * be made (a missing directory; more partitions than open files allowed,
 * ulimit -n) or written is fatal.
 *
 * The partition of a hex digest is that of its first four hex digits,
 * the 16 bits they make, mod P: every record of one key goes to one
 * file, and up to 65,536 partitions share the keys evenly. */
#ifndef CRAWLUTILS_PARTS_H
#define CRAWLUTILS_PARTS_H

#include <stddef.h>

#include "out.h"

#define PARTS_MAX	65536
#define PARTS_MEMORY	(16 * 1024 * 1024)

struct parts {
	unsigned	 n;
	struct out	*o;
	char		*names;		/* PREFIX.J, each in NAMELEN bytes */
	size_t		 namelen;
};

void parts_open(struct parts *pt, const char *prefix, unsigned n);
/* Flush and close every file (fatal on error), and free. */
void parts_close(struct parts *pt);
/* The partition of the digest hex[0..n) (n >= 4: lowercase or
 * uppercase hex digits). */
unsigned parts_of_hex(const char *hex, unsigned nparts);

#endif
