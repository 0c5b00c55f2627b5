/* RFC 3986 normalization, the crawl policy for query and fragment, and
 * SURT keys, on URLs that url.c's parser wrote (url.h says what each
 * profile and flag does).  Each step rewrites the parsed components of
 * a struct url into another, in one pass, with the parser's character
 * classes (urlpriv.h). */
#define _GNU_SOURCE		/* memrchr */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "url.h"
#include "urlpriv.h"
#include "xalloc.h"

/* --- normalization ----------------------------------------------------------- */

struct url_pair {
	const char	*p;
	size_t		 n;	/* the pair */
	size_t		 klen;	/* its key: the bytes before the first '=' */
	uint64_t	 pre;	/* its first 8 bytes, big-endian, 0-padded */
};

static const char *const default_drops[] = {
	"utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content",
	"fbclid", "gclid"
};

/* Click identifiers and campaign tags of the big ad, mail and analytics
 * platforms, none of which changes what a page shows. */
static const char *const extended_drops[] = {
	"utm_*", "fbclid", "gclid", "gclsrc", "dclid", "gbraid", "wbraid",
	"msclkid", "mc_cid", "mc_eid", "igshid", "_hsenc", "_hsmi",
	"__hssc", "__hstc", "__hsfp", "hsCtaTracking", "yclid", "ysclid",
	"ttclid", "twclid", "li_fat_id", "mkt_tok", "_ga", "_gl", "srsltid",
	"oly_anon_id", "oly_enc_id", "rb_clickid", "s_cid", "vero_conv",
	"vero_id", "wickedid", "_openstat"
};

/* Session identifiers, matched without regard to case. */
static const char *const session_ids[] = {
	"jsessionid", "phpsessid", "sid", "aspsessionid*", "cfid", "cftoken"
};

/* Directory index pages, matched without regard to case. */
static const char *const index_pages[] = {
	"index.html", "index.htm", "index.shtml", "index.xhtml", "index.php",
	"index.asp", "index.aspx", "index.jsp", "index.cgi", "default.asp",
	"default.aspx", "default.htm", "default.html"
};

#define NELEM(a)	(sizeof (a) / sizeof (a)[0])

void
url_params_add(struct url_params *l, const char *name, size_t len)
{
	struct url_param *p;

	l->v = xgrow_array(l->v, &l->cap, l->n + 1, sizeof *l->v);
	p = &l->v[l->n++];
	p->prefix = len > 0 && name[len - 1] == '*';
	p->len = len - p->prefix;
	p->name = xmalloc(p->len + 1);
	memcpy(p->name, name, p->len);
	p->name[p->len] = '\0';
	if (p->len == 0)
		memset(l->first, 0xff, sizeof l->first);
	else
		l->first[(uchar)p->name[0] >> 3] |= 1 << (p->name[0] & 7);
	if (p->prefix || p->len >= 64)
		l->prefixes = true;
	else
		l->lens |= (uint64_t)1 << p->len;
}

void
url_params_clear(struct url_params *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i].name);
	l->n = 0;
	memset(l->first, 0, sizeof l->first);
	l->lens = 0;
	l->prefixes = false;
}

void
url_params_add_extended(struct url_params *l)
{
	for (size_t i = 0; i < NELEM(extended_drops); i++)
		url_params_add(l, extended_drops[i], strlen(extended_drops[i]));
}

void
url_norm_init(struct url_norm *n, enum url_profile p)
{
	memset(n, 0, sizeof *n);
	n->profile = p;
	if (p == URL_PROFILE_AGGRESSIVE)
		n->flags = URL_AGGRESSIVE;
	if (p >= URL_PROFILE_SAFE)
		for (size_t i = 0; i < NELEM(default_drops); i++)
			url_params_add(&n->drop, default_drops[i],
			    strlen(default_drops[i]));
}

void
url_norm_free(struct url_norm *n)
{
	url_params_clear(&n->drop);
	url_params_clear(&n->keep);
	free(n->drop.v);
	free(n->keep.v);
	free(n->pairs);
	memset(n, 0, sizeof *n);
}

static bool
match(const char *pat, size_t plen, bool prefix, const char *k, size_t n,
    bool icase)
{
	if (prefix ? n < plen : n != plen)
		return false;
	if (!icase)
		return memcmp(pat, k, plen) == 0;
	for (size_t i = 0; i < plen; i++)
		if (lower((uchar)k[i]) != pat[i])
			return false;
	return true;
}

