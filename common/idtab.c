#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define XXH_INLINE_ALL
#include <xxhash.h>

#include "cli.h"
#include "diag.h"
#include "idtab.h"
#include "xalloc.h"

CLI_XXHASH_INLINED

void
idtab_init(struct idtab *t)
{
	memset(t, 0, sizeof *t);
}

void
idtab_free(struct idtab *t)
{
	buf_free(&t->bytes);
	free(t->off);
	free(t->slot);
	memset(t, 0, sizeof *t);
}

void
idtab_clear(struct idtab *t)
{
	t->bytes.len = 0;
	t->n = 0;
	if (t->slot != NULL)
		memset(t->slot, 0, t->nslot * sizeof *t->slot);
}

size_t
idtab_bytes(const struct idtab *t)
{
	return t->bytes.cap + t->capoff * sizeof *t->off +
	    t->nslot * sizeof *t->slot;
}

static uint64_t
hash(const char *p, size_t n)
{
	return XXH3_64bits(p, n);
}

/* Where p[0..n) is, or the empty slot where it would go. */
static size_t
probe(const struct idtab *t, const char *p, size_t n, uint64_t h)
{
	size_t mask = t->nslot - 1, i = (size_t)h & mask;
	uint64_t tag = h >> 32 << 32;

	for (;; i = (i + 1) & mask) {
		uint64_t e = t->slot[i];
		uint32_t id;
		size_t len;
		const char *q;

		if (e == 0)
			return i;
		if ((e & ~(uint64_t)UINT32_MAX) != tag)
			continue;
		id = (uint32_t)e - 1;
		q = idtab_get(t, id, &len);
		if (len == n && (n == 0 || memcmp(p, q, n) == 0))
			return i;
	}
}

static void
rehash(struct idtab *t)
{
	size_t n = t->nslot ? t->nslot * 2 : 1024, mask = n - 1;
	uint64_t *slot = xmalloc(n * sizeof *slot);

	memset(slot, 0, n * sizeof *slot);
	for (size_t i = 0; i < t->nslot; i++) {
		uint64_t e = t->slot[i];
		size_t len, j;
		const char *q;

		if (e == 0)
			continue;
		q = idtab_get(t, (uint32_t)e - 1, &len);
		for (j = (size_t)hash(q, len) & mask; slot[j] != 0;
		    j = (j + 1) & mask)
			continue;
		slot[j] = e;
	}
	free(t->slot);
	t->slot = slot;
	t->nslot = n;
}

bool
idtab_find(const struct idtab *t, const char *p, size_t n, uint32_t *id)
{
	size_t i;

	if (t->n == 0)
		return false;
	i = probe(t, p, n, hash(p, n));
	if (t->slot[i] == 0)
		return false;
	*id = (uint32_t)t->slot[i] - 1;
	return true;
}

uint32_t
idtab_add(struct idtab *t, const char *p, size_t n, bool *added)
{
	uint64_t h = hash(p, n);
	size_t i;

	if ((t->n + 1) * 2 > t->nslot)
		rehash(t);
	i = probe(t, p, n, h);
	if (t->slot[i] != 0) {
		*added = false;
		return (uint32_t)t->slot[i] - 1;
	}
	if (t->n >= IDTAB_MAX)
		diag_fatal("more than %lu distinct IDs", (unsigned long)IDTAB_MAX);
	t->off = xgrow_array(t->off, &t->capoff, t->n + 2, sizeof *t->off);
	if (t->n == 0)
		t->off[0] = 0;
	buf_reserve(&t->bytes, n + 1);	/* never a null arena */
	buf_append(&t->bytes, p, n);
	t->off[t->n + 1] = t->bytes.len;
	t->slot[i] = (h >> 32 << 32) | (t->n + 1);
	*added = true;
	return (uint32_t)t->n++;
}
