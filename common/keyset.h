/* An exact set of keys (byte strings): a key is reported new exactly when
 * it was never added before.  Keys are compared byte for byte, so no hash
 * collision, crafted or not, can make a new key look old.
 *
 * The keys live in one arena, in the order they were added, each written
 * as its length in unsigned LEB128 (7 bits a byte, least significant
 * first, the high bit set on all bytes but the last, no superfluous
 * trailing 0x80 bytes) followed by its bytes.  That arena is also the
 * payload of seen(1)'s exact state file.  An open-addressing table of
 * 8-byte slots (arena offset and 24 bits of hash) finds them; it is kept
 * at most 3/4 full.  Its hash takes a random seed per run, so that crafted
 * keys cannot make the probing slow; nothing observable depends on it. */
#ifndef CRAWLUTILS_KEYSET_H
#define CRAWLUTILS_KEYSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct keyset {
	unsigned char	*arena;
	size_t		 len, cap;	/* of the arena */
	uint64_t	*slots;
	size_t		 nslots;	/* a power of 2 */
	size_t		 count;
	uint64_t	 seed;
};

/* An empty set; room for about hint keys before the table grows. */
void keyset_init(struct keyset *ks, size_t hint);
void keyset_free(struct keyset *ks);
/* Add the key; true if it was not in the set. */
bool keyset_add(struct keyset *ks, const void *key, size_t len);
bool keyset_contains(const struct keyset *ks, const void *key, size_t len);

/* Take the n bytes at p (from xmalloc) as the arena and index its keys.
 * False, with a message in err, if it is not a well-formed arena of
 * distinct keys; the set is then empty again (and p freed). */
bool keyset_adopt(struct keyset *ks, unsigned char *p, size_t n,
    char *err, size_t errlen);

/* A seed for a table's hash that crafted keys cannot predict (the
 * system's entropy, else the time and process ID). */
uint64_t keyset_random_seed(void);

/* Bytes of memory the set uses: the keys in the arena, and the table. */
size_t keyset_memory(const struct keyset *ks);

/* Unsigned LEB128: the bytes of v into out (at most 10); the number of
 * bytes.  keyset_leb128_get reads a minimal encoding of a value that fits
 * in 64 bits from p[0..n): its length, or 0 if there is none. */
size_t keyset_leb128_put(uint64_t v, unsigned char out[10]);
size_t keyset_leb128_get(const unsigned char *p, size_t n, uint64_t *v);

#endif
