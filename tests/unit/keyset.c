/* Unit tests of common/keyset.c. */
#include "keyset.h"

#include "unit.h"

void
test_keyset(void)
{
	static const struct {
		uint64_t v;
		const char *enc;
		size_t n;
	} leb[] = {
		{ 0, "\x00", 1 }, { 1, "\x01", 1 }, { 127, "\x7f", 1 },
		{ 128, "\x80\x01", 2 }, { 300, "\xac\x02", 2 },
		{ UINT64_MAX, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 10 },
	};
	static const struct {
		const char *enc;
		size_t n;
		const char *why;
	} bad[] = {
		{ "", 0, "nothing" },
		{ "\x80", 1, "no last byte" },
		{ "\x80\x00", 2, "a superfluous 0" },
		{ "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x02", 10, "65 bits" },
		{ "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x81\x01", 11,
		    "11 bytes" },
	};
	struct keyset ks;
	unsigned char out[10], *arena;
	uint64_t v;
	char key[32], err[200];
	int lost = 0;

	for (size_t i = 0; i < sizeof leb / sizeof *leb; i++)
		ok(keyset_leb128_put(leb[i].v, out) == leb[i].n &&
		    memcmp(out, leb[i].enc, leb[i].n) == 0 &&
		    keyset_leb128_get((const unsigned char *)leb[i].enc,
		    leb[i].n, &v) == leb[i].n && v == leb[i].v,
		    "leb128: %llu", (unsigned long long)leb[i].v);
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		ok(keyset_leb128_get((const unsigned char *)bad[i].enc,
		    bad[i].n, &v) == 0, "leb128: %s is an error", bad[i].why);

	keyset_init(&ks, 0);
	ok(keyset_add(&ks, "", 0) && !keyset_add(&ks, "", 0) &&
	    keyset_add(&ks, "a\0b", 3) && !keyset_add(&ks, "a\0b", 3) &&
	    keyset_add(&ks, "a\0c", 3) && keyset_add(&ks, "a", 1) &&
	    ks.count == 4, "keyset: the empty key and keys with NUL bytes");
	ok(ks.len == 1 + 4 + 4 + 2 &&
	    memcmp(ks.arena, "\0\3a\0b\3a\0c\1a", ks.len) == 0,
	    "keyset: the arena holds the keys in order, with their lengths");
	for (int i = 0; i < 100000; i++) {
		snprintf(key, sizeof key, "k%d", i);
		lost += !keyset_add(&ks, key, strlen(key));
	}
	for (int i = 0; i < 100000; i++) {
		snprintf(key, sizeof key, "k%d", i);
		lost += keyset_add(&ks, key, strlen(key)) ||
		    !keyset_contains(&ks, key, strlen(key));
	}
	ok(lost == 0 && ks.count == 100004 && !keyset_contains(&ks, "k", 1),
	    "keyset: 100000 keys through growth, each found again");

	/* An arena read back is the same set; a bad one is refused. */
	arena = xmalloc(ks.len);
	memcpy(arena, ks.arena, ks.len);
	{
		struct keyset back;
		size_t n = ks.len;

		keyset_init(&back, 0);
		ok(keyset_adopt(&back, arena, n, err, sizeof err) &&
		    back.count == ks.count && keyset_contains(&back, "a\0c", 3) &&
		    keyset_contains(&back, "k99999", 6) &&
		    !keyset_add(&back, "k5", 2), "keyset: adopt an arena");
		keyset_free(&back);
	}
	keyset_free(&ks);

#define ADOPT_BAD(bytes, want) do { \
	struct keyset bk; \
	unsigned char *a = xmalloc(sizeof bytes - 1); \
	memcpy(a, bytes, sizeof bytes - 1); \
	keyset_init(&bk, 0); \
	ok(!keyset_adopt(&bk, a, sizeof bytes - 1, err, sizeof err) && \
	    strstr(err, want) != NULL && bk.count == 0, \
	    "keyset: adopt refuses %s: %s", #bytes, err); \
	keyset_free(&bk); \
	} while (0)
	ADOPT_BAD("\1a\1a", "duplicate");
	ADOPT_BAD("\1a\3ab", "runs past the end");
	ADOPT_BAD("\1a\x80", "not well formed");
	ADOPT_BAD("\x81\x00", "not well formed");
}
