#define _GNU_SOURCE		/* memrchr, memmem */
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libpsl.h>
#include <unicode/utf8.h>
#define XXH_INLINE_ALL		/* the hash of a short host, inline */
#include <xxhash.h>

#include "buf.h"
#include "pubsuffix.h"
#include "xalloc.h"

/* A list file larger than this is not one: the 2023 list is 240 kB, and
 * "--psl /dev/zero" must end. */
#define LIST_MAX	(64u << 20)
/* libpsl reads a text list with fgets() into 256 bytes: a longer line
 * would be cut, and its rest taken for a rule. */
#define LINE_MAX_PSL	254

/* The cache of answers, by host: a crawl's hosts repeat, and a lookup in
 * libpsl's DAFSA costs about 0.8 us (two to four walks of the automaton).
 * kasztp.txt (48,010 real URLs) has 22,154 distinct hosts.  Measured on
 * bench/urlnorm.sh's 20 copies, as the time of --parts domain,host over
 * plain urlnorm, on a loaded 2-core machine: a cache of 4,096 entries
 * evicting the least recent one, 3.3 times; 64K entries of 67 bytes with
 * the key inside, 2.3 times; 8-byte slots pointing into an arena of keys,
 * 1.85 times; 32-byte slots with keys of up to 27 bytes, 1.95 times.  A
 * hit waits for the memory, the longer the larger the table.  Knowing a
 * host by its length and 96 bits of its hash alone, 16-byte slots and 1
 * MB in all, measured 1.6 to 1.8 times, but two hosts whose hashes agree
 * would share an answer: XXH3 is no cryptographic hash, and a page's
 * links are anyone's to choose.  So the slot's 64-bit hash finds the
 * entry and the host's bytes, kept in an arena beside the table, confirm
 * it: 16-byte slots, exact (1.85 to 1.95 times in those measurements).
 * (A prefetch of the slot before the URL is normalized, and a second,
 * smaller table in front, gained nothing measurable.)  Open addressing at
 * a load of at most a half; when the table is half full it starts again
 * empty, the arena with it, which keeps it simple and its memory bounded
 * (CACHE_MAX keys of at most CACHE_KEYMAX bytes). */
#define CACHE_SLOTS	(1u << 16)	/* a power of two */
#define CACHE_MAX	(CACHE_SLOTS / 2)
#define CACHE_KEYMAX	254		/* offsets fit a byte, 255 is none */

struct slot {
	uint64_t hash;		/* XXH3 of the host */
	uint32_t key;		/* the host's offset in the arena */
	uint8_t	 klen;		/* 0: empty */
	uint8_t	 suffix, domain, end;	/* 255: none */
};

struct pubsuffix {
	psl_ctx_t	*psl;
	int		 type;		/* PSL_TYPE_ICANN or PSL_TYPE_ANY */
	struct buf	 tmp;		/* the NUL-terminated name for libpsl */
	/* the last host and its answer: the URLs of a site often come
	 * together (15% of kasztp.txt's follow one of the same host) */
	char		 last[CACHE_KEYMAX];
	size_t		 nlast;		/* 0: none */
	struct pubsuffix_split rlast;
	bool		 oklast;
	struct slot	*slots;		/* CACHE_SLOTS, NULL until first used */
	struct buf	 keys;		/* the arena of the slots' hosts */
	size_t		 entries;
};

static void
fail(char *err, size_t errsize, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
fail(char *err, size_t errsize, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errsize, fmt, ap);
	va_end(ap);
}

/* Read the whole file at path into b; false (and err) if it cannot be
 * read or is too large. */
static bool
slurp(const char *path, struct buf *b, char *err, size_t errsize)
{
	FILE *fp = fopen(path, "rb");
	size_t n;

	if (fp == NULL) {
		fail(err, errsize, "%s: %s", path, strerror(errno));
		return false;
	}
	for (;;) {
		buf_reserve(b, 65536);
		n = fread(b->p + b->len, 1, 65536, fp);
		b->len += n;
		if (b->len > LIST_MAX) {
			fail(err, errsize, "%s: larger than %u MB: not a Public "
			    "Suffix List", path, LIST_MAX >> 20);
			fclose(fp);
			return false;
		}
		if (n < 65536)
			break;
	}
	if (ferror(fp)) {
		fail(err, errsize, "%s: %s", path, strerror(errno));
		fclose(fp);
		return false;
	}
	fclose(fp);
	return true;
}

/* Is r[0..n) a rule of the list's syntax?  Labels of lowercase letters,
 * digits, '-', '_' and non-ASCII characters (the list is lowercase),
 * not empty; "*." or '!' before the first one. */
static bool
rule_ok(const char *r, size_t n)
{
	size_t i = 0, label = 0;

	if (n > 0 && r[0] == '!')
		i = 1;
	else if (n > 1 && r[0] == '*' && r[1] == '.')
		i = 2;
	if (i == n)
		return false;
	for (; i < n; i++) {
		unsigned char c = (unsigned char)r[i];

		if (c == '.') {
			if (label == 0)
				return false;
			label = 0;
			continue;
		}
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		    c == '-' || c == '_' || c >= 0x80))
			return false;
		label++;
	}
	return label > 0;
}

