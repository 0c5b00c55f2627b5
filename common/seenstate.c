#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <xxhash.h>

#include "seenstate.h"
#include "xalloc.h"

static const unsigned char magic[8] = {
	0x89, 's', 'e', 'e', 'n', '\r', '\n', 0x1a
};

static uint32_t
get32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static uint64_t
get64(const unsigned char *p)
{
	return (uint64_t)get32(p) | (uint64_t)get32(p + 4) << 32;
}

static void
put32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> 8 * i);
}

static void
put64(unsigned char *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

/* The checksum of a state: of the header without its last 8 bytes, then
 * of the payload. */
static uint64_t
checksum(const unsigned char *h, const void *payload, size_t n)
{
	XXH3_state_t *s = XXH3_createState();
	uint64_t sum;

	if (s == NULL)
		abort();	/* malloc failed */
	XXH3_64bits_reset(s);
	XXH3_64bits_update(s, h, SEENSTATE_HEADER - 8);
	XXH3_64bits_update(s, payload, n);
	sum = XXH3_64bits_digest(s);
	XXH3_freeState(s);
	return sum;
}

/* Read n bytes; false with a message if the file ends or fails first. */
static bool
read_full(int fd, void *buf, size_t n, char *err, size_t errlen)
{
	unsigned char *p = buf;

	while (n > 0) {
		ssize_t r = read(fd, p, n > (1 << 30) ? (1 << 30) : n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			snprintf(err, errlen, "read error: %s", strerror(errno));
			return false;
		}
		if (r == 0) {
			snprintf(err, errlen, "the file changed while it was "
			    "read");
			return false;
		}
		p += r;
		n -= (size_t)r;
	}
	return true;
}

/* The header of a state of this kind, checked; false with a message. */
static bool
check_header(const unsigned char *h, unsigned long long size,
    uint64_t *payload, char *err, size_t errlen)
{
	uint32_t version = get32(h + 8), kind = get32(h + 12);
	uint32_t hash = get32(h + 16), k = get32(h + 20);
	uint64_t m = get64(h + 24), n = get64(h + 32), pbits = get64(h + 40);
	double p;

	if (version != SEENSTATE_VERSION) {
		snprintf(err, errlen, "a state file of version %lu; this seen "
		    "reads version %d", (unsigned long)version,
		    SEENSTATE_VERSION);
		return false;
	}
	memcpy(&p, &pbits, sizeof p);	/* IEEE 754 on every host we run on */
	switch (kind) {
	case SEENSTATE_BLOOM:
		if (hash != 1) {
			snprintf(err, errlen, "an unknown hash function (%lu)",
			    (unsigned long)hash);
			return false;
		}
		if (k < 1 || k > BLOOM_MAX_K || m < 64 || m % 64 != 0 ||
		    n < 1 || !(p > 0 && p < 1)) {
			snprintf(err, errlen, "a bad header: m %llu, k %lu, "
			    "n %llu, p %g", (unsigned long long)m,
			    (unsigned long)k, (unsigned long long)n, p);
			return false;
		}
		*payload = m / 8;
		break;
	case SEENSTATE_EXACT:
		if (hash != 0 || k != 0 || n != 0 || pbits != 0) {
			snprintf(err, errlen, "a bad header for an exact set");
			return false;
		}
		*payload = m;
		break;
	default:
		snprintf(err, errlen, "an unknown kind of state (%lu)",
		    (unsigned long)kind);
		return false;
	}
	if (size - SEENSTATE_HEADER < *payload) {
		snprintf(err, errlen, "truncated: %llu bytes, where the header "
		    "says %llu", size,
		    (unsigned long long)*payload + SEENSTATE_HEADER);
		return false;
	}
	if (size - SEENSTATE_HEADER > *payload) {
		snprintf(err, errlen, "bytes after the end of the state: %llu",
		    size - SEENSTATE_HEADER - (unsigned long long)*payload);
		return false;
	}
	return true;
}

static bool
check_bloom(const struct bloom *b, char *err, size_t errlen)
{
	uint64_t pop = bloom_popcount(b);

	/* Every new key sets at least one clear bit, and at most k. */
	if (b->count > pop || (pop + b->k - 1) / b->k > b->count) {
		snprintf(err, errlen, "%llu keys cannot have set %llu bits "
		    "with %u probes each", (unsigned long long)b->count,
		    (unsigned long long)pop, b->k);
		return false;
	}
	return true;
}

bool
seenstate_read(int fd, unsigned long long size, struct seenstate *st,
    char *err, size_t errlen)
{
	unsigned char h[SEENSTATE_HEADER], extra;
	uint64_t payload, count;
	unsigned char *p;
	ssize_t r;

	memset(st, 0, sizeof *st);
	if (size == 0) {
		snprintf(err, errlen, "empty: not a seen state file");
		return false;
	}
	if (!read_full(fd, h, size < sizeof h ? (size_t)size : sizeof h, err,
	    errlen))
		return false;
	if (memcmp(h, magic, size < sizeof magic ? (size_t)size :
	    sizeof magic) != 0) {
		snprintf(err, errlen, "not a seen state file");
		return false;
	}
	if (size < SEENSTATE_HEADER) {
		snprintf(err, errlen, "truncated: %llu bytes, less than a "
		    "header", size);
		return false;
	}
	if (!check_header(h, size, &payload, err, errlen))
		return false;
	if (payload > SIZE_MAX) {
		snprintf(err, errlen, "too large for this machine");
		return false;
	}
	st->kind = (enum seenstate_kind)get32(h + 12);
	count = get64(h + 48);
	if (st->kind == SEENSTATE_BLOOM) {
		bloom_alloc(&st->bloom, get64(h + 24), get32(h + 20));
		st->bloom.capacity = get64(h + 32);
		memcpy(&st->bloom.rate, h + 40, sizeof st->bloom.rate);
		st->bloom.count = count;
		p = st->bloom.bits;
	} else
		p = xmalloc((size_t)payload);
	if (!read_full(fd, p, (size_t)payload, err, errlen))
		goto bad;
	if ((r = read(fd, &extra, 1)) != 0) {
		snprintf(err, errlen, r < 0 ? "read error: %s" :
		    "the file changed while it was read", strerror(errno));
		goto bad;
	}
	if (checksum(h, p, (size_t)payload) != get64(h + 56)) {
		snprintf(err, errlen, "damaged: its checksum does not match");
		goto bad;
	}
	if (st->kind == SEENSTATE_BLOOM) {
		if (!check_bloom(&st->bloom, err, errlen))
			goto bad;
		return true;
	}
	if (!keyset_adopt(&st->exact, p, (size_t)payload, err, errlen)) {
		keyset_free(&st->exact);
		memset(st, 0, sizeof *st);
		return false;
	}
	if (st->exact.count != count) {
		snprintf(err, errlen, "%zu keys, where the header says %llu",
		    st->exact.count, (unsigned long long)count);
		seenstate_free(st);
		return false;
	}
	return true;
bad:
	if (st->kind == SEENSTATE_BLOOM)
		bloom_free(&st->bloom);
	else
		free(p);
	memset(st, 0, sizeof *st);
	return false;
}

static bool
write_all(int fd, const void *buf, size_t n)
{
	const unsigned char *p = buf;

	while (n > 0) {
		ssize_t w = write(fd, p, n > (1 << 30) ? (1 << 30) : n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return false;
		p += w;
		n -= (size_t)w;
	}
	return true;
}

bool
seenstate_write(int fd, const struct seenstate *st)
{
	unsigned char h[SEENSTATE_HEADER] = { 0 };
	const void *payload;
	size_t n;

	memcpy(h, magic, sizeof magic);
	put32(h + 8, SEENSTATE_VERSION);
	put32(h + 12, st->kind);
	if (st->kind == SEENSTATE_BLOOM) {
		const struct bloom *b = &st->bloom;
		uint64_t pbits;

		memcpy(&pbits, &b->rate, sizeof pbits);
		put32(h + 16, 1);
		put32(h + 20, b->k);
		put64(h + 24, b->m);
		put64(h + 32, b->capacity);
		put64(h + 40, pbits);
		put64(h + 48, b->count);
		payload = b->bits;
		n = (size_t)(b->m / 8);
	} else {
		put64(h + 24, st->exact.len);
		put64(h + 48, st->exact.count);
		payload = st->exact.arena;
		n = st->exact.len;
	}
	put64(h + 56, checksum(h, payload, n));
	return write_all(fd, h, sizeof h) && write_all(fd, payload, n);
}

void
seenstate_free(struct seenstate *st)
{
	if (st->kind == SEENSTATE_BLOOM)
		bloom_free(&st->bloom);
	else if (st->kind == SEENSTATE_EXACT)
		keyset_free(&st->exact);
	memset(st, 0, sizeof *st);
}
