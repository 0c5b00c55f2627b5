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
 * (CACHE_MAX keys of at most CACHE_KEYMAX bytes).  Since then most
 * hosts skip the cache (shortcut() below). */
#define CACHE_SLOTS	(1u << 16)	/* a power of two */
#define CACHE_MAX	(CACHE_SLOTS / 2)
/* The table starts with this many slots and doubles up to CACHE_SLOTS
 * when half full: a small one stays in the processor's cache.  (Since
 * the shortcut answers the hosts of labels without deeper rules, the
 * cache holds only the others: kasztp.txt's 3,558 such hosts, 8,192
 * slots and 128 kB.) */
#define CACHE_FIRST	(1u << 12)
#define CACHE_KEYMAX	254		/* offsets fit a byte, 255 is none */

struct slot {
	uint64_t hash;		/* XXH3 of the host */
	uint32_t key;		/* the host's offset in the arena */
	uint8_t	 klen;		/* 0: empty */
	uint8_t	 suffix, domain, end;	/* 255: none */
};

/* The top-level labels under which the list has deeper rules, for the
 * shortcut of pubsuffix_split(): a host whose last label has none (in
 * the section asked for) has that label for its public suffix, whatever
 * libpsl would be asked, and the last two labels for its domain.  87% of
 * the URLs of kasztp.txt end in such a label ("com", "org", "de" have no
 * deeper ICANN rule), and the shortcut answers them without the cache.
 * It is exact: libpsl takes a name of two or more labels for a suffix
 * only by a word of the DAFSA equal to it, or a wildcard word equal to
 * its parent, and under such a label there is neither
 * (tests/unit/pubsuffix.c checks every rule of the list, and random
 * DAFSAs).  A label of up to
 * DEEP_KEYMAX bytes a slot, inline: a longer one is never taken for one
 * without deeper rules. */
#define DEEP_KEYMAX	31
/* The list of 2023 has 9,682 rules (the DAFSA's words, with the xn--
 * forms of international ones), each walked once: a file that makes the
 * walk take many times that is not one (a DAFSA's paths can be
 * exponentially many), and gets no shortcut. */
#define DAFSA_STEPS	(1u << 22)

struct deep {
	uint64_t head;		/* the first 8 bytes (le8()) */
	uint8_t	 len;		/* 0: empty */
	char	 rest[DEEP_KEYMAX - 8];	/* the others */
};