static bool
params_match(const struct url_params *l, const char *k, size_t n)
{
	/* most keys start with a byte no name starts with, or have a
	 * length no name has */
	if (n > 0 && !(l->first[(uchar)k[0] >> 3] & 1 << (k[0] & 7)))
		return false;
	if (!l->prefixes && (n >= 64 || !(l->lens >> n & 1)))
		return false;
	for (size_t i = 0; i < l->n; i++)
		if ((l->v[i].len == 0 || l->v[i].name[0] == k[0]) &&
		    match(l->v[i].name, l->v[i].len, l->v[i].prefix, k, n, false))
			return true;
	return false;
}

/* Is k one of the names of list (lowercase, "prefix*" allowed), in any
 * case? */
static bool
listed(const char *const *list, size_t nlist, const char *k, size_t n)
{
	for (size_t i = 0; i < nlist; i++) {
		size_t len = strlen(list[i]);
		bool prefix = list[i][len - 1] == '*';

		if (match(list[i], len - prefix, prefix, k, n, true))
			return true;
	}
	return false;
}

static inline char
upper(uchar c)
{
	return (char)(c >= 'a' && c <= 'z' ? c - 0x20 : c);
}

/* One triplet "%h1h2" of RFC 3986 6.2.2.2 written at o (the output
 * starts at start): decoded if it is an unreserved character, else with
 * uppercase hex digits.  A hex digit is not decoded right after a '%'
 * that starts no triplet ("%4%41" is not "%4A"): the next pass would
 * decode the triplet that made. */
static inline char *
triplet(char *o, const char *start, uchar h1, uchar h2)
{
	uchar v = (uchar)(hexval(h1) << 4 | hexval(h2));

	if (HAS(v, C_UNRES) && !(HAS(v, C_HEX) && ((o - start >= 1 &&
	    o[-1] == '%') || (o - start >= 2 && o[-2] == '%' &&
	    HAS(o[-1], C_HEX)))))
		*o++ = (char)v;
	else {
		*o++ = '%';
		*o++ = upper(h1);
		*o++ = upper(h2);
	}
	return o;
}

/* RFC 3986 6.2.2.2 on s[0..n), written at o; a '%' that starts no
 * triplet stays as it is. */
static char *
pctnorm(char *o, const char *s, size_t n)
{
	const char *end = s + n, *pc;
	char *start = o;

	while ((pc = memchr(s, '%', (size_t)(end - s))) != NULL) {
		memcpy(o, s, (size_t)(pc - s));
		o += pc - s;
		/* triplets come in runs: UTF-8 is two to four of them */
		do {
			if (end - pc >= 3 && HAS(pc[1], C_HEX) &&
			    HAS(pc[2], C_HEX)) {
				o = triplet(o, start, (uchar)pc[1], (uchar)pc[2]);
				pc += 3;
			} else {
				*o++ = '%';
				pc++;
			}
		} while (pc < end && *pc == '%');
		s = pc;
	}
	memcpy(o, s, (size_t)(end - s));
	return o + (end - s);
}

/* s[0..n) at o, percent-encoding normalized if norm is set. */
static char *
part(char *o, const char *s, size_t n, bool norm)
{
	if (norm)
		return pctnorm(o, s, n);
	memcpy(o, s, n);
	return o + n;
}

/* Lowercase the letters of s[0..n) that are not hex digits of a triplet. */
static void
lower_outside_triplets(char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == '%' && i + 2 < n && HAS(s[i + 1], C_HEX) &&
		    HAS(s[i + 2], C_HEX))
			i += 2;
		else
			s[i] = lower((uchar)s[i]);
	}
}

/* Remove ";jsessionid=..." path parameters (up to the next ';' or '/')
 * from s[0..n); the new length. */
static size_t
strip_session_path(char *s, size_t n)
{
	size_t i = 0, j = 0;

	while (i < n) {
		/* (not after "." or "..": that would make a dot segment) */
		if (s[i] == ';' && n - i > 11 &&
		    match("jsessionid=", 11, true, s + i + 1, 11, true) &&
		    !(j >= 2 && s[j - 1] == '.' && (s[j - 2] == '/' ||
		    (s[j - 2] == '.' && j >= 3 && s[j - 3] == '/')))) {
			i++;
			while (i < n && s[i] != ';' && s[i] != '/')
				i++;
			continue;
		}
		s[j++] = s[i++];
	}
	return j;
}

