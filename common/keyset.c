#define _DEFAULT_SOURCE		/* getentropy */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <xxhash.h>

#include "diag.h"
#include "keyset.h"
#include "xalloc.h"

/* A slot: the arena offset of an entry plus 1 in the low 40 bits (0 is
 * an empty slot), 24 bits of its hash above, to skip most comparisons. */
#define OFF_BITS	40
#define OFF_MASK	((UINT64_C(1) << OFF_BITS) - 1)

size_t
keyset_leb128_put(uint64_t v, unsigned char out[10])
{
	size_t n = 0;

	while (v >= 0x80) {
		out[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	out[n++] = (unsigned char)v;
	return n;
}

size_t
keyset_leb128_get(const unsigned char *p, size_t n, uint64_t *v)
{
	uint64_t x = 0;

	for (size_t i = 0; i < n && i < 10; i++) {
		uint64_t b = p[i] & 0x7f;

		/* the tenth byte holds bit 63 only */
		if (i == 9 && b > 1)
			return 0;
		x |= b << (7 * i);
		if (!(p[i] & 0x80)) {
			/* a final 0 after other bytes is superfluous */
			if (i > 0 && p[i] == 0)
				return 0;
			*v = x;
			return i + 1;
		}
	}
	return 0;
}

uint64_t
keyset_random_seed(void)
{
	uint64_t s;

	if (getentropy(&s, sizeof s) != 0)
		s = (uint64_t)time(NULL) ^ (uint64_t)getpid() << 32;
	return s;
}

static void
alloc_slots(struct keyset *ks, size_t n)
{
	if (n > SIZE_MAX / sizeof *ks->slots)
		diag_fatal("out of memory");
	ks->slots = calloc(n, sizeof *ks->slots);
	if (ks->slots == NULL)
		diag_fatal("out of memory");
	ks->nslots = n;
}

void
keyset_init(struct keyset *ks, size_t hint)
{
	size_t n = 1024;

	memset(ks, 0, sizeof *ks);
	while (n / 4 * 3 < hint && n < SIZE_MAX / 16)
		n *= 2;
	alloc_slots(ks, n);
	ks->seed = keyset_random_seed();
}

void
keyset_free(struct keyset *ks)
{
	free(ks->arena);
	free(ks->slots);
	memset(ks, 0, sizeof *ks);
}

/* The key of the entry at off. */
static const unsigned char *
entry(const struct keyset *ks, uint64_t off, size_t *len)
{
	uint64_t n;
	size_t h = keyset_leb128_get(ks->arena + off, ks->len - off, &n);

	*len = (size_t)n;
	return ks->arena + off + h;
}

/* The slot of key: the one that holds it, or the empty one where it
 * goes. */
static uint64_t *
find(const struct keyset *ks, const void *key, size_t len, uint64_t h)
{
	size_t mask = ks->nslots - 1, i = (size_t)h & mask;
	uint64_t tag = h >> OFF_BITS << OFF_BITS;

	for (;; i = (i + 1) & mask) {
		uint64_t s = ks->slots[i];
		const unsigned char *k;
		size_t klen;

		if (s == 0)
			return &ks->slots[i];
		if ((s & ~OFF_MASK) != tag)
			continue;
		k = entry(ks, (s & OFF_MASK) - 1, &klen);
		if (klen == len && (len == 0 || memcmp(k, key, len) == 0))
			return &ks->slots[i];
	}
}

static uint64_t
hash(const struct keyset *ks, const void *key, size_t len)
{
	return XXH3_64bits_withSeed(key, len, ks->seed);
}

/* Double the table, and index again the keys in arena[0..end).  The
 * arena is walked in order rather than the old table, so its bytes are
 * read as a stream instead of at random. */
static void
grow(struct keyset *ks, size_t end)
{
	size_t off = 0, mask;

	if (ks->nslots > SIZE_MAX / 2 / sizeof *ks->slots)
		diag_fatal("out of memory");
	free(ks->slots);
	alloc_slots(ks, ks->nslots * 2);
	mask = ks->nslots - 1;
	while (off < end) {
		size_t klen, i;
		const unsigned char *k = entry(ks, off, &klen);
		uint64_t h = hash(ks, k, klen);

		/* the keys are distinct: the first empty slot is theirs */
		for (i = (size_t)h & mask; ks->slots[i] != 0; i = (i + 1) & mask)
			;
		ks->slots[i] = (h >> OFF_BITS << OFF_BITS) | (off + 1);
		off = (size_t)(k - ks->arena) + klen;
	}
}

static bool
full(const struct keyset *ks)
{
	return ks->count + 1 > ks->nslots / 4 * 3;
}

bool
keyset_add(struct keyset *ks, const void *key, size_t len)
{
	uint64_t h = hash(ks, key, len), *slot;
	unsigned char head[10];
	size_t nh, off = ks->len;

	slot = find(ks, key, len, h);
	if (*slot != 0)
		return false;
	nh = keyset_leb128_put(len, head);
	if (nh + len > OFF_MASK - 1 - off)
		diag_fatal("exact set: more than %llu bytes of keys",
		    (unsigned long long)OFF_MASK - 1);
	if (ks->cap - ks->len < nh + len)
		ks->arena = xgrow(ks->arena, &ks->cap, ks->len + nh + len);
	memcpy(ks->arena + off, head, nh);
	if (len)
		memcpy(ks->arena + off + nh, key, len);
	ks->len += nh + len;
	*slot = (h >> OFF_BITS << OFF_BITS) | (off + 1);
	ks->count++;
	if (full(ks))
		grow(ks, ks->len);
	return true;
}

bool
keyset_contains(const struct keyset *ks, const void *key, size_t len)
{
	return *find(ks, key, len, hash(ks, key, len)) != 0;
}

bool
keyset_adopt(struct keyset *ks, unsigned char *p, size_t n, char *err,
    size_t errlen)
{
	size_t off = 0;

	keyset_free(ks);
	keyset_init(ks, 0);
	ks->arena = p;
	ks->len = ks->cap = n;
	if (n > OFF_MASK - 1) {
		snprintf(err, errlen, "more than %llu bytes of keys",
		    (unsigned long long)OFF_MASK - 1);
		goto bad;
	}
	while (off < n) {
		uint64_t klen, h, *slot;
		size_t nh = keyset_leb128_get(p + off, n - off, &klen);

		if (nh == 0) {
			snprintf(err, errlen, "key %zu, at byte %zu of the "
			    "keys: its length is not well formed",
			    ks->count + 1, off);
			goto bad;
		}
		if (klen > n - off - nh) {
			snprintf(err, errlen, "key %zu, at byte %zu of the "
			    "keys: its length (%llu) runs past the end",
			    ks->count + 1, off, (unsigned long long)klen);
			goto bad;
		}
		h = hash(ks, p + off + nh, (size_t)klen);
		slot = find(ks, p + off + nh, (size_t)klen, h);
		if (*slot != 0) {
			snprintf(err, errlen, "key %zu, at byte %zu of the "
			    "keys: a duplicate", ks->count + 1, off);
			goto bad;
		}
		*slot = (h >> OFF_BITS << OFF_BITS) | (off + 1);
		ks->count++;
		off += nh + (size_t)klen;
		if (full(ks))
			grow(ks, off);
	}
	return true;
bad:
	keyset_free(ks);
	keyset_init(ks, 0);
	return false;
}

size_t
keyset_memory(const struct keyset *ks)
{
	/* The arena's unused room is address space that realloc has not
	 * had touched: it takes no memory until keys come. */
	return ks->len + ks->nslots * sizeof *ks->slots;
}