/* Check the text list l[0..n) as pubsuffix.h says; false (and err) if
 * it is not one. */
static bool
check_text(const char *path, const char *l, size_t n, char *err,
    size_t errsize)
{
	const char *p = l, *end = l + n;
	bool icann = false;
	size_t line = 0;

	for (int32_t i = 0; i < (int32_t)n;) {
		UChar32 c;
		int32_t at = i;

		U8_NEXT(l, i, (int32_t)n, c);
		if (c < 0 || c == 0) {
			size_t ln = 1;

			for (int32_t j = 0; j < at; j++)
				ln += l[j] == '\n';
			fail(err, errsize, "%s:%zu: not a Public Suffix List: %s",
			    path, ln, c == 0 ? "a NUL byte" : "not UTF-8");
			return false;
		}
	}
	while (p < end) {
		const char *e = memchr(p, '\n', (size_t)(end - p)), *s, *w;

		if (e == NULL)
			e = end;
		line++;
		if (e - p > LINE_MAX_PSL) {
			fail(err, errsize, "%s:%zu: a line longer than %d bytes, "
			    "which libpsl cannot read", path, line, LINE_MAX_PSL);
			return false;
		}
		s = p;
		while (s < e && (*s == ' ' || *s == '\t' || *s == '\r'))
			s++;
		if (e - s >= 2 && s[0] == '/' && s[1] == '/') {
			/* the section marks are comments */
			if (!icann && memmem(s, (size_t)(e - s),
			    "===BEGIN ICANN DOMAINS===", 25) != NULL)
				icann = true;
		} else if (s < e) {
			/* a rule is read up to the first white space */
			for (w = s; w < e && *w != ' ' && *w != '\t' &&
			    *w != '\r'; w++)
				;
			if (!rule_ok(s, (size_t)(w - s))) {
				char q[64];
				size_t qn = (size_t)(w - s);

				snprintf(q, sizeof q, "%.*s%s", (int)(qn > 40 ?
				    40 : qn), s, qn > 40 ? "..." : "");
				fail(err, errsize, "%s:%zu: not a Public Suffix "
				    "List rule: '%s'", path, line, q);
				return false;
			}
		}
		p = e + (e < end);
	}
	if (!icann) {
		fail(err, errsize, "%s: not a Public Suffix List: no line "
		    "'// ===BEGIN ICANN DOMAINS==='", path);
		return false;
	}
	return true;
}

struct pubsuffix *
pubsuffix_open(const char *path, bool private_rules, char *err,
    size_t errsize)
{
	static const char dafsa[] = ".DAFSA@PSL_";
	struct pubsuffix *ps;
	struct buf b = { 0 };
	psl_ctx_t *psl;
	FILE *fp;
	bool is_dafsa;

	if (path == NULL)
		path = *psl_dist_filename() ? psl_dist_filename() :
		    PUBSUFFIX_DEFAULT;
	if (!slurp(path, &b, err, errsize)) {
		buf_free(&b);
		return NULL;
	}
	if (b.len == 0) {
		fail(err, errsize, "%s: empty: not a Public Suffix List", path);
		buf_free(&b);
		return NULL;
	}
	/* libpsl tells a DAFSA by its first line, 16 bytes with the LF,
	 * and reads any other file as the text form */
	is_dafsa = b.len >= 16 && memcmp(b.p, dafsa, sizeof dafsa - 1) == 0 &&
	    memchr(b.p, '\n', 16) == b.p + 15 && memchr(b.p, '\0', 16) == NULL;
	if (!is_dafsa && !check_text(path, b.p, b.len, err, errsize)) {
		buf_free(&b);
		return NULL;
	}
	if ((fp = fmemopen(b.p, b.len, "r")) == NULL) {
		fail(err, errsize, "%s: %s", path, strerror(errno));
		buf_free(&b);
		return NULL;
	}
	psl = psl_load_fp(fp);
	fclose(fp);
	buf_free(&b);
	if (psl == NULL) {
		fail(err, errsize, "%s: not a Public Suffix List libpsl can "
		    "read", path);
		return NULL;
	}
	ps = xmalloc(sizeof *ps);
	memset(ps, 0, sizeof *ps);
	ps->psl = psl;
	ps->type = private_rules ? PSL_TYPE_ANY : PSL_TYPE_ICANN;
	return ps;
}

void
pubsuffix_close(struct pubsuffix *ps)
{
	if (ps == NULL)
		return;
	psl_free(ps->psl);
	buf_free(&ps->tmp);
	free(ps->slots);
	buf_free(&ps->keys);
	free(ps);
}

/* The lookup itself.  libpsl answers "is this name a public suffix?";
 * the suffix of a host is the longest of its ends that is one, so the
 * ends are tried from the longest, as psl_registrable_domain() does
 * ("forgot.his.name" is a rule where "his.name" is not), but in the
 * section asked for, which psl_registrable_domain() cannot be told. */