static size_t
collapse_slashes(char *s, size_t n)
{
	size_t j = 0;

	for (size_t i = 0; i < n; i++)
		if (!(s[i] == '/' && j > 0 && s[j - 1] == '/'))
			s[j++] = s[i];
	return j;
}

/* Strip index pages and trailing slashes, in turn, until neither
 * applies: "/a/index.html/" is "/a" either way round. */
static size_t
strip_path_ends(char *s, size_t n, unsigned flags)
{
	for (;;) {
		const char *last = memrchr(s, '/', n);

		if ((flags & URL_STRIP_TRAILING_SLASH) && n > 1 &&
		    s[n - 1] == '/') {
			n--;
			continue;
		}
		if ((flags & URL_STRIP_INDEX) && last != NULL &&
		    listed(index_pages, NELEM(index_pages), last + 1,
		    (size_t)(s + n - last - 1))) {
			n = (size_t)(last - s) + 1;
			continue;
		}
		return n;
	}
}

/* Key order: the prefixes decide most comparisons without memcmp. */
static int
pair_cmp(const struct url_pair *a, const struct url_pair *b)
{
	size_t n;
	int c;

	if (a->pre != b->pre)
		return a->pre < b->pre ? -1 : 1;
	n = a->klen < b->klen ? a->klen : b->klen;
	c = n > 8 ? memcmp(a->p + 8, b->p + 8, n - 8) : 0;
	return c ? c : (a->klen > b->klen) - (a->klen < b->klen);
}

/* The first 8 bytes of k[0..n), big-endian, 0-padded; k[0..8) must be
 * readable. */
static uint64_t
key_prefix(const char *k, size_t n)
{
	unsigned char b[8];
	uint64_t v;

	memcpy(b, k, 8);
	v = (uint64_t)b[0] << 56 | (uint64_t)b[1] << 48 |
	    (uint64_t)b[2] << 40 | (uint64_t)b[3] << 32 |
	    (uint64_t)b[4] << 24 | (uint64_t)b[5] << 16 |
	    (uint64_t)b[6] << 8 | b[7];
	return n >= 8 ? v : v & ~(~(uint64_t)0 >> (8 * n));
}

/* A stable sort by key: insertion sort for the few pairs of most
 * queries, merge sort (with tmp, as long as v) for long ones. */
static void
pair_sort(struct url_pair *v, size_t n, struct url_pair *tmp)
{
	if (n <= 16) {
		for (size_t i = 1; i < n; i++) {
			struct url_pair x = v[i];
			size_t j = i;

			for (; j > 0 && pair_cmp(&v[j - 1], &x) > 0; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		return;
	}
	pair_sort(v, n / 2, tmp);
	pair_sort(v + n / 2, n - n / 2, tmp);
	if (pair_cmp(&v[n / 2 - 1], &v[n / 2]) <= 0)
		return;
	memcpy(tmp, v, n * sizeof *v);
	for (size_t i = 0, a = 0, b = n / 2; i < n; i++) {
		if (b == n || (a < n / 2 && pair_cmp(&tmp[a], &tmp[b]) <= 0))
			v[i] = tmp[a++];
		else
			v[i] = tmp[b++];
	}
}

static bool
drop_pair(const struct url_norm *N, const char *k, size_t n)
{
	if ((N->flags & URL_STRIP_SESSION_IDS) &&
	    listed(session_ids, NELEM(session_ids), k, n))
		return true;
	if (N->keep.n > 0)
		return !params_match(&N->keep, k, n);
	return params_match(&N->drop, k, n);
}

/* Bit i set where s[i] is '&' or '=', for i < 64; s[0..64) must be
 * readable. */
static inline uint64_t
delimiters(const char *s)
{
	uint64_t m = 0;
#if defined(__SSE2__)
	const __m128i amp = _mm_set1_epi8('&'), eq = _mm_set1_epi8('=');

	for (int i = 0; i < 4; i++) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)
		    (s + 16 * i));

		m |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_cmpeq_epi8(x, amp), _mm_cmpeq_epi8(x, eq))) << (16 * i);
	}
#else
	for (size_t i = 0; i < 64; i++)
		m |= (uint64_t)(s[i] == '&' || s[i] == '=') << i;