struct pubsuffix {
	psl_ctx_t	*psl;
	/* the labels with deeper rules, open addressing (a power of two
	 * slots, at most a quarter full); NULL: no shortcut */
	struct deep	*deep;
	size_t		 ndeep;
	int		 type;		/* PSL_TYPE_ICANN or PSL_TYPE_ANY */
	struct buf	 tmp;		/* the NUL-terminated name for libpsl */
	/* the last host and its answer: the URLs of a site often come
	 * together (15% of kasztp.txt's follow one of the same host) */
	char		 last[CACHE_KEYMAX];
	size_t		 nlast;		/* 0: none */
	struct pubsuffix_split rlast;
	bool		 oklast;
	struct slot	*slots;		/* nslots, NULL until first used */
	size_t		 nslots;
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

/* The n <= 8 bytes at s as a little-endian number: s[0] the lowest. */
static uint64_t
le8(const char *s, size_t n)
{
	uint64_t v = 0;

	for (size_t i = n; i-- > 0;)
		v = v << 8 | (unsigned char)s[i];
	return v;
}

/* The slot of a label of n <= DEEP_KEYMAX bytes, the first 8 head (le8())
 * and the others at rest: its entry, or the empty one where it goes.
 * Only the list's labels go into the table, so the hash need not
 * withstand chosen ones (Fibonacci hashing: the high bits of the
 * product). */
static struct deep *
deep_find(struct deep *tab, size_t ntab, uint64_t head, size_t n,
    const char *rest)
{
	uint64_t hv = (head ^ n) * 0x9e3779b97f4a7c15u;

	for (size_t i = (size_t)(hv >> 40) & (ntab - 1);;
	    i = (i + 1) & (ntab - 1)) {
		struct deep *d = &tab[i];

		if (d->len == 0 || (d->len == n && d->head == head &&
		    (n <= 8 || memcmp(d->rest, rest, n - 8) == 0)))
			return d;
	}
}

/* The walk of a DAFSA's words (the format of libpsl's
 * lookup_string_in_fixed_set.c, from Chromium's make_dafsa.py): a node
 * is a run of characters, the last with its high bit set and followed by
 * the offsets of the next nodes, or ending in a return value (0x80 to
 * 0x9F, the rule's flags).  The words come with their last label; the
 * labels of those with deeper rules are collected in labels. */
struct dafsa_walk {
	const unsigned char *g;
	size_t		 n;
	size_t		 steps;
	bool		 bad;
	bool		 private_rules;
	char		 word[256];
	struct buf	*labels;	/* NUL-separated */
};

/* libpsl's flags of a DAFSA word */
#define DAFSA_EXCEPTION	0x1
#define DAFSA_WILDCARD	0x2
#define DAFSA_ICANN	0x4
#define DAFSA_PRIVATE	0x8

static void
dafsa_word(struct dafsa_walk *w, size_t len, unsigned flags)
{
	const char *dot = memrchr(w->word, '.', len);
	size_t t = dot != NULL ? (size_t)(dot - w->word) + 1 : 0;

	/* a rule of the private section only does not count without
	 * private rules; one of neither section counts */
	if (!w->private_rules && (flags & DAFSA_PRIVATE) &&
	    !(flags & DAFSA_ICANN))
		return;
	if (t == 0 && !(flags & DAFSA_WILDCARD))
		return;
	buf_append(w->labels, w->word + t, len - t);
	buf_putc(w->labels, '\0');
}

/* The nodes whose offsets begin at pos, after the word's first len
 * bytes. */
static void
dafsa_walk(struct dafsa_walk *w, size_t pos, size_t len)
{
	size_t off = pos;

	for (;;) {
		unsigned b;
		size_t used, i, l;

		if (pos >= w->n || ++w->steps > DAFSA_STEPS) {
			w->bad = true;
			return;
		}
		b = w->g[pos];
		if ((b & 0x60) == 0x60 && pos + 2 < w->n) {
			off += (size_t)(b & 0x1F) << 16 |
			    (size_t)w->g[pos + 1] << 8 | w->g[pos + 2];
			used = 3;
		} else if ((b & 0x60) == 0x40 && pos + 1 < w->n) {
			off += (size_t)(b & 0x1F) << 8 | w->g[pos + 1];
			used = 2;
		} else if ((b & 0x60) < 0x40) {
			off += b & 0x3F;
			used = 1;
		} else {
			w->bad = true;
			return;
		}
		for (i = off, l = len; i < w->n && !(w->g[i] & 0x80); i++) {
			if (l == sizeof w->word) {
				w->bad = true;
				return;
			}
			w->word[l++] = (char)w->g[i];
		}
		if (i >= w->n) {
			w->bad = true;
			return;
		}
		if ((w->g[i] & 0xE0) == 0x80)
			dafsa_word(w, l, w->g[i] & 0x0F);
		else if (l == sizeof w->word) {
			w->bad = true;
			return;
		} else {
			w->word[l++] = (char)(w->g[i] & 0x7F);
			dafsa_walk(w, i + 1, l);
		}
		if (w->bad || (b & 0x80))
			return;
		pos += used;
	}
}

/* Collect the labels with deeper rules of the DAFSA g[0..n) (after its
 * header line) into ps->deep; none if it cannot be walked. */
static void
deep_build(struct pubsuffix *ps, const unsigned char *g, size_t n,
    bool private_rules)
{
	struct buf labels = { 0 };
	struct dafsa_walk w = { .g = g, .n = n,
	    .private_rules = private_rules, .labels = &labels };
	struct deep *big;
	size_t count = 0, nbig;

	dafsa_walk(&w, 0, 0);
	if (w.bad) {
		buf_free(&labels);
		return;
	}
	/* a table for every rule's label, then one for those that differ:
	 * 210 labels of the 2023 list's ICANN section (318 with the private
	 * one), 1,024 slots and 32 kB, where the 1 MB of the first would
	 * keep "com" and "org" out of the processor's cache */
	for (size_t i = 0; i < labels.len; i++)
		count += labels.p[i] == '\0';
	for (nbig = 16; nbig < 4 * count; nbig *= 2)
		;
	big = xmalloc(nbig * sizeof *big);
	memset(big, 0, nbig * sizeof *big);
	count = 0;
	for (size_t i = 0; i < labels.len;) {
		const char *s = labels.p + i;
		size_t len = strlen(s);

		if (len > 0 && len <= DEEP_KEYMAX) {
			uint64_t head = le8(s, len < 8 ? len : 8);
			struct deep *d = deep_find(big, nbig, head, len,
			    len > 8 ? s + 8 : s);

			if (d->len == 0)
				count++;
			d->len = (uint8_t)len;
			d->head = head;
			if (len > 8)
				memcpy(d->rest, s + 8, len - 8);
		}
		i += len + 1;
	}
	buf_free(&labels);
	for (ps->ndeep = 16; ps->ndeep < 4 * count; ps->ndeep *= 2)
		;
	ps->deep = xmalloc(ps->ndeep * sizeof *ps->deep);
	memset(ps->deep, 0, ps->ndeep * sizeof *ps->deep);
	for (size_t i = 0; i < nbig; i++)
		if (big[i].len != 0)
			*deep_find(ps->deep, ps->ndeep, big[i].head, big[i].len,
			    big[i].rest) = big[i];
	free(big);
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
	if (psl == NULL) {
		fail(err, errsize, "%s: not a Public Suffix List libpsl can "
		    "read", path);
		buf_free(&b);
		return NULL;
	}
	ps = xmalloc(sizeof *ps);
	memset(ps, 0, sizeof *ps);
	ps->psl = psl;
	ps->type = private_rules ? PSL_TYPE_ANY : PSL_TYPE_ICANN;
	if (is_dafsa)
		deep_build(ps, (const unsigned char *)b.p + 16, b.len - 16,
		    private_rules);
	buf_free(&b);
	return ps;
}

void
pubsuffix_close(struct pubsuffix *ps)
{
	if (ps == NULL)
		return;
	psl_free(ps->psl);
	free(ps->deep);
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
	for (size_t i = (size_t)hv & (ps->nslots - 1);;
	    i = (i + 1) & (ps->nslots - 1)) {
		struct slot *sl = &ps->slots[i];

		if (sl->klen == 0 || (sl->klen == n && sl->hash == hv &&
		    memcmp(ps->keys.p + sl->key, h, n) == 0))
			return sl;
	}
}

static void
cache_alloc(struct pubsuffix *ps, size_t nslots)
{
	ps->nslots = nslots;
	ps->slots = xmalloc(nslots * sizeof *ps->slots);
	memset(ps->slots, 0, nslots * sizeof *ps->slots);
}

/* Double the table: the same entries (their keys stay in the arena). */
static void
cache_grow(struct pubsuffix *ps)
{
	struct slot *old = ps->slots;
	size_t n = ps->nslots;

	cache_alloc(ps, 2 * n);
	for (size_t i = 0; i < n; i++)
		if (old[i].klen != 0)
			*cache_find(ps, ps->keys.p + old[i].key, old[i].klen,
			    old[i].hash) = old[i];
	free(old);
}

/* Fill sl, or another slot if the table had to grow or start again;
 * that one. */
static struct slot *
cache_put(struct pubsuffix *ps, struct slot *sl, const char *h, size_t n,
    uint64_t hv, bool ok, const struct pubsuffix_split *r)
{
	if (ps->entries == ps->nslots / 2) {
		if (ps->nslots < CACHE_SLOTS)
			cache_grow(ps);
		else {
			memset(ps->slots, 0, ps->nslots * sizeof *ps->slots);
			ps->entries = 0;
			ps->keys.len = 0;
		}
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

/* The bytes of host[0..end) eight at a time, as a little-endian word w
 * of n bytes: the bytes with the high bit set (high), whether two dots
 * are adjacent (empty), and 1 + the positions of the last two dots
 * (last, before; 0: none).  Exact: the dot bytes are found by the
 * carry-free test of Hacker's Delight, 6-1. */
struct scan {
	uint64_t high, empty;
	size_t	 last, before;
	uint64_t top;			/* 0x80 if the byte before was a dot */
};

#define ONES7	0x7f7f7f7f7f7f7f7fu

static void
scan_word(struct scan *sc, uint64_t w, size_t at)
{
	uint64_t x = w ^ 0x2e2e2e2e2e2e2e2eu;	/* a dot is a zero */
	uint64_t z = ~(((x & ONES7) + ONES7) | x | ONES7);

	sc->high |= w;
	sc->empty |= (z & (z << 8)) | (z & sc->top);
	sc->top = z >> 56;
	if (z != 0) {
		unsigned hi = 63 - (unsigned)__builtin_clzll(z);
		uint64_t rest = z & ~((uint64_t)1 << hi);

		sc->before = rest != 0 ? at + (63 -
		    (size_t)__builtin_clzll(rest)) / 8 + 1 : sc->last;
		sc->last = at + hi / 8 + 1;
	}
}

/* The answer for a host whose last label has no deeper rules (ps->deep):
 * that label is its public suffix, the two last its domain.  Only for a
 * host in the form the URL parser writes, ASCII with no empty label and
 * a lowercase last label; false for any other (the lookup answers it).
 * (Capitals in the other labels cannot matter: no rule of the section
 * has them before that label.)  The bytes are read a word at a time:
 * memmem() and memrchr() took twice as long, a loop of bytes more
 * still (callgrind, bench/urlnorm.sh's input). */
static bool
shortcut(const struct pubsuffix *ps, const char *h, size_t end,
    struct pubsuffix_split *r)
{
	struct scan sc = { 0 };
	uint64_t head;
	size_t i = 0, t;

	if (end == 0 || h[0] == '.' || h[end - 1] == '.')
		return false;
	for (; i + 8 <= end; i += 8) {
		uint64_t w;

		memcpy(&w, h + i, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		w = __builtin_bswap64(w);
#endif
		scan_word(&sc, w, i);
	}
	if (i < end && end >= 8) {
		/* the last 8 bytes, without those already read */
		uint64_t w;

		memcpy(&w, h + end - 8, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		w = __builtin_bswap64(w);
#endif
		scan_word(&sc, w >> 8 * (8 - (end - i)), i);
	} else if (i < end)
		scan_word(&sc, le8(h, end), 0);
	if ((sc.high & 0x8080808080808080u) || sc.empty)
		return false;
	t = sc.last;
	if (end - t > DEEP_KEYMAX)
		return false;
	head = le8(h + t, end - t < 8 ? end - t : 8);
	/* a capital (the bytes are ASCII, so no carry crosses a byte) */
	if (((head + 0x3f3f3f3f3f3f3f3fu) & ~(head + 0x2525252525252525u) &
	    0x8080808080808080u) != 0)
		return false;
	for (size_t j = t + 8; j < end; j++)
		if (h[j] >= 'A' && h[j] <= 'Z')
			return false;
	if (deep_find(ps->deep, ps->ndeep, head, end - t, end - t > 8 ?
	    h + t + 8 : h + t)->len != 0)
		return false;
	r->suffix = t;
	r->domain = t == 0 ? SIZE_MAX : sc.before;
	r->end = end;
	return true;
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
	if (ps->deep != NULL && shortcut(ps, h, end, r)) {
		ok = true;
		goto remember;
	}
	if (n > 0 && n <= CACHE_KEYMAX) {
		if (ps->slots == NULL)
			cache_alloc(ps, CACHE_FIRST);
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
