/* A table of byte strings (record IDs), each numbered 0, 1, ... in the
 * order it was first added: the bytes in one arena, 8 bytes of offset
 * and 8 to 16 bytes of hash table a string.  Strings are compared byte
 * for byte (any bytes, NULs included); the hash only finds them. */
#ifndef CRAWLUTILS_IDTAB_H
#define CRAWLUTILS_IDTAB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "buf.h"

#define IDTAB_MAX	UINT32_C(0xfffffffe)	/* strings a table */

struct idtab {
	struct buf	 bytes;
	uint64_t	*off;		/* string i: bytes.p[off[i] .. off[i + 1]) */
	size_t		 n, capoff;
	uint64_t	*slot;		/* 0, or hash bits << 32 | (number + 1) */
	size_t		 nslot;
};

void idtab_init(struct idtab *t);
void idtab_free(struct idtab *t);
/* Empty the table, keeping its memory for the next strings. */
void idtab_clear(struct idtab *t);
/* The number of p[0..n), added if it is new (*added tells which). */
uint32_t idtab_add(struct idtab *t, const char *p, size_t n, bool *added);
/* The number of p[0..n), or false if it is not in the table. */
bool idtab_find(const struct idtab *t, const char *p, size_t n, uint32_t *id);
/* Bytes of the table, for memory reports. */
size_t idtab_bytes(const struct idtab *t);

static inline const char *
idtab_get(const struct idtab *t, uint32_t id, size_t *n)
{
	*n = (size_t)(t->off[id + 1] - t->off[id]);
	return t->bytes.p + t->off[id];
}

#endif
