/* Unit tests of common/seenstate.c. */
#include <unistd.h>

#include "bloom.h"
#include "keyset.h"
#include "seenstate.h"

#include "unit.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

/* Read a state file of the bytes of raw (at most a pipe's worth). */
static bool
state_parse(const struct buf *raw, struct seenstate *st, char *err,
    size_t errlen)
{
	int fds[2];
	bool r;

	if (pipe(fds) < 0 || (raw->len &&
	    write(fds[1], raw->p, raw->len) != (ssize_t)raw->len))
		abort();
	close(fds[1]);
	r = seenstate_read(fds[0], raw->len, st, err, errlen);
	close(fds[0]);
	return r;
}

/* Write st, its bytes into *raw, and read them back into *back. */
static bool
state_roundtrip(const struct seenstate *st, struct seenstate *back,
    struct buf *raw, char *err, size_t errlen)
{
	int fds[2];
	char b[4096];
	ssize_t k;

	if (pipe(fds) < 0 || !seenstate_write(fds[1], st))
		abort();
	close(fds[1]);
	raw->len = 0;
	while ((k = read(fds[0], b, sizeof b)) > 0)
		buf_append(raw, b, (size_t)k);
	close(fds[0]);
	return state_parse(raw, back, err, errlen);
}

/* Make the checksum of the state file in b right, as seenstate.h says. */
static void
fix_checksum(struct buf *b)
{
	XXH3_state_t *x = XXH3_createState();
	uint64_t sum;

	XXH3_64bits_reset(x);
	XXH3_64bits_update(x, b->p, 56);
	XXH3_64bits_update(x, b->p + 64, b->len - 64);
	sum = XXH3_64bits_digest(x);
	XXH3_freeState(x);
	for (int i = 0; i < 8; i++)
		b->p[56 + i] = (char)(sum >> 8 * i);
}

/* Read the bytes of raw as a state file: the error, or "" if it reads. */
static const char *
state_error(const struct buf *raw, char *err, size_t errlen)
{
	struct seenstate st;

	if (state_parse(raw, &st, err, errlen)) {
		seenstate_free(&st);
		err[0] = '\0';
	}
	return err;
}

void
test_seenstate(void)
{
	struct seenstate st = { 0 }, back;
	struct buf raw = { 0 }, bad = { 0 };
	char err[256];

	st.kind = SEENSTATE_BLOOM;
	bloom_init(&st.bloom, 1000, 0.01);
	bloom_add(&st.bloom, "x", 1);
	bloom_add(&st.bloom, "y", 1);
	ok(state_roundtrip(&st, &back, &raw, err, sizeof err) &&
	    back.kind == SEENSTATE_BLOOM && back.bloom.m == st.bloom.m &&
	    back.bloom.k == 7 && back.bloom.count == 2 &&
	    back.bloom.capacity == 1000 && back.bloom.rate == 0.01 &&
	    memcmp(back.bloom.bits, st.bloom.bits, st.bloom.m / 8) == 0 &&
	    raw.len == 64 + st.bloom.m / 8,
	    "seenstate: a Bloom filter reads back as it was written");
	ok(memcmp(raw.p, "\x89seen\r\n\x1a\1\0\0\0\1\0\0\0\1\0\0\0\7\0\0\0",
	    24) == 0, "seenstate: the header begins as documented");
	seenstate_free(&back);

#define STATE_BAD(edit, want) do { \
	bad.len = 0; \
	buf_append(&bad, raw.p, raw.len); \
	edit; \
	state_error(&bad, err, sizeof err); \
	ok(strstr(err, want) != NULL, "seenstate: %s: '%s'", #edit, err); \
	} while (0)
	ok(state_error(&raw, err, sizeof err)[0] == '\0',
	    "seenstate: the file as written reads without error");
	STATE_BAD(bad.len = 0, "empty");
	STATE_BAD(bad.len = 5, "truncated: 5 bytes");
	STATE_BAD((bad.len = 5, bad.p[1] = 'S'), "not a seen state file");
	STATE_BAD(bad.p[5] = '\n', "not a seen state file");
	STATE_BAD(bad.len = 40, "truncated");
	STATE_BAD(bad.len--, "truncated");
	STATE_BAD(buf_putc(&bad, 0), "bytes after the end of the state: 1");
	STATE_BAD(bad.p[8] = 2, "version 2; this seen reads version 1");
	STATE_BAD(bad.p[12] = 3, "unknown kind");
	STATE_BAD(bad.p[16] = 2, "unknown hash");
	STATE_BAD(bad.p[20] = 0, "bad header");
	STATE_BAD(bad.p[20] = 65, "bad header");
	STATE_BAD(bad.p[24] ^= 1, "bad header");
	STATE_BAD(bad.p[47] = 0x7f, "bad header");
	STATE_BAD(bad.p[48] = 3, "checksum");
	STATE_BAD(bad.p[100] ^= 4, "checksum");
	STATE_BAD((bad.p[48] = 0, fix_checksum(&bad)),
	    "0 keys cannot have set 14 bits with 7 probes each");
	STATE_BAD((bad.p[48] = 15, fix_checksum(&bad)),
	    "15 keys cannot have set 14 bits");
	seenstate_free(&st);

	st.kind = SEENSTATE_EXACT;
	keyset_init(&st.exact, 0);
	keyset_add(&st.exact, "one", 3);
	keyset_add(&st.exact, "t\two", 4);
	ok(state_roundtrip(&st, &back, &raw, err, sizeof err) &&
	    back.kind == SEENSTATE_EXACT && back.exact.count == 2 &&
	    keyset_contains(&back.exact, "t\two", 4) &&
	    raw.len == 64 + 4 + 5 &&
	    memcmp(raw.p + 64, "\3one\4t\two", 9) == 0,
	    "seenstate: an exact set reads back as it was written");
	seenstate_free(&back);
	STATE_BAD(bad.p[20] = 1, "bad header for an exact set");
	/* Inconsistent contents under a right checksum: still errors. */
	STATE_BAD((bad.p[64 + 4] = 3, memcpy(bad.p + 64 + 5, "one\0", 4),
	    fix_checksum(&bad)), "key 2, at byte 4 of the keys: a duplicate");
	STATE_BAD((bad.p[48] = 3, fix_checksum(&bad)),
	    "2 keys, where the header says 3");
	STATE_BAD(bad.p[48] = 3, "checksum");
	seenstate_free(&st);
	buf_free(&raw);
	buf_free(&bad);
}