#endif
	return m;
}

/* The query policy on the normalized query q[0..n), which 64 readable
 * bytes follow: cut into pairs at each '&' (the key ends at the first
 * '='), empty pairs and dropped parameters go, the rest is sorted by key
 * and written at o (which has 16 bytes more room than that needs), each
 * pair as it is.  Returns the end of what was
 * written, or NULL if nothing was.  The delimiters are found 64 bytes at
 * a time and visited bit by bit: a loop over the bytes paid for a
 * mispredicted branch at each delimiter. */
static char *
query_policy(struct url_norm *N, const char *q, size_t n, char *o)
{
	const char *pair = q, *eq = NULL;
	size_t np = 0, need = 2 * (n / 2 + 1);
	char *start = o;

	if (N->npairs < need) {
		free(N->pairs);
		N->npairs = need;
		N->pairs = xmalloc(need * sizeof *N->pairs);
	}
	for (size_t off = 0; off <= n; off += 64) {
		uint64_t m = delimiters(q + off);

		/* the end of the query closes the last pair */
		if (n - off < 64) {
			m &= ((uint64_t)1 << (n - off)) - 1;
			m |= (uint64_t)1 << (n - off);
		}
		while (m != 0) {
			const char *d = q + off + __builtin_ctzll(m);

			m &= m - 1;
			if (d < q + n && *d == '=') {
				if (eq == NULL)
					eq = d;
				continue;
			}
			if (d > pair) {
				struct url_pair *pr = &N->pairs[np];

				pr->p = pair;
				pr->n = (size_t)(d - pair);
				pr->klen = eq ? (size_t)(eq - pair) : pr->n;
				if (!drop_pair(N, pair, pr->klen)) {
					pr->pre = key_prefix(pair, pr->klen);
					np++;
				}
			}
			pair = d + 1;
			eq = NULL;
		}
	}
	if (np > 1 && !(N->flags & URL_NO_SORT))
		pair_sort(N->pairs, np, N->pairs + N->npairs / 2);
	/* Most pairs are short: 16 bytes are copied in two moves (both
	 * sides have room to spare) where memcpy would be a call. */
	for (size_t i = 0; i < np; i++) {
		if (i)
			*o++ = '&';
		if (N->pairs[i].n <= 16)
			memcpy(o, N->pairs[i].p, 16);
		else
			memcpy(o, N->pairs[i].p, N->pairs[i].n);
		o += N->pairs[i].n;
	}
	return o > start ? o : NULL;
}

/* The host of a domain after --strip-www and --strip-trailing-dot. */
static void
trim_domain(const char **hs, const char **he, unsigned flags)
{
	if (flags & URL_STRIP_TRAILING_DOT) {
		const char *e = *he;

		while (e - *hs > 1 && e[-1] == '.')
			e--;
		/* "foo.09.." is a domain, "foo.09" would be an IPv4 address */
		if (!url_ends_in_number(*hs, (size_t)(e - *hs)))
			*he = e;
	}
	while (flags & URL_STRIP_WWW) {
		const char *s = *hs + 3, *dot;

		if (*he - *hs < 4 || memcmp(*hs, "www", 3) != 0)
			return;
		while (s < *he && HAS(*s, C_DIGIT))
			s++;
		if (s == *he || *s != '.' || s + 1 == *he || s[1] == '.')
			return;
		/* at least two labels must remain */
		dot = memchr(s + 1, '.', (size_t)(*he - s - 1));
		if (dot == NULL || dot + 1 == *he)
			return;
		*hs = s + 1;
	}
}

/* One call of url_normalize: in is read, out's href written at o. */
struct normcall {
	struct url_norm	*N;
	const struct url *in;
	struct url	*out;
	const char	*h;		/* in's href */
	char		*o;		/* the next byte of out's href */
	unsigned	 flags;
	bool		 pn;		/* RFC 3986 and up */
	bool		 pc;		/* percent-encoding to normalize */
	bool		 policy;	/* safe and up: query, fragment */
};

#define NOFF(C)	((size_t)((C)->o - (C)->out->href.p))

/* The room out's href is given: in's href, 8 bytes for "https", 16 for
 * query_policy()'s copies.  A host to Unicode makes more. */
#define NORM_ROOM(in)	((in)->href.len + 8 + 16)

