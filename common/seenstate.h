/* seen(1)'s state file: a Bloom filter or an exact set of keys, with the
 * header that says which, how it was sized and how many keys it holds.
 *
 * A 64-byte header, all numbers little-endian, then the payload:
 *	 0  8  magic: 89 73 65 65 6e 0d 0a 1a ("\x89seen\r\n\x1a")
 *	 8  4  format version: 1
 *	12  4  kind: 1 Bloom filter, 2 exact set
 *	16  4  hash: 1 (XXH3_128bits, seed 0, see bloom.h); exact set: 0
 *	20  4  k, probes per key (1 to 64); exact set: 0
 *	24  8  Bloom filter: m, bits (a multiple of 64, at least 64);
 *	       exact set: the length of the payload in bytes
 *	32  8  Bloom filter: n, the keys it was sized for (at least 1); exact: 0
 *	40  8  Bloom filter: p, the rate it was sized for, an IEEE 754 double
 *	       greater than 0 and less than 1; exact set: 0
 *	48  8  keys: added as new (Bloom filter), in the set (exact set)
 *	56  8  XXH3_64bits, seed 0, of bytes 0 to 55 followed by the payload
 *	64     payload: the m bits (m/8 bytes, see bloom.h), or the keys in
 *	       the order they were added (see keyset.h); nothing after it.
 *
 * Reading checks all of it and takes nothing on trust: a file that is not
 * a state file, of another version, truncated, extended, with a bad
 * checksum, or inconsistent in itself (a Bloom filter with fewer bits set
 * than its count of keys, or more than k times it; an exact set with a
 * malformed or repeated key or the wrong count) is an error with a
 * message, never read in some other way. */
#ifndef CRAWLUTILS_SEENSTATE_H
#define CRAWLUTILS_SEENSTATE_H

#include <stdbool.h>
#include <stddef.h>

#include "bloom.h"
#include "keyset.h"

#define SEENSTATE_VERSION	1
#define SEENSTATE_HEADER	64

enum seenstate_kind {
	SEENSTATE_BLOOM = 1,
	SEENSTATE_EXACT = 2
};

struct seenstate {
	enum seenstate_kind	 kind;
	struct bloom		 bloom;
	struct keyset		 exact;
};

/* Read the state file open on fd, whose size is size bytes, into st.
 * False, with a message (no file name) in err, if it is not a state file
 * we can read or it cannot be read; st then holds nothing. */
bool seenstate_read(int fd, unsigned long long size, struct seenstate *st,
    char *err, size_t errlen);
/* Write st to fd; false with errno set on a write error. */
bool seenstate_write(int fd, const struct seenstate *st);
void seenstate_free(struct seenstate *st);

#endif