static void
lookup(struct pubsuffix *ps, const char *h, size_t end,
    struct pubsuffix_split *r)
{
	size_t starts[PUBSUFFIX_MAX_LABELS + 1], k = 0, i = end, base;
	const char *t;

	/* starts[0] is the last label, starts[k - 1] the leftmost one
	 * tried; starts[k] (if k > PUBSUFFIX_MAX_LABELS) the one before */
	while (k <= PUBSUFFIX_MAX_LABELS) {
		const char *dot = i > 0 ? memrchr(h, '.', i) : NULL;

		starts[k++] = dot != NULL ? (size_t)(dot - h) + 1 : 0;
		if (dot == NULL)
			break;
		i = (size_t)(dot - h);
	}
	base = starts[k - 1];
	ps->tmp.len = 0;
	buf_append(&ps->tmp, h + base, end - base);
	t = buf_cstr(&ps->tmp);
	r->end = end;
	r->domain = SIZE_MAX;
	for (size_t j = k > PUBSUFFIX_MAX_LABELS ? PUBSUFFIX_MAX_LABELS : k;
	    j-- > 0;) {
		/* the implicit "*" rule answers for the last label */
		if (j == 0 || psl_is_public_suffix2(ps->psl, t + (starts[j] -
		    base), ps->type)) {
			r->suffix = starts[j];
			if (j + 1 < k)
				r->domain = starts[j + 1];
			return;
		}
	}
}

/* The slot of host h[0..n) (hash hv): its entry, or the empty slot where
 * it goes. */
static struct slot *
cache_find(struct pubsuffix *ps, const char *h, size_t n, uint64_t hv)
{
	for (size_t i = (size_t)hv & (CACHE_SLOTS - 1);;
	    i = (i + 1) & (CACHE_SLOTS - 1)) {
		struct slot *sl = &ps->slots[i];

		if (sl->klen == 0 || (sl->klen == n && sl->hash == hv &&
		    memcmp(ps->keys.p + sl->key, h, n) == 0))
			return sl;
	}
}

/* Fill sl, or another slot if the table had to start again; that one. */
static struct slot *
cache_put(struct pubsuffix *ps, struct slot *sl, const char *h, size_t n,
    uint64_t hv, bool ok, const struct pubsuffix_split *r)
{
	if (ps->entries == CACHE_MAX) {
		memset(ps->slots, 0, CACHE_SLOTS * sizeof *ps->slots);
		ps->entries = 0;
		ps->keys.len = 0;
		sl = cache_find(ps, h, n, hv);
	}
	sl->key = (uint32_t)ps->keys.len;
	buf_append(&ps->keys, h, n);
	sl->klen = (uint8_t)n;
	sl->suffix = ok ? (uint8_t)r->suffix : 255;
	sl->domain = !ok || r->domain == SIZE_MAX ? 255 : (uint8_t)r->domain;
	sl->end = (uint8_t)r->end;
	sl->hash = hv;
	ps->entries++;
	return sl;
}

static void
cache_alloc(struct pubsuffix *ps)
{
	ps->slots = xmalloc(CACHE_SLOTS * sizeof *ps->slots);
	memset(ps->slots, 0, CACHE_SLOTS * sizeof *ps->slots);
}

bool
pubsuffix_split(struct pubsuffix *ps, const char *h, size_t n,
    struct pubsuffix_split *r)
{
	struct slot *sl = NULL;
	uint64_t hv = 0;
	size_t end = n;
	bool ok;

	if (end > 0 && h[end - 1] == '.')
		end--;
	if (n > 0 && n == ps->nlast && memcmp(h, ps->last, n) == 0) {
		*r = ps->rlast;
		return ps->oklast;
	}
	if (n > 0 && n <= CACHE_KEYMAX) {
		if (ps->slots == NULL)
			cache_alloc(ps);
		hv = XXH3_64bits(h, n);
		sl = cache_find(ps, h, n, hv);
		if (sl->klen != 0) {
			r->suffix = sl->suffix == 255 ? SIZE_MAX : sl->suffix;
			r->domain = sl->domain == 255 ? SIZE_MAX : sl->domain;
			r->end = sl->end;
			ok = sl->suffix != 255;
			goto remember;
		}
	}
	/* an empty label: not a domain name */
	if (end == 0 || h[0] == '.' || memmem(h, end, "..", 2) != NULL) {
		r->suffix = r->domain = SIZE_MAX;
		r->end = end;
		ok = false;
	} else {
		lookup(ps, h, end, r);
		ok = true;
	}
	if (sl != NULL)
		cache_put(ps, sl, h, n, hv, ok, r);
remember:
	if (n <= CACHE_KEYMAX) {
		memcpy(ps->last, h, n);
		ps->nlast = n;
		ps->rlast = *r;
		ps->oklast = ok;
	}
	return ok;
}