static void
norm_scheme(struct normcall *C)
{
	const struct url *in = C->in;
	struct url *out = C->out;

	if ((C->flags & URL_FORCE_HTTPS) && in->scheme == URL_HTTP) {
		memcpy(C->o, "https", 5);
		C->o += 5;
		out->scheme = URL_HTTPS;
		if (out->port == 443)
			out->port = -1;
	} else {
		memcpy(C->o, C->h, in->scheme_end);
		C->o += in->scheme_end;
	}
	out->scheme_end = NOFF(C);
	*C->o++ = ':';
}

static void
norm_userinfo(struct normcall *C)
{
	const struct url *in = C->in;
	struct url *out = C->out;

	out->user_start = NOFF(C);
	out->user_end = out->pass_start = out->pass_end = out->user_start;
	if ((C->flags & URL_STRIP_USERINFO) || in->pass_end <= in->user_start)
		return;
	C->o = part(C->o, C->h + in->user_start, in->user_end - in->user_start,
	    C->pc);
	out->user_end = out->pass_start = out->pass_end = NOFF(C);
	if (in->pass_end > in->pass_start) {
		*C->o++ = ':';
		out->pass_start = NOFF(C);
		C->o = part(C->o, C->h + in->pass_start,
		    in->pass_end - in->pass_start, C->pc);
		out->pass_end = NOFF(C);
	}
	*C->o++ = '@';
}

static void
norm_host(struct normcall *C)
{
	const struct url *in = C->in;
	struct url *out = C->out;
	const char *hs = C->h + in->host_start, *he = C->h + in->host_end;

	out->host_start = NOFF(C);
	if (in->host_type == URL_HOST_DOMAIN)
		trim_domain(&hs, &he, C->flags);
	if (in->host_type == URL_HOST_DOMAIN &&
	    (C->flags & URL_UNICODE_HOST) &&
	    url_has_ace_label(hs, (size_t)(he - hs)) &&
	    url_idna_convert(1, hs, (size_t)(he - hs), &out->tmp)) {
		struct buf *b = &out->href;

		b->len = NOFF(C);
		buf_reserve(b, out->tmp.len + NORM_ROOM(in));
		C->o = b->p + b->len;
		memcpy(C->o, out->tmp.p, out->tmp.len);
		C->o += out->tmp.len;
	} else if (in->host_type == URL_HOST_OPAQUE && C->pn) {
		char *s = C->o;

		C->o = part(C->o, hs, (size_t)(he - hs), C->pc);
		lower_outside_triplets(s, (size_t)(C->o - s));
	} else {
		memcpy(C->o, hs, (size_t)(he - hs));
		C->o += he - hs;
	}
	out->host_end = NOFF(C);
}

static void
norm_port(struct normcall *C)
{
	struct url *out = C->out;

	if (out->port >= 0 && out->port != default_port(out->scheme)) {
		*C->o++ = ':';
		C->o = put_decimal(C->o, (unsigned long)out->port);
	} else
		out->port = -1;
}

static void
norm_authority(struct normcall *C)
{
	struct url *out = C->out;

	if (C->in->host_type == URL_HOST_NONE) {
		out->user_start = out->user_end = out->pass_start =
		    out->pass_end = out->host_start = out->host_end = NOFF(C);
		return;
	}
	*C->o++ = '/';
	*C->o++ = '/';
	norm_userinfo(C);
	norm_host(C);
	norm_port(C);
}

static void
norm_path(struct normcall *C)
{
	const struct url *in = C->in;
	struct url *out = C->out;
	size_t n = in->path_end - in->path_start;
	char *s = C->o;

	out->path_start = NOFF(C);
	C->o = part(C->o, C->h + in->path_start, n, C->pc);
	if (!in->opaque_path) {
		n = (size_t)(C->o - s);
		if (C->flags & URL_STRIP_SESSION_IDS)
			n = strip_session_path(s, n);
		if (C->flags & URL_COLLAPSE_SLASHES)
			n = collapse_slashes(s, n);
		if (C->flags & (URL_STRIP_INDEX | URL_STRIP_TRAILING_SLASH))
			n = strip_path_ends(s, n, C->flags);
		/* "%41|" decoded is a drive letter to the parser */
		if (in->scheme == URL_FILE && n >= 3 && s[2] == '|' &&
		    HAS(s[1], C_ALPHA) && (n == 3 || s[3] == '/'))
			s[2] = ':';
		C->o = s + n;
		if (in->host_type == URL_HOST_NONE && n >= 2 && s[1] == '/') {
			memmove(s + 2, s, n);
			s[0] = '/';
			s[1] = '.';
			C->o += 2;
			out->path_start += 2;
		}
	}
	out->path_end = NOFF(C);
}

static void
norm_query(struct normcall *C)
{
	const struct url *in = C->in;
	struct url *out = C->out;
	const char *qs = C->h + in->query_start;
	size_t n = in->query_end - in->query_start;
	char *q;

	out->query_start = out->query_end = out->path_end;
	if (!in->has_query)
		return;
	*C->o++ = '?';
	out->query_start = NOFF(C);
	if (C->policy) {
		struct buf *t = &out->tmp;

		t->len = 0;
		buf_reserve(t, n + 64);
		t->len = (size_t)(part(t->p, qs, n, C->pc) - t->p);
		memset(t->p + t->len, 0, 64);
		q = query_policy(C->N, t->p, t->len, C->o);
	} else
		q = part(C->o, qs, n, C->pc);
	if (q != NULL) {
		C->o = q;
		out->has_query = true;
		out->query_end = NOFF(C);
	} else {
		C->o--;
		out->query_start = out->query_end = out->path_end;
	}
}

static void
norm_fragment(struct normcall *C)
{
	const struct url *in = C->in;
	struct url *out = C->out;
	const char *fs = C->h + in->frag_start;
	size_t n = in->href.len - in->frag_start;

	if (!in->has_fragment)
		return;
	if (C->policy && !(C->flags & URL_KEEP_FRAGMENT) &&
	    !((C->flags & URL_ROUTING_FRAGMENT) && n > 0 &&
	    (fs[0] == '!' || fs[0] == '/')))
		return;
	*C->o++ = '#';
	out->has_fragment = true;
	out->frag_start = NOFF(C);
	C->o = part(C->o, fs, n, C->pc);
}

void
url_normalize(struct url_norm *N, const struct url *in, struct url *out)
{
	struct normcall C = {
		.N = N, .in = in, .out = out, .h = in->href.p,
		.flags = N->flags, .pn = N->profile >= URL_PROFILE_RFC3986,
		.policy = N->profile >= URL_PROFILE_SAFE
	};
	struct buf *b = &out->href;

	/* Without a '%' in the input, every triplet is one the parser
	 * wrote: uppercase, and never an unreserved character. */
	C.pc = C.pn && in->pct;
	b->len = 0;
	buf_reserve(b, NORM_ROOM(in));
	C.o = b->p;
	out->scheme = in->scheme;
	out->host_type = in->host_type;
	out->opaque_path = in->opaque_path;
	out->has_query = out->has_fragment = false;
	out->pct = in->pct;
	out->port = in->port;
	norm_scheme(&C);
	norm_authority(&C);
	norm_path(&C);
	norm_query(&C);
	norm_fragment(&C);
	b->len = NOFF(&C);
	if (!out->has_fragment)
		out->frag_start = b->len;
}

/* --- SURT ---------------------------------------------------------------------- */

void
url_surt(const struct url *u, struct buf *b)
{
	const char *h = u->href.p, *hs = h + u->host_start;
	const char *he = h + u->host_end;

	if (u->host_type == URL_HOST_NONE || u->host_type == URL_HOST_EMPTY) {
		buf_append(b, h, u->href.len);
		return;
	}
	if (u->scheme != URL_HTTP && u->scheme != URL_HTTPS)
		buf_append(b, h, u->scheme_end + 1);
	if (u->host_type == URL_HOST_DOMAIN || u->host_type == URL_HOST_OPAQUE) {
		/* labels in reverse order, joined by commas */
		const char *e = he;

		for (;;) {
			const char *dot = memrchr(hs, '.', (size_t)(e - hs));
			const char *l = dot ? dot + 1 : hs;

			buf_append(b, l, (size_t)(e - l));
			if (dot == NULL)
				break;
			buf_putc(b, ',');
			e = dot;
		}
	} else
		buf_append(b, hs, (size_t)(he - hs));
	/* ":port", then ")" and the rest from the path on */
	buf_append(b, he, u->path_start - u->host_end);
	buf_putc(b, ')');
	buf_append(b, h + u->path_start, u->href.len - u->path_start);
}
